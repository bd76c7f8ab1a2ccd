import NavigationCore

/// A transition that fails with "reroute to X" while a condition holds: X is requested from its
/// owner, and the transition is tried once more in the state the request left. Where the
/// condition still holds, the retry reroutes again: a reroute loop, which the checker reports.
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
