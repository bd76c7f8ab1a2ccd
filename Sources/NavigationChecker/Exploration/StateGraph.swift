import NavigationCore
import NavigationGraph

/// Every state a small model reaches within its bounds, and the actions between them: what a
/// state diagram draws.
///
/// ```swift
/// let states = try Checker(graph).stateGraph(maxStates: 100)
/// print(states.states.count, states.edges.count)
/// ```
public struct StateGraph<R: Route>: Sendable {
    /// One or more actions that lead from one state to another (self-loops are left out).
    public struct Edge: Hashable, Sendable {
        public let from: Int
        public let to: Int
        /// The actions' labels, in the explorer's action order.
        public let labels: [String]

        public init(from: Int, to: Int, labels: [String]) {
            self.from = from
            self.to = to
            self.labels = labels
        }
    }

    /// The states in breadth-first order; the initial state first.
    public let states: [NavigationState<R>]
    public let edges: [Edge]
    /// Successors cut by the stack or modal depth bound, as in ``Checker/run()``.
    public let successorsCutByBounds: Int

    /// The index of `state`, if the graph holds it.
    public func index(of state: NavigationState<R>) -> Int? { indexOfState[state] }

    let indexOfState: [NavigationState<R>: Int]
}

extension Checker {
    /// The reachable state graph, for drawing small models.
    ///
    /// Uses the same actions, runtime and depth bounds as ``run()``, but keeps every state and
    /// edge in memory, so it refuses models with more than `maxStates` states.
    ///
    /// - Throws: ``CheckerError/stateGraphTooLarge(limit:)`` past `maxStates`; lint and
    ///   initial-state errors as ``run()`` does.
    @_specialize(exported: true, where R == DynamicRoute)
    public func stateGraph(maxStates: Int = 200) throws(CheckerError) -> StateGraph<R> {
        let initial = try lintedInitialState()
        var states = [initial]
        var indexOfState = [initial: 0]
        var labels: [Int: [Int: [String]]] = [:]
        var cut = 0
        var next = 0
        while next < states.count {
            let from = next
            let state = states[from]
            next += 1
            for action in model.actions(in: state) {
                let successor = model.apply(action, to: state).state
                if Self.boundCut(successor, graph.bounds) != nil { cut += 1; continue }
                let to: Int
                if let known = indexOfState[successor] {
                    to = known
                } else {
                    guard states.count < maxStates else { throw .stateGraphTooLarge(limit: maxStates) }
                    to = states.count
                    states.append(successor)
                    indexOfState[successor] = to
                }
                if to != from { labels[from, default: [:]][to, default: []].append(model.label(of: action)) }
            }
        }
        let edges = labels.keys.sorted().flatMap { from in
            (labels[from] ?? [:]).sorted { $0.key < $1.key }.map { StateGraph<R>.Edge(from: from, to: $0.key, labels: $0.value) }
        }
        return StateGraph(states: states, edges: edges, successorsCutByBounds: cut, indexOfState: indexOfState)
    }
}
