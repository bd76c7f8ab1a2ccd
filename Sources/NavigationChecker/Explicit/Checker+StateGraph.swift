import NavigationCore
import NavigationGraph

extension Checker {
    /// The reachable state graph, for drawing small models.
    ///
    /// The same search as ``run()`` (the same actions, runtime and depth bounds, exact
    /// storage) keeping each edge's action; the states are decoded from its table afterwards.
    /// It refuses models with more than `maxStates` states rather than drawing part of one.
    ///
    /// ```swift
    /// let states = try Checker(graph).stateGraph(maxStates: 100)
    /// print(states.states.count, states.edges.count)
    /// ```
    ///
    /// - Parameter maxStates: the most states drawn (the graph's own `maxStates` does not apply).
    /// - Throws: ``CheckerError/stateGraphTooLarge(limit:)`` past `maxStates`; lint and
    ///   initial-state errors as ``run()`` does.
    /// - Complexity: as ``run()``, plus O(S + E) to decode S states and label E edges.
    @_specialize(exported: true, where R == DynamicRoute)
    public func stateGraph(maxStates: Int = 200) throws(CheckerError) -> StateGraph<R> {
        try stateGraph(maxStates: maxStates, linted: nil)
    }

    /// ``stateGraph(maxStates:)`` of a graph linted already (`linted`, its findings), over this
    /// checker's model.
    @_specialize(exported: true, where R == DynamicRoute)
    package func stateGraph(maxStates: Int, linted: [LintFinding]?) throws(CheckerError) -> StateGraph<R> {
        let exact = Checker(model: model, options: Options(storage: .exact, checkTraps: false))
        var search = ExplicitSearch(checker: exact, initial: try lintedInitialState(linted), stateLimit: maxStates, edgeActionLimit: maxStates)
        try search.explore()
        // A full table cut successors it could not store: the model is larger than the limit.
        // Any other early stop (memory, time) leaves a partial graph, which is refused too.
        guard search.cutStates == 0, search.cutoff == nil else { throw .stateGraphTooLarge(limit: maxStates) }
        return try search.stateGraph()
    }
}

extension ExplicitSearch {
    /// The state graph of a finished search that kept its edges' actions: every stored state
    /// decoded, the edges between two of them labelled with their actions in action order.
    func stateGraph() throws(CheckerError) -> StateGraph<R> {
        var states: [NavigationState<R>] = []
        var indexOfState: [NavigationState<R>: Int] = [:]
        for index in 0..<table.count {
            var state = initial
            guard table.withBytes(of: index, { encoder.decode($0, into: &state) }) else {
                throw .internalError("state \(index) did not decode")
            }
            indexOfState[state] = index
            states.append(state)
        }
        // Edges were recorded from each state in turn, its actions in order: grouping
        // consecutive runs keeps each pair's labels in action order.
        var labels: [Int: [Int: [String]]] = [:]
        for (edge, code) in zip(edges, edgeActions) {
            guard let action = ExplorerAction(code: code) else { throw .internalError("an edge's action code \(code) is not an action") }
            labels[Int(edge.source), default: [:]][Int(edge.target), default: []].append(model.label(of: action))
        }
        let edges = labels.keys.sorted().flatMap { from in
            (labels[from] ?? [:]).sorted { $0.key < $1.key }.map { StateGraph<R>.Edge(from: from, to: $0.key, labels: $0.value) }
        }
        return StateGraph(states: states, edges: edges, successorsCutByBounds: cutStack + cutModal, indexOfState: indexOfState)
    }
}
