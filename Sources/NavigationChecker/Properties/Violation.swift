/// A violation an engine found: the state it is in (by the engine's number for it) and, for
/// violations that are about a step rather than a state, the action from that state.
struct Violation {
    let state: Int
    let action: ExplorerAction?
    let message: String
}
