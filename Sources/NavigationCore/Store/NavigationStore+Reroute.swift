extension NavigationStore {
    /// Performs `action` (``NavigationExecutor/perform(_:on:)``) and publishes one
    /// ``NavigationEvent/performed(_:_:state:)``. The action is registered on the store's
    /// executor first, so that when it reroutes and its retry is pending
    /// (``NavigationState/pendingRetry``), the retry runs once the rerouted flow ends: after
    /// whichever later operation ends it, published as ``NavigationEvent/retried(_:state:)``.
    ///
    /// ```swift
    /// let checkout = ReroutableAction<ShopRoute>(name: "checkout") { state in
    ///     state.isSet("signedIn") ? .run(.push(.checkout)) : .reroute(.signIn)
    /// }
    /// store.perform(checkout)            // signed out: sign-in is presented, the retry pending
    /// store.fire(named: "signedIn")      // sets the flag, dismisses sign-in: checkout is pushed
    /// ```
    ///
    /// - Returns: What the action did; a later retry's outcome comes as an event.
    @discardableResult
    public func perform(_ action: ReroutableAction<R>) -> ReroutableActionResult<R> {
        executor.register(action)
        return perform { [executor] in executor.perform(action, on: &$0) } event: { .performed(action.name, $0, state: $1) }
    }
}
