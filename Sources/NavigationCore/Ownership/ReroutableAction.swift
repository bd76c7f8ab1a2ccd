/// An app action that may fail with "reroute to X": in some states it cannot run until another
/// route has been shown (an account picker, say), and then X is requested and the action is
/// tried once more.
///
/// ```swift
/// let addToCart = ReroutableAction<ShopRoute>(name: "add to cart") { state in
///     state.activeStack.contains(.accountPicker) ? .run(.push(.cart)) : .reroute(.accountPicker)
/// }
/// let result = executor.perform(addToCart, on: &state)   // requests the picker, then pushes the cart
/// ```
///
/// The retry runs right after the rerouted request, in the state the request left: a reroute
/// whose request cannot make the action succeed reroutes again, which is a loop
/// (``ReroutableActionResult/rerouteLoop(_:)``), not a second request.
public struct ReroutableAction<R: Route>: Sendable, CustomStringConvertible {
    /// What an attempt of the action does in a state.
    public enum Attempt: Hashable, Sendable {
        /// The action runs this command.
        case run(NavigationCommand<R>)
        /// The action fails and asks for this route first.
        case reroute(R)
    }

    /// The action's name, for results and traces.
    public let name: String
    /// The attempt in a state. Must be pure and deterministic: the explorer calls it for every
    /// state it visits.
    public let attempt: @Sendable (NavigationState<R>) -> Attempt

    public init(name: String, attempt: @escaping @Sendable (NavigationState<R>) -> Attempt) {
        self.name = name
        self.attempt = attempt
    }

    public var description: String { name }
}
