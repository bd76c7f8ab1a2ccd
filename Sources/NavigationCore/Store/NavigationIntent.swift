/// What a screen asks for, in the words of a screen: "go to", "back".
///
/// Intents are the vocabulary views use with ``NavigationStore/send(_:)``. Each maps to one
/// ``NavigationCommand`` through ``command(in:)``, the single public projection, so anything
/// that reasons about commands (middleware, the explorer) covers intents too.
public enum NavigationIntent<R: Route>: Hashable, Sendable {
    /// Show `route` on top of the current screen.
    case go(R)
    /// Show `routes` on top, in order.
    case goMany([R])
    /// Go back one screen.
    case back
    /// Go back `count` screens.
    case backBy(Int)
    /// Go back to the nearest `route` on the stack.
    case backTo(R)
    /// Go back to the root of the current stack.
    case backToRoot
    /// Make `routes` the whole current stack.
    case resetTo([R])
    /// Go back to `route` if it is on the stack, otherwise show it.
    case backOrPush(R)
    /// Ask for `route` and let its nearest visible owner present it (see ``NavigationCommand/request(_:)``).
    case request(R)

    /// The command this intent means in `state`.
    public func command(in state: NavigationState<R>) -> NavigationCommand<R> {
        switch self {
        case .go(let route): .push(route)
        case .goMany(let routes): .pushAll(routes)
        case .back: .pop
        case .backBy(let count): .popCount(count)
        case .backTo(let route): .popTo(route)
        case .backToRoot: .popToRoot
        case .resetTo(let routes): .replace(routes)
        case .backOrPush(let route): state.activeStack.contains(route) ? .popTo(route) : .push(route)
        case .request(let route): .request(route)
        }
    }
}
