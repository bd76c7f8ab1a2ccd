/// What middleware did to a command before it ran: the command asked for, the command that
/// ran (or was judged last) in its place, and the middleware that changed it.
///
/// A ``NavigationResult/redirected(_:result:)`` carries one, so a screen that asked for the
/// composer learns that the sign-in sheet was shown instead:
///
/// ```swift
/// let result = store.send(.go(.composer))
/// if let redirect = result.redirect {
///     log("\(redirect.requested) became \(redirect.executed) (\(redirect.middleware))")
/// }
/// ```
public struct NavigationRedirect<R: Route>: Hashable, Sendable, CustomStringConvertible {
    /// The command the caller asked for.
    public let requested: NavigationCommand<R>
    /// The command that went to the engine (or that the chain cancelled) instead.
    public let executed: NavigationCommand<R>
    /// The debug name of the last middleware that redirected or rewrote the command.
    public let middleware: String

    /// A redirect of `requested` into `executed` by the middleware named `middleware`.
    public init(requested: NavigationCommand<R>, executed: NavigationCommand<R>, middleware: String) {
        self.requested = requested
        self.executed = executed
        self.middleware = middleware
    }

    public var description: String { "\(requested) → \(executed) by \(middleware)" }
}
