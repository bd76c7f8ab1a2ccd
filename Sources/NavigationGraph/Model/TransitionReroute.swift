import NavigationCore

/// A transition that fails with "reroute to X" while a condition holds: X is requested from its
/// owner, and the transition is tried once more: at once when it can run in the state the
/// request left, else once X's flow ends (its modal dismissed, or X popped; see
/// `PendingRetry`). A retry that reroutes again then is given up; a move whose retry never
/// succeeds anywhere is the checker's *reroutes that never help* finding.
///
/// ```yaml
/// - { from: product, to: checkout, reroute: { to: accountPicker, when: "not (stack contains accountPicker)" } }
/// ```
///
/// The runtime performs it as a `ReroutableAction` (`NavigationGraph.reroutableAction(for:to:)`).
public struct TransitionReroute<R: Route>: Sendable {
    /// The route requested when the transition fails.
    public let route: String
    /// When the transition fails with the reroute.
    public let condition: GraphCondition<R>

    public init(to route: String, when condition: GraphCondition<R>) {
        self.route = route
        self.condition = condition
    }
}
