import NavigationCore
import NavigationGraph

/// How the explicit search turns a successor back into the state it was applied to without
/// decoding that state again, known from what ran: a successful push or pop by the engine
/// alone (no middleware to rewrite or redirect it) changed only the top of the active stack,
/// and an event that only sets flags changed only the flags (in a graph without tabs shown
/// under a condition, whose selection any step may move). Anything else is undone by
/// decoding the state before the step again (`full`).
///
/// The same knowledge lets the search patch a successor's encoding from its parent's bytes and
/// skip depth checks a step cannot fail (see `ExplicitSearch+Patching.swift`).
enum StepInverse: Sendable {
    case full
    /// Pop the route the step pushed onto the active stack.
    case removeTop
    /// Push back the route the step popped (the previous state's top).
    case restoreTop
    /// Restore the previous state's flags.
    case flags

    /// The inverse of `action`, applied by `model` with `effects`. Every switch here is
    /// exhaustive: a new kind of action or transition style does not compile until it says
    /// whether it has an inverse.
    @inline(__always)
    init<R: Route>(of action: ExplorerAction, _ effects: borrowing GraphModel<R>.Effects, in model: GraphModel<R>) {
        // A tab shown under a condition can move the selection after any step (the engine
        // settles it), which none of the patches below restores.
        // A step that rerouted or ran a pending retry may have changed anything: compared in full.
        guard model.runsEngineAlone && effects.succeeded && !model.hasConditionalTabs && !effects.hasReroutes else {
            self = .full
            return
        }
        switch action {
        case .transition(let index, let sample):
            guard model.transitionTargets[index].indices.contains(sample), !model.transitionMayReroute[index] else {
                self = .full
                return
            }
            switch model.transitionStyles[index] {
            // The engine alone pushed the route onto the active stack.
            case .presentation(.push): self = .removeTop
            // A request may select a tab, dismiss modals and pop: compared in full.
            case .presentation(.replace), .presentation(.modal), .request: self = .full
            }
        // The engine alone popped the active stack's top.
        case .back: self = .restoreTop
        // The engine alone set and cleared flags, nothing else.
        case .event(let index): self = model.eventNavigates[index] ? .full : .flags
        case .dismissSheet, .selectTab, .openLink, .resumePending: self = .full
        }
    }

    /// Undoes the step on `work` in place; `top` and `flags` are the state's before the step.
    /// Returns `false`, changing nothing, for `full`: then the caller restores the state before
    /// the step itself.
    @inline(__always)
    func undo<R: Route>(on work: inout NavigationState<R>, top: R?, flags: FlagSet) -> Bool {
        switch self {
        case .removeTop: work.removeActiveTop()
        case .restoreTop:
            guard let top else { return false }
            work.restoreActiveTop(top)
        case .flags: work.restoreFlags(flags)
        case .full: return false
        }
        return true
    }
}
