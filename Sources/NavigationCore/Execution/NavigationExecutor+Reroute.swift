extension NavigationExecutor {
    /// Performs `action`: its command when the attempt runs; when it reroutes to X, requests X
    /// (through the middleware, resolved by ownership) and, once X is presented, tries the
    /// action once more in the state the request left. A second reroute is a loop: the state is
    /// then restored to what it was before the action.
    ///
    /// ```swift
    /// switch executor.perform(addToCart, on: &state) {
    /// case .rerouteLoop(let routes): log("reroute loop: \(routes)")
    /// case let other: log("\(other)")
    /// }
    /// ```
    @discardableResult
    public func perform(_ action: ReroutableAction<R>, on state: inout NavigationState<R>) -> ReroutableActionResult<R> {
        let first: R
        switch action.attempt(state) {
        case .run(let command): return .ran(execute(command, on: &state))
        case .reroute(let route): first = route
        }
        var rerouted = state
        let request = execute(.request(first), on: &rerouted)
        guard request.resolution?.presentation != nil, request.succeeded else { return .rerouteNotPresented(to: first, request: request) }
        switch action.attempt(rerouted) {
        case .run(let command):
            let retry = execute(command, on: &rerouted)
            state = rerouted
            return .rerouted(to: first, request: request, retry: retry)
        case .reroute(let second):
            return .rerouteLoop([first, second])
        }
    }
}
