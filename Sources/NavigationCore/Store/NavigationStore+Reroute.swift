extension NavigationStore {
    /// Performs an action that may fail with "reroute to X": runs its command, or requests X
    /// from its nearest visible owner and retries the action once
    /// (``NavigationExecutor/perform(_:on:)``, the one implementation the explorer runs too),
    /// and publishes one ``NavigationEvent/performed(_:_:state:)``.
    ///
    /// ```swift
    /// let result = store.perform(graph.reroutableAction(for: checkout, to: .checkout) ?? plain)
    /// if case .rerouteLoop(let routes) = result { log("\(routes)") }
    /// ```
    ///
    /// A graph's generated navigators call this for every transition that declares a reroute.
    @discardableResult
    public func perform(_ action: ReroutableAction<R>) -> ReroutableActionResult<R> {
        perform { [executor] in executor.perform(action, on: &$0) } event: { .performed(action.name, $0, state: $1) }
    }
}
