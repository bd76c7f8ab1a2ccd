import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// Where `action`, whose packed step is `step` (see ``PackedSteps``), leads from the state
    /// held in ``parentEncoding`` and decoded in `work`, found without running the runtime:
    /// past the stack bound, to a state already stored (most steps of a large search), past a
    /// full table, or to a new state, stored after the same edit is made on `work` (and undone
    /// after: `parentTop` and `parentFlags` are the parent's). `nil` when the step has no
    /// packed form in that state; then the runtime runs it.
    ///
    /// Only while the initial state is within the bounds (then every stored state is, and a
    /// pop or a change of flags cannot pass one).
    @inline(__always)
    mutating func packedOutcome(of action: ExplorerAction, _ step: PackedSteps.Step, _ facts: PackedSteps.ParentFacts, from index: Int,
                                on work: inout NavigationState<R>, parentTop: R?, parentFlags: FlagSet) throws(CheckerError) -> Outcome? {
        if case .push = step, facts.navigable, facts.noPendingRetry, facts.depth + 1 > bounds.maxStackDepth { return .cut(.maxStackDepth) }
        guard let successor = PackedSteps.successor(step, of: parentEncoding, facts, into: encodingBuffer.base) else { return nil }
        if let known = table.find(successor.bytes, key: successor.key) { return .stored(.known(known)) }
        if table.count >= stateLimit { return .cut(.maxStates) }
        // A new state: the properties observe it, so it is made, stored and unmade.
        switch step {
        case .none: return nil
        case .push(let id):
            work.restoreActiveTop(encoder.route(ofID: id))
            let stored = try store(work, successor.bytes, key: successor.key, parent: index, action: action.code)
            work.removeActiveTop()
            return .stored(stored)
        case .pop:
            guard let parentTop else { return nil }
            work.removeActiveTop()
            let stored = try store(work, successor.bytes, key: successor.key, parent: index, action: action.code)
            work.restoreActiveTop(parentTop)
            return .stored(stored)
        case .flags:
            guard case .event(let event) = action else { return nil }
            var flags = parentFlags
            for change in packedSteps.eventChanges[event] {
                if change.value { flags.insert(change.flag) } else { flags.remove(change.flag) }
            }
            work.restoreFlags(flags)
            let stored = try store(work, successor.bytes, key: successor.key, parent: index, action: action.code)
            work.restoreFlags(parentFlags)
            return .stored(stored)
        }
    }

    #if DEBUG
    /// Debug builds run the runtime on every step a packed step settled, and check that it
    /// succeeded with nothing else to observe and gave the same bytes (or passed the bound),
    /// and that the parent was given back.
    mutating func checkPackedStep(_ action: ExplorerAction, on parent: NavigationState<R>, work: NavigationState<R>, _ outcome: Outcome) {
        assert(work == parent, "a packed step (\(action)) did not give back the state it was applied to")
        var successor = parent
        let effects = model.apply(action, on: &successor)
        assert(effects.succeeded && !effects.hasDeepLink && !effects.hasRequests && !effects.hasReroutes,
               "a packed step (\(action)) stood for a step that did more than edit the bytes")
        switch outcome {
        case .cut(.maxStates): break
        case .cut(let bound):
            assert(Checker.boundCut(successor, bounds) == bound, "a packed step (\(action)) passed a bound the runtime's successor does not")
        case .stored(.known(let index)), .stored(.inserted(let index)):
            // With hash compaction the table keeps no bytes to compare with.
            guard table.exact else { return }
            let fresh = try? encoder.encode(successor, into: checkingBuffer)
            let stored = table.withBytes(of: index) { Array($0) }
            assert(fresh.map(Array.init) == stored, "a packed step (\(action)) found another state than the runtime's successor")
        case .stored(.full): break
        }
    }
    #endif
}
