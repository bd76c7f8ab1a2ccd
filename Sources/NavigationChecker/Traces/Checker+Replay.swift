import NavigationCore
import NavigationGraph

extension Checker {
    /// Replays `actions` from the initial state through the runtime and returns every state on
    /// the way, the initial one first.
    ///
    /// Whichever engine found a counterexample, this is how it becomes concrete: the runtime is
    /// the one meaning of a step.
    ///
    /// ```swift
    /// let states = try checker.replay([.transition(0, sample: 0), .back])
    /// ```
    ///
    /// - Parameter actions: the actions in order, as a ``CheckTrace`` lists them.
    /// - Throws: ``CheckerError/actionNotEnabled(step:action:)`` when an action is not enabled
    ///   where the trace applies it, ``CheckerError/invalidInitialState(_:)``.
    /// - Complexity: O(n × A) for n actions and A actions enabled per state.
    public func replay(_ actions: [ExplorerAction]) throws(CheckerError) -> [NavigationState<R>] {
        var state: NavigationState<R>
        do { state = try graph.initialState() } catch { throw .invalidInitialState(error.message) }
        var states = [state]
        for (index, action) in actions.enumerated() {
            guard model.actions(in: state).contains(action) else { throw .actionNotEnabled(step: index + 1, action: action) }
            state = model.apply(action, to: state).state
            states.append(state)
        }
        return states
    }

    /// The trace of `actions`, replayed; `nil` when they do not replay.
    package func trace(_ actions: [ExplorerAction]) -> CheckTrace<R>? {
        guard let states = try? replay(actions) else { return nil }
        var steps = [CheckTrace<R>.Step(action: nil, label: "start", state: states[0])]
        for (index, action) in actions.enumerated() {
            steps.append(.init(action: action, label: model.label(of: action), state: states[index + 1]))
        }
        return CheckTrace(steps: steps)
    }
}
