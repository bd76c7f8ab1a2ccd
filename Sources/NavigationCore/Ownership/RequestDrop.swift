/// Why a request was dropped: the route, and the reason nobody presented it.
///
/// A drop is a result, not an error: the state is unchanged and the app carries on, as with a
/// Departure-style router whose request finds no owner. The checker's *dropped requests*
/// property reports the shortest path to a state where a request is dropped.
public struct RequestDrop: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Why nobody presented the route.
    public enum Reason: Hashable, Sendable, Codable {
        /// No ownership declares the route at all.
        case notOwned
        /// The route has owners, but none is on a visible stack, nor in any tab's stack.
        case noVisibleOwner(owners: [OwnerScope])
        /// A normal request would have to reach below the high-priority flow rooted at this
        /// route (named), which is up.
        case blockedByHighPriorityFlow(String)
    }

    /// The requested route's name.
    public let route: String
    public let reason: Reason

    public init(route: String, reason: Reason) {
        self.route = route
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notOwned:
            "request for \(route) dropped: no scope owns it; declare an owner for it"
        case .noVisibleOwner(let owners):
            "request for \(route) dropped: none of its owners (\(owners.map(\.description).joined(separator: ", "))) is shown or in a tab"
        case .blockedByHighPriorityFlow(let flow):
            "request for \(route) dropped: the high-priority \(flow) flow is up and blocks normal requests"
        }
    }
}
