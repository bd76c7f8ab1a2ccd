extension NavigationExecutor {
    /// Registers `action` under its name, so that a pending retry of it can run
    /// (``runPendingRetry(on:)``); an action of the same name is replaced.
    /// `NavigationGraph.makeExecutor()` registers the graph's transitions that reroute, and
    /// ``NavigationStore/perform(_:)`` the actions it performs.
    public mutating func register(_ action: ReroutableAction<R>) {
        reroutableActions[action.name] = action
    }

    /// Performs `action`: its command when the attempt runs; when it reroutes to X, requests X
    /// (through the middleware, resolved by ownership) and, once X is presented, retries:
    ///
    /// - at once, when the action can run in the state the request left
    ///   (``ReroutableActionResult/rerouted(to:request:retry:)``);
    /// - otherwise later: the retry is pending in ``NavigationState/pendingRetry`` (replacing
    ///   any other) until X's flow ends, and ``runPendingRetry(on:)`` runs it then
    ///   (``ReroutableActionResult/retryPending(_:to:request:replaced:)``).
    ///
    /// A request that is not presented changes nothing and is not retried.
    ///
    /// ```swift
    /// switch executor.perform(checkout, on: &state) {
    /// case .retryPending(let retry, _, _, _): log("waiting: \(retry)")   // sign-in is up
    /// case let other: log("\(other)")
    /// }
    /// ```
    @discardableResult
    public func perform(_ action: ReroutableAction<R>, on state: inout NavigationState<R>) -> ReroutableActionResult<R> {
        let target: R
        switch action.attempt(state) {
        case .run(let command): return .ran(execute(command, on: &state))
        case .unavailable(let reason): return .unavailable(reason)
        case .reroute(let route): target = route
        }
        var rerouted = state
        let request = execute(.request(target), on: &rerouted)
        guard request.resolution?.presentation != nil, request.succeeded else { return .rerouteNotPresented(to: target, request: request) }
        if case .run(let command) = action.attempt(rerouted) {
            let retry = execute(command, on: &rerouted)
            state = rerouted
            return .rerouted(to: target, request: request, retry: retry)
        }
        // The flow is what the request put on top: the active stack, from its top down.
        let pending = PendingRetry(action: action.name, reroutedTo: "\(target)", location: rerouted.activeLocation,
                                   position: rerouted.depth - 1)
        let replaced = rerouted.pendingRetry
        rerouted.pendingRetry = pending
        state = rerouted
        return .retryPending(pending, to: target, request: request, replaced: replaced)
    }

    /// Runs the pending retry of `state` once its flow has ended
    /// (``PendingRetry/flowHasEnded(in:)``): clears it and attempts the action once more,
    /// found by name among ``reroutableActions``. A retry that reroutes again, cannot run, or
    /// names no registered action is given up; nothing is requested.
    ///
    /// Call it after every operation on the state (a command, a batch, an event, a deep link, a
    /// change reconciled from the UI): ``NavigationStore`` does, and the explorer does after
    /// every step, so both run the retry at the same moment.
    ///
    /// ```swift
    /// executor.fire(signInSucceeded, on: &state)          // sets signedIn, dismisses the cover
    /// executor.runPendingRetry(on: &state)                // .ran(checkout's retry, .success)
    /// ```
    ///
    /// - Returns: What the retry did, or `nil` (state unchanged) when no retry is pending or
    ///   its flow is still up.
    @discardableResult
    public func runPendingRetry(on state: inout NavigationState<R>) -> PendingRetryOutcome<R>? {
        guard let pending = state.pendingRetry, pending.flowHasEnded(in: state) else { return nil }
        state.pendingRetry = nil
        guard let action = reroutableActions[pending.action] else { return .gaveUp(pending, because: .unknownAction) }
        switch action.attempt(state) {
        case .run(let command): return .ran(pending, execute(command, on: &state))
        case .reroute(let route): return .gaveUp(pending, because: .reroutedAgain(route))
        case .unavailable(let reason): return .gaveUp(pending, because: .unavailable(reason))
        }
    }
}
