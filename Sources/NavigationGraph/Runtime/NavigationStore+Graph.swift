import NavigationCore

extension NavigationStore {
    /// A store that runs `graph`: its initial state (tabs, root, flags), its route guards and
    /// the app's ``NavigationGraph/middleware``, its events and its deep links — exactly what
    /// the explorer checks.
    ///
    /// ```swift
    /// let store = try NavigationStore(graph: .shop)
    /// store.send(.go(.product(id: 7)))
    /// store.fire(named: "signIn")
    /// store.open("shop://product/7")
    /// ```
    ///
    /// Middleware added to the store afterwards (`addMiddleware(_:name:)`) runs in the app
    /// only; register it on the graph instead to have it verified.
    ///
    /// - Throws: ``GraphRuntimeError`` when the graph has no initial state (no tabs and no root,
    ///   or a tab root that is not a declared route).
    public convenience init(graph: NavigationGraph<R>) throws(GraphRuntimeError) {
        self.init(initial: try graph.initialState(), executor: graph.makeExecutor(),
                  deepLinks: graph.makeDeepLinkPipeline(), events: graph.makeEvents())
    }
}

extension NavigationGraph {
    /// The store that runs this graph (see `NavigationStore(graph:)`).
    @MainActor
    public func makeStore() throws(GraphRuntimeError) -> NavigationStore<R> {
        try NavigationStore(graph: self)
    }
}
