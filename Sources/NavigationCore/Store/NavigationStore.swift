import Observation

/// The app's navigation state, owned on the main actor, observable by SwiftUI.
///
/// A store runs every command through one ``NavigationExecutor`` (middleware, then the engine)
/// and publishes what happened as ``NavigationEvent``s. A SwiftUI host binds its
/// `NavigationStack`, sheets and tab view to ``state`` and reports what the user changes there
/// through ``reconcile(_:)``.
///
/// An app with a graph builds its store from it (`NavigationStore(graph:)` in NavigationGraph):
/// the graph's guards and the app's middleware, initial state, events and deep links, the very
/// ones the explorer checks. Without a graph:
///
/// ```swift
/// let store = NavigationStore(initial: NavigationState<ShopRoute>(root: .catalog))
/// store.addMiddleware(SignInGuard(), name: "sign-in guard")
/// store.send(.go(.product(id: 7)))
/// store.send(.back)
/// ```
@MainActor
@Observable
public final class NavigationStore<R: Route> {
    /// The current navigation state.
    public private(set) var state: NavigationState<R>

    /// How many UI changes the store did not take as reported (cancelled, redirected or
    /// refused: ``UIReconciliation/needsCorrection``). A UI binding reads it with ``state``, so
    /// that a view the user changed is redrawn from the state even when the state stayed the same.
    public private(set) var uiCorrections = 0

    /// The engine and middleware every command passes through.
    @ObservationIgnored public internal(set) var executor: NavigationExecutor<R>

    /// How the store reads deep links; `nil` leaves every URL unhandled.
    @ObservationIgnored public var deepLinks: DeepLinkPipeline<R>?

    /// The events ``fire(named:)`` knows, in order.
    @ObservationIgnored public var appEvents: [AppEvent<R>]

    @ObservationIgnored private var subscribers: [Int: AsyncStream<NavigationEvent<R>>.Continuation] = [:]
    @ObservationIgnored private var nextSubscriberID = 0
    /// Synchronous observers (``NavigationTraceRecorder``), told of each event as it is
    /// published and whether it is a pending deep link resuming by itself.
    @ObservationIgnored private var traceObservers: [Int: (NavigationEvent<R>, Bool) -> Void] = [:]

    /// The tabs the tab bar shows now, in declaration order (``TabBarRules/shownTabs(in:)``):
    /// what a `TabView` lists, e.g. `ForEach(store.shownTabs, id: \.self)`.
    public var shownTabs: [TabID] { executor.engine.rules.tabBar.shownTabs(in: state) }

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initial: The state to start from.
    ///   - engine: The engine and its rules (validators, modal limit).
    ///   - deepLinks: How URLs passed to ``open(_:)`` are read.
    public init(initial: NavigationState<R>, engine: NavigationEngine<R> = NavigationEngine(), deepLinks: DeepLinkPipeline<R>? = nil) {
        self.state = initial
        self.executor = NavigationExecutor(engine: engine)
        self.deepLinks = deepLinks
        self.appEvents = []
    }

    /// Creates a store that runs every command through `executor`, its engine and middleware.
    ///
    /// - Parameters:
    ///   - initial: The state to start from.
    ///   - executor: The engine and middleware, e.g. a graph's `makeExecutor()`.
    ///   - deepLinks: How URLs passed to ``open(_:)`` are read.
    ///   - events: The events ``fire(named:)`` knows.
    public init(initial: NavigationState<R>, executor: NavigationExecutor<R>, deepLinks: DeepLinkPipeline<R>? = nil, events: [AppEvent<R>] = []) {
        self.state = initial
        self.executor = executor
        self.deepLinks = deepLinks
        self.appEvents = events
    }

    isolated deinit {
        for continuation in subscribers.values { continuation.finish() }
    }

    // MARK: Commands

    /// Does what `intent` means in the current state.
    @discardableResult
    public func send(_ intent: NavigationIntent<R>) -> NavigationResult<R> {
        execute(intent.command(in: state))
    }

    /// Runs `command` through the middleware and the engine.
    @discardableResult
    public func execute(_ command: NavigationCommand<R>) -> NavigationResult<R> {
        perform { [executor] in executor.execute(command, on: &$0) } event: { .executed(command, $0, state: $1) }
    }

    /// Runs `commands` one by one, publishing a single event for the whole batch.
    @discardableResult
    public func executeBatch(_ commands: [NavigationCommand<R>], stopOnFailure: Bool = false) -> BatchResult<R> {
        perform { [executor] in executor.executeBatch(commands, on: &$0, stopOnFailure: stopOnFailure) } event: { .batch(commands, $0, state: $1) }
    }

    /// Runs `commands` all or nothing, publishing a single event.
    @discardableResult
    public func executeTransaction(_ commands: [NavigationCommand<R>]) -> TransactionResult<R> {
        perform { [executor] in executor.executeTransaction(commands, on: &$0) } event: { .transaction(commands, $0, state: $1) }
    }

    // MARK: Events

    /// Fires `event`: when its precondition holds, runs each of its steps through the
    /// middleware and the engine, in order, and publishes one ``NavigationEvent/fired(_:state:)``.
    ///
    /// ```swift
    /// store.fire(named: "logout")
    /// ```
    @discardableResult
    public func fire(_ event: AppEvent<R>) -> AppEventResult<R> {
        perform { [executor] in executor.fire(event, on: &$0) } event: { .fired($0, state: $1) }
    }

    /// Fires the event called `name` among ``appEvents`` (for a graph's store: the graph's
    /// declared events). An unknown name changes nothing and answers
    /// ``AppEventResult/unknown(_:declared:)`` with the names there are.
    @discardableResult
    public func fire(named name: String) -> AppEventResult<R> {
        guard let event = appEvents.first(where: { $0.name == name }) else {
            let result = AppEventResult<R>.unknown(name, declared: appEvents.map(\.name))
            publish(.fired(result, state: state))
            return result
        }
        return fire(event)
    }

    // MARK: Changes made in the UI

    /// Learns of a change the user made in the UI itself (a swipe back, a sheet pulled down, a
    /// tab tapped): runs the command it amounts to through the middleware like any other and
    /// publishes one ``NavigationEvent/reconciled(_:state:)``.
    ///
    /// When middleware cancels or redirects the change, the UI shows something the state does
    /// not: the answer's ``UIReconciliation/needsCorrection`` is `true` and the UI redraws from
    /// ``state``. A SwiftUI binding does this by reading ``state`` again after the call.
    ///
    /// ```swift
    /// let reconciliation = store.reconcile(.path(newPath, at: store.state.activeLocation))
    /// ```
    @discardableResult
    public func reconcile(_ change: UIChange<R>) -> UIReconciliation<R> {
        let reconciliation = perform { [executor] in executor.reconcile(change, on: &$0) } event: { .reconciled($0, state: $1) }
        if reconciliation.needsCorrection { uiCorrections += 1 }
        return reconciliation
    }

    /// Replaces the whole state, e.g. with one decoded at launch for state restoration.
    public func restore(_ restored: NavigationState<R>) {
        state = restored
        publish(.restored(state: state))
    }

    // MARK: Deep links

    /// Opens `url` through ``deepLinks``: navigates as one transaction, parks the link until its
    /// requirement holds, or reports why not. A parked link resumes by itself after the first
    /// command that makes its requirement true.
    @discardableResult
    public func open(_ url: String) -> DeepLinkOutcome<R> {
        guard let deepLinks else { return .unhandled(url) }
        // Opening a link does not resume the pending one: it may have just parked it.
        return perform(resumingPending: false) { [executor] in deepLinks.open(url, on: &$0, using: executor) } event: { .deepLink(url, $0, state: $1) }
    }

    private func resumePendingDeepLink() {
        guard let deepLinks, let pending = state.pendingDeepLink else { return }
        var next = state
        guard let outcome = deepLinks.resumePending(on: &next, using: executor) else { return }
        if case .stillPending = outcome { return }
        commit(next)
        publish(.deepLink(pending.url, outcome, state: state), resumed: true)
        runPendingRetry()
    }

    /// Runs the pending retry when its flow has ended, and publishes what it did.
    private func runPendingRetry() {
        guard state.pendingRetry != nil else { return }
        var next = state
        guard let outcome = executor.runPendingRetry(on: &next) else { return }
        commit(next)
        publish(.retried(outcome, state: state))
    }

    // MARK: Middleware

    /// Appends a middleware to the chain.
    @discardableResult
    public func addMiddleware(_ middleware: any NavigationMiddleware<R>, name: String) -> MiddlewareHandle {
        executor.middleware.add(middleware, name: name)
    }

    /// Inserts a middleware at `index` in the chain.
    @discardableResult
    public func insertMiddleware(_ middleware: any NavigationMiddleware<R>, name: String, at index: Int) -> MiddlewareHandle {
        executor.middleware.insert(middleware, name: name, at: index)
    }

    /// Removes a middleware. Returns whether it was registered.
    @discardableResult
    public func removeMiddleware(_ handle: MiddlewareHandle) -> Bool {
        executor.middleware.remove(handle)
    }

    /// Replaces a middleware in place. Returns whether `handle` was registered.
    @discardableResult
    public func replaceMiddleware(_ handle: MiddlewareHandle, with middleware: any NavigationMiddleware<R>, name: String? = nil) -> Bool {
        executor.middleware.replace(handle, with: middleware, name: name)
    }

    /// The debug names of the middleware, in the order they run.
    public var middlewareNames: [String] { executor.middleware.names }

    // MARK: Events

    /// A new stream of every event from now on. Each call makes an independent subscriber;
    /// the stream ends when the store goes away or the consumer stops iterating.
    public func events() -> AsyncStream<NavigationEvent<R>> {
        let (stream, continuation) = AsyncStream<NavigationEvent<R>>.makeStream(bufferingPolicy: .unbounded)
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    // MARK: Private

    /// Runs `body` on a copy of the state, commits the copy, publishes one event, runs a pending
    /// retry whose flow has ended, and (after commands) gives a parked deep link its chance to
    /// resume. Internal, not private: the store's extensions by concern
    /// (`NavigationStore+Reroute.swift`) run through it too.
    func perform<Result>(
        resumingPending: Bool = true,
        _ body: (inout NavigationState<R>) -> Result,
        event: (Result, NavigationState<R>) -> NavigationEvent<R>
    ) -> Result {
        var next = state
        let result = body(&next)
        commit(next)
        publish(event(result, state))
        runPendingRetry()
        if resumingPending { resumePendingDeepLink() }
        return result
    }

    private func commit(_ next: NavigationState<R>) {
        // Assign only on change, so observers are not woken by failed or no-op commands.
        if next != state { state = next }
    }

    private func publish(_ event: NavigationEvent<R>, resumed: Bool = false) {
        for id in traceObservers.keys.sorted() {
            traceObservers[id]?(event, resumed)
        }
        for id in subscribers.keys.sorted() {
            subscribers[id]?.yield(event)
        }
    }

    /// Adds a synchronous observer of every event and returns its key.
    func addTraceObserver(_ observer: @escaping (NavigationEvent<R>, Bool) -> Void) -> Int {
        let id = nextSubscriberID
        nextSubscriberID += 1
        traceObservers[id] = observer
        return id
    }

    /// Removes the observer added under `id`.
    func removeTraceObserver(_ id: Int) {
        traceObservers[id] = nil
    }
}
