/// Runs commands through the middleware chain and then the engine.
///
/// This is the code path shared by ``NavigationStore`` (the app) and the model explorer: a
/// value holding the engine and the ordered middleware. Composite commands are taken apart
/// first, so middleware judges every single step of a `sequence` and both branches of a
/// `whenCancelled`.
///
/// ```swift
/// var executor = NavigationExecutor<ShopRoute>()
/// executor.middleware.add(SignInGuard(), name: "sign-in guard")
/// var state = NavigationState<ShopRoute>(root: .catalog)
/// executor.execute(.push(.checkout), on: &state)
/// ```
public struct NavigationExecutor<R: Route>: Sendable {
    /// The engine that gives commands their meaning.
    public var engine: NavigationEngine<R>
    /// The middleware every step passes through, in order.
    public var middleware: MiddlewareRegistry<R>
    /// How many redirects in a row a single step may go through before it fails with
    /// ``NavigationFailure/redirectLimitExceeded(_:)``.
    public var maxRedirects: Int
    /// The actions a pending retry can run, by name (see ``register(_:)``).
    public internal(set) var reroutableActions: [String: ReroutableAction<R>] = [:]

    public init(engine: NavigationEngine<R> = NavigationEngine(), middleware: MiddlewareRegistry<R> = MiddlewareRegistry(), maxRedirects: Int = 8) {
        self.engine = engine
        self.middleware = middleware
        self.maxRedirects = maxRedirects
    }

    /// Runs `command` on `state` through the middleware and the engine.
    ///
    /// - Returns: The typed result. On failure or cancellation of a single step, `state` is unchanged.
    @discardableResult
    @_specialize(exported: true, where R == DynamicRoute)
    public func execute(_ command: NavigationCommand<R>, on state: inout NavigationState<R>) -> NavigationResult<R> {
        // No middleware: the engine alone, which takes composite commands apart the same way
        // (and never cancels, so a `whenCancelled` runs its primary command either way).
        guard !middleware.isEmpty else { return engine.apply(command, to: &state) }
        return run(command, on: &state, notify: true)
    }

    /// Runs each command in order, each through the middleware, and aggregates the results.
    ///
    /// Unlike a transaction, steps that succeeded stay applied.
    ///
    /// - Parameters:
    ///   - commands: The commands, run in order.
    ///   - state: The state they change.
    ///   - stopOnFailure: Stop at the first step that fails or is cancelled.
    public func executeBatch(_ commands: [NavigationCommand<R>], on state: inout NavigationState<R>, stopOnFailure: Bool = false) -> BatchResult<R> {
        var results: [NavigationResult<R>] = []
        results.reserveCapacity(commands.count)
        for command in commands {
            let result = execute(command, on: &state)
            results.append(result)
            if stopOnFailure && !result.succeeded { break }
        }
        return BatchResult(results: results, commandCount: commands.count)
    }

    /// Runs the commands on a shadow copy of `state` and commits only when every one succeeds.
    ///
    /// - Returns: `.committed` with every step's result, or `.rolledBack` with the index of the
    ///   first step that failed or was cancelled; `state` is then exactly as before.
    @_specialize(exported: true, where R == DynamicRoute)
    public func executeTransaction(_ commands: [NavigationCommand<R>], on state: inout NavigationState<R>) -> TransactionResult<R> {
        var shadow = state
        var results: [NavigationResult<R>] = []
        results.reserveCapacity(commands.count)
        for (index, command) in commands.enumerated() {
            let result = execute(command, on: &shadow)
            results.append(result)
            if !result.succeeded {
                return .rolledBack(failedStep: index, result: result, completed: Array(results.dropLast()))
            }
        }
        state = shadow
        return .committed(results)
    }

    /// What `command` would do to `state`, middleware decisions included, without touching
    /// `state` and without calling any middleware's `didExecute` (nothing was executed).
    @_specialize(exported: true, where R == DynamicRoute)
    public func preview(_ command: NavigationCommand<R>, in state: NavigationState<R>) -> (result: NavigationResult<R>, state: NavigationState<R>) {
        var copy = state
        let result = run(command, on: &copy, notify: false)
        return (result, copy)
    }

    /// Whether `command` would succeed in `state`, middleware decisions included.
    public func canExecute(_ command: NavigationCommand<R>, in state: NavigationState<R>) -> Bool {
        preview(command, in: state).result.succeeded
    }

    // MARK: - One step through the chain

    private func run(_ command: NavigationCommand<R>, on state: inout NavigationState<R>, notify: Bool) -> NavigationResult<R> {
        switch command {
        case .sequence(let commands):
            return .sequence(commands.map { run($0, on: &state, notify: notify) })
        case .whenCancelled(let primary, let fallback):
            let result = run(primary, on: &state, notify: notify)
            // Cancelled outright or after a redirect: the fallback runs either way.
            guard let cancellation = result.cancellation else { return result }
            return .fellBack(cancellation, fallback: run(fallback, on: &state, notify: notify))
        default:
            return runStep(command, on: &state, notify: notify)
        }
    }

    @inline(__always)
    private func runStep(_ command: NavigationCommand<R>, on state: inout NavigationState<R>, notify: Bool) -> NavigationResult<R> {
        // No middleware: nothing to ask and nobody to tell.
        guard !middleware.isEmpty else { return engine.apply(command, to: &state) }
        let result: NavigationResult<R>
        switch decide(command, in: state) {
        case .proceed:
            result = engine.apply(command, to: &state)
            if notify { tell(command, result: result, state: state) }
        case .run(let final, let changedBy):
            let ran = engine.apply(final, to: &state)
            if notify { tell(final, result: ran, state: state) }
            result = Self.noting(changedBy, from: command, to: final, ran)
        case .cancelled(let final, let changedBy, let cancellation):
            if notify { tell(final, result: .cancelled(cancellation), state: state) }
            result = Self.noting(changedBy, from: command, to: final, .cancelled(cancellation))
        case .failed(let final, let failure):
            result = .failure(failure)
            if notify { tell(final, result: result, state: state) }
        }
        return result
    }

    /// `result`, wrapped in the redirect that made `final` run in place of `requested` when a
    /// middleware changed the command (a rewrite back to the very command asked is no change).
    private static func noting(_ changedBy: String?, from requested: NavigationCommand<R>, to final: NavigationCommand<R>,
                               _ result: NavigationResult<R>) -> NavigationResult<R> {
        guard let changedBy, final != requested else { return result }
        return .redirected(NavigationRedirect(requested: requested, executed: final, middleware: changedBy), result: result)
    }

    /// Tells every middleware what ran and how it ended.
    private func tell(_ ran: NavigationCommand<R>, result: NavigationResult<R>, state: NavigationState<R>) {
        // By index: iterating the entries would copy each one (its name and existential box).
        let entries = middleware.entries
        for position in entries.indices {
            entries[position].middleware.didExecute(ran, result: result, state: state)
        }
    }

    private enum ChainOutcome {
        /// Every middleware proceeded with the command as asked: run it (nothing was copied).
        case proceed
        /// Run this command instead, rewritten or redirected by the named middleware (`nil`
        /// when every change was undone and the command is the one asked).
        case run(NavigationCommand<R>, changedBy: String?)
        /// The chain cancelled this command (the one asked, or what the named middleware made of it).
        case cancelled(NavigationCommand<R>, changedBy: String?, NavigationCancellation)
        case failed(NavigationCommand<R>, NavigationFailure<R>)
    }

    private func decide(_ command: NavigationCommand<R>, in state: NavigationState<R>) -> ChainOutcome {
        guard !middleware.isEmpty else { return .proceed }
        let context = MiddlewareContext(state: state, engine: engine)
        let entries = middleware.entries
        // The common case first: every middleware proceeds with the command as asked.
        var position = 0
        var decision = MiddlewareDecision<R>.proceed
        while position < entries.count {
            decision = entries[position].middleware.willExecute(command, context: context)
            if case .proceed = decision { position += 1 } else { break }
        }
        guard position < entries.count else { return .proceed }
        // Some middleware changed course: follow the chain with the command as it now stands.
        var current = command
        // The last middleware that rewrote or redirected the command.
        var changedBy: String?
        // The commands tried so far; filled on the first redirect.
        var redirects: [NavigationCommand<R>] = []
        while true {
            switch decision {
            case .proceed:
                position += 1
            case .rewrite(let rewritten):
                current = rewritten
                changedBy = entries[position].name
                position += 1
            case .cancel(let reason):
                return .cancelled(current, changedBy: changedBy, NavigationCancellation(middleware: entries[position].name, reason: reason))
            case .redirect(let target):
                if redirects.isEmpty { redirects.append(command) }
                if redirects.contains(target) {
                    return .failed(current, .redirectLoop(redirects + [target]))
                }
                redirects.append(target)
                if redirects.count - 1 > maxRedirects {
                    return .failed(current, .redirectLimitExceeded(redirects))
                }
                // A redirected command goes through the whole chain again.
                current = target
                changedBy = entries[position].name
                position = 0
            }
            guard position < entries.count else { return .run(current, changedBy: changedBy) }
            decision = entries[position].middleware.willExecute(current, context: context)
        }
    }
}
