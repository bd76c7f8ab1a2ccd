/// What a step did with an action that reroutes (a transition with `reroute:`): the explorer
/// notes each in ``GraphModel/Effects/reroutes``, and the *reroutes that never help* property
/// judges them.
public struct RerouteEffect: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The action rerouted to this route (by name) and requested it; the retry ran at once,
        /// is pending, or was not made because the request was not presented (other effects
        /// of the same step say which).
        case rerouted(to: String)
        /// The action's retry ran its command, at once or after the rerouted flow ended, and
        /// the command succeeded as asked or not (a retry a guard redirects elsewhere did not
        /// make the move).
        case retried(succeeded: Bool)
        /// The pending retry was given up, for this reason.
        case gaveUp(String)
    }

    /// The action's name (`NavigationGraph.reroutableAction(for:to:)`), e.g. `push product → checkout`.
    public let action: String
    public let kind: Kind

    public init(action: String, kind: Kind) {
        self.action = action
        self.kind = kind
    }

    /// Whether this is a retry that ran and succeeded: the reroute helped.
    public var helped: Bool { kind == .retried(succeeded: true) }
}
