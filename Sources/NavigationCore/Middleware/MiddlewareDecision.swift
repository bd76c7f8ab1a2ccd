/// What a middleware wants done with a command it was shown.
public enum MiddlewareDecision<R: Route>: Hashable, Sendable {
    /// Let the command go on, unchanged, to the next middleware.
    case proceed
    /// Let a different command go on to the next middleware in place of this one.
    case rewrite(NavigationCommand<R>)
    /// Replace the command and start the chain again from the first middleware, so every
    /// middleware (guards included) judges the new command. Chains are bounded and loops fail.
    case redirect(NavigationCommand<R>)
    /// Stop: the command does not run. The first cancel ends the chain.
    case cancel(reason: String)
}
