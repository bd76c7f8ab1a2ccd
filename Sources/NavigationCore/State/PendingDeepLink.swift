/// A deep link that arrived before the app could follow it, waiting in ``NavigationState``.
///
/// The slot holds one link; a newer link replaces an older one. When the link's requirement
/// becomes true, the deep-link pipeline decides the URL again against the state as it is then.
public struct PendingDeepLink: Hashable, Sendable, Codable {
    /// The URL exactly as it was received.
    public let url: String
    /// The requirement that held the link back, as text for diagnostics, e.g. `signedIn`.
    public let requirement: String

    public init(url: String, requirement: String) {
        self.url = url
        self.requirement = requirement
    }
}

extension PendingDeepLink: CustomStringConvertible {
    public var description: String { "\(url) (waiting for \(requirement))" }
}
