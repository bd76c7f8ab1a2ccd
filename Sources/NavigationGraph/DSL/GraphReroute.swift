import NavigationCore

/// A transition of a Swift graph that fails with "reroute to X" while a condition holds: X is
/// requested from its owner, and the move is tried once more (see ``TransitionReroute``).
///
/// ```swift
/// Push(.product, .checkout, reroute: .to(.accountPicker, when: !.stackContains(.accountPicker)))
/// ```
///
/// The same as the document's `reroute: { to: accountPicker, when: "not (stack contains accountPicker)" }`.
/// The reroute requests its route by name, so the value written must be the route's first
/// sample (the one a request by name brings in).
public struct GraphReroute<R: GraphRoute>: Sendable {
    let route: R
    let condition: GraphConditionSource<R>

    /// Requests `route` when the move is tried while `condition` holds, then retries the move.
    public static func to(_ route: R, when condition: GraphConditionSource<R>) -> Self {
        Self(route: route, condition: condition)
    }
}
