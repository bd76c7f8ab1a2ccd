/// Code that sees every navigation step before and after it runs.
///
/// Middleware can let a step proceed, rewrite it, redirect it or cancel it. It is synchronous,
/// deterministic and `Sendable`: the explorer calls the very same middleware for every state it
/// visits, so a guard behaves in verification exactly as in the app.
///
/// ```swift
/// struct SignInGuard: NavigationMiddleware {
///     func willExecute(_ command: NavigationCommand<ShopRoute>, context: MiddlewareContext<ShopRoute>) -> MiddlewareDecision<ShopRoute> {
///         guard command == .push(.checkout), !context.state.isSet("signedIn") else { return .proceed }
///         return .redirect(.present(.signIn, style: .sheet))
///     }
/// }
/// ```
public protocol NavigationMiddleware<R>: Sendable {
    associatedtype R: Route

    /// Decides what happens to `command` before the engine runs it.
    func willExecute(_ command: NavigationCommand<R>, context: MiddlewareContext<R>) -> MiddlewareDecision<R>

    /// Observes the command that ran (after any rewrite or redirect), its result and the new state.
    func didExecute(_ command: NavigationCommand<R>, result: NavigationResult<R>, state: NavigationState<R>)
}

extension NavigationMiddleware {
    public func didExecute(_ command: NavigationCommand<R>, result: NavigationResult<R>, state: NavigationState<R>) {}
}

/// What a middleware can see while deciding: the current state and a dry run of any command.
public struct MiddlewareContext<R: Route>: Sendable {
    /// The state the command would act on.
    public let state: NavigationState<R>
    /// The engine that will run the command.
    public let engine: NavigationEngine<R>

    /// The state `command` would produce, or `nil` when the engine would refuse it.
    ///
    /// Guards that care about *where* a command leads (a route entering the stack, a modal
    /// appearing) ask this instead of taking the command apart.
    @_specialize(exported: true, where R == DynamicRoute)
    public func outcome(of command: NavigationCommand<R>) -> NavigationState<R>? {
        let (result, state) = engine.preview(command, in: state)
        return result.succeeded ? state : nil
    }
}

/// A middleware made of closures, for small cases and tests.
///
/// ```swift
/// let logger = AnyMiddleware<ShopRoute>(didExecute: { command, result, _ in print(command, result) })
/// ```
public struct AnyMiddleware<R: Route>: NavigationMiddleware {
    private let decide: @Sendable (NavigationCommand<R>, MiddlewareContext<R>) -> MiddlewareDecision<R>
    private let observe: @Sendable (NavigationCommand<R>, NavigationResult<R>, NavigationState<R>) -> Void

    public init(
        willExecute: @escaping @Sendable (NavigationCommand<R>, MiddlewareContext<R>) -> MiddlewareDecision<R> = { _, _ in .proceed },
        didExecute: @escaping @Sendable (NavigationCommand<R>, NavigationResult<R>, NavigationState<R>) -> Void = { _, _, _ in }
    ) {
        self.decide = willExecute
        self.observe = didExecute
    }

    public func willExecute(_ command: NavigationCommand<R>, context: MiddlewareContext<R>) -> MiddlewareDecision<R> {
        decide(command, context)
    }

    public func didExecute(_ command: NavigationCommand<R>, result: NavigationResult<R>, state: NavigationState<R>) {
        observe(command, result, state)
    }
}
