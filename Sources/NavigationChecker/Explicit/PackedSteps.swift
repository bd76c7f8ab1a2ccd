import NavigationCore
import NavigationGraph

/// The steps whose NavigationCore rule, under the graph's options, reduces to an edit of a
/// state's packed bytes (see ``StateEncoder`` for the format), worked out once per graph:
///
/// - a push transition: append the target's route id to the active stack's segment;
/// - Back: drop the active stack's last route id;
/// - an event that only sets and clears flags: rewrite the flag bytes.
///
/// That is what the engine does with these commands when it runs alone (no middleware to
/// rewrite or refuse them), its rules accept every stack that holds a route, and no step
/// settles the tab selection afterwards (`NavigationEngine.editsActiveStackAlone`); a push or a
/// pop also needs the top modal layer, if any, to provide navigation, and a pop a route below
/// the top, which the search reads off the parent (see ``ParentFacts``). Everything else
/// (replace, modals, requests, rerouting transitions, tabs, links, events that navigate,
/// middleware, rules that read stacks) has no packed step and goes through the runtime.
///
/// The explicit search uses a packed step to find a successor that is already stored without
/// running the runtime at all: most steps of a large search lead to known states. A new
/// successor is made by the same edit on the decoded parent (its top route or its flags), stored
/// and observed by the properties, and the edit undone; the runtime does not run either.
/// `PackedStepsTests` checks on every action of the reachable states of random graphs (up to
/// 1,500 states each) and of the samples that a packed step's bytes are the bytes of the state
/// the runtime produces; debug builds run the runtime beside every packed step of every search.
struct PackedSteps: Sendable {
    /// One action's packed step.
    enum Step: Equatable, Sendable {
        /// No packed step: the action goes through the runtime.
        case none
        /// Push the route with this id onto the active stack.
        case push(UInt16)
        /// Pop the active stack's top route.
        case pop
        /// Set the flags whose ids are the bits of `set`, clear those of `clear` (ids below 64).
        case flags(set: UInt64, clear: UInt64)
    }

    /// What a packed step needs to know of the state it is applied to, read once per state.
    struct ParentFacts {
        /// The active stack's depth.
        let depth: Int
        /// Whether no modal is shown, or the topmost provides navigation (else a push or a pop fails).
        let navigable: Bool
        /// Whether no retry is pending: the runtime runs a pending retry after any step whose
        /// flow it ends, so a state holding one takes every step through the runtime.
        let noPendingRetry: Bool
        /// The flags as ids (``StateEncoder``'s), or `nil` when some id is 64 or more.
        let flagIDs: UInt64?
    }

    /// Whether any action has a packed step.
    let isEnabled: Bool
    /// Where each transition's samples start in ``transitionSteps``.
    private let transitionStart: [Int]
    private let transitionSteps: [Step]
    private let back: Step
    private let eventSteps: [Step]
    /// Each event's flag changes, in order (for the events with a packed step): a new successor
    /// is made from its parent by them.
    let eventChanges: [[(flag: FlagName, value: Bool)]]

    /// The packed steps of `model`'s actions, with route and flag ids from `encoder`; none when
    /// the runtime does more than edit stacks and flags for the graph (middleware, stack rules,
    /// tabs shown under a condition).
    init<R: Route>(model: GraphModel<R>, encoder: StateEncoder<R>) {
        let engine = model.executor.engine
        let applies = model.runsEngineAlone && !model.hasConditionalTabs && engine.editsActiveStackAlone
        var starts: [Int] = []
        var steps: [Step] = []
        for index in model.transitionTargets.indices {
            starts.append(steps.count)
            for target in model.transitionTargets[index] {
                guard applies, !model.transitionMayReroute[index], case .presentation(.push) = model.transitionStyles[index],
                      let id = encoder.knownID(of: target) else {
                    steps.append(.none)
                    continue
                }
                steps.append(.push(id))
            }
        }
        starts.append(steps.count)
        var events: [Step] = []
        for index in model.graph.events.indices {
            guard applies, !model.eventNavigates[index] else {
                events.append(.none)
                continue
            }
            var set: UInt64 = 0, clear: UInt64 = 0
            var fits = true
            // In order, as the runtime runs them: a later change of the same flag wins.
            for change in model.graph.events[index].flagChanges {
                guard let id = encoder.knownFlagID(change.flag), id < 64 else {
                    fits = false
                    break
                }
                let bit: UInt64 = 1 << UInt64(id)
                if change.value {
                    set |= bit
                    clear &= ~bit
                } else {
                    clear |= bit
                    set &= ~bit
                }
            }
            events.append(fits ? .flags(set: set, clear: clear) : .none)
        }
        transitionStart = starts
        transitionSteps = steps
        back = applies ? .pop : .none
        eventSteps = events
        eventChanges = model.graph.events.map(\.flagChanges)
        isEnabled = back != .none || steps.contains { $0 != .none } || events.contains { $0 != .none }
    }

    /// The packed step of `action` (``Step/none`` for an action without one).
    @inline(__always)
    func step(for action: ExplorerAction) -> Step {
        switch action {
        case .transition(let index, let sample):
            guard index >= 0 && index + 1 < transitionStart.count else { return .none }
            let position = transitionStart[index] + sample
            guard sample >= 0 && position < transitionStart[index + 1] else { return .none }
            return transitionSteps[position]
        case .back: return back
        case .event(let index): return eventSteps.indices.contains(index) ? eventSteps[index] : .none
        case .dismissSheet, .selectTab, .openLink, .resumePending: return .none
        }
    }

    /// The facts of `state` that packed steps read, with its flag ids as `encoder` has them.
    @inline(__always)
    static func facts<R: Route>(of state: NavigationState<R>, flagIDs: UInt64?) -> ParentFacts {
        let navigable = state.modals.isEmpty || state.modals[state.modals.count - 1].providesNavigation
        return ParentFacts(depth: state.depth, navigable: navigable, noPendingRetry: state.pendingRetry == nil, flagIDs: flagIDs)
    }

    /// The successor `step` gives from the parent held in `parent`, written to `out` (which
    /// holds `parent.successorCapacity` bytes), with its key; `nil` when the step fails in that
    /// state, or the bytes cannot be patched (the runtime then decides).
    @inline(__always)
    static func successor(_ step: Step, of parent: ParentEncoding, _ facts: ParentFacts,
                          into out: UnsafeMutablePointer<UInt8>) -> KeyedEncoding? {
        guard facts.noPendingRetry else { return nil }
        switch step {
        case .none: return nil
        case .push(let id):
            guard facts.navigable else { return nil }
            return parent.pushing(id, into: out)
        case .pop:
            guard facts.navigable && facts.depth > 1 else { return nil }
            return parent.popping(into: out)
        case .flags(let set, let clear):
            guard let flags = facts.flagIDs else { return nil }
            return parent.withFlags(flags & ~clear | set, into: out)
        }
    }
}
