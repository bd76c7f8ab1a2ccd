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
