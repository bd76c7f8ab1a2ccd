/// A violation an engine found: the state it is in (by the engine's number for it; the
/// symbolic engine numbers a state by its breadth-first level) and, for violations that are
/// about a step rather than a state, the action from that state.
package struct Violation {
    package let state: Int
    package let action: ExplorerAction?
    package let message: String
    /// The whole trace to the violation (the action included), when the engine has no parent
    /// links to rebuild it from ``state``: the symbolic engine's.
    package var actions: [ExplorerAction]?

    package init(state: Int, action: ExplorerAction?, message: String, actions: [ExplorerAction]? = nil) {
        self.state = state
        self.action = action
        self.message = message
        self.actions = actions
    }
}
