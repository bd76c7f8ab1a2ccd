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
    ///
    /// `prepared` is the successor ``prepareSuccessors(_:_:)`` made for the action.
    @inline(__always)
    mutating func packedOutcome(of action: ExplorerAction, _ step: PackedSteps.Step, _ facts: PackedSteps.ParentFacts,
                                prepared: KeyedEncoding?, from index: Int,
                                on work: inout NavigationState<R>, parentTop: R?, parentFlags: FlagSet) throws(CheckerError) -> Outcome? {
        if Self.passesStackBound(step, facts, bounds) { return .cut(.maxStackDepth) }
        guard let successor = prepared else { return nil }
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

    /// Whether `step` is a push past the stack bound from a parent with `facts` (the runtime
    /// would push, and the successor is cut).
    @inline(__always)
    static func passesStackBound(_ step: PackedSteps.Step, _ facts: PackedSteps.ParentFacts, _ bounds: GraphBounds) -> Bool {
        guard case .push = step else { return false }
        return facts.navigable && facts.noPendingRetry && facts.depth + 1 > bounds.maxStackDepth
    }

    /// Makes the packed successor of each of `actions` from the parent held in
    /// ``parentEncoding`` (with `facts`) into ``successors``, then reads the first table slot of
    /// each in one short loop, so that the reads wait on memory together and the lookups that
    /// follow find their slots loaded (see ``SuccessorBatch``). Pushes past the stack bound are
    /// left out: they are cut without a lookup.
    @inline(__always)
    mutating func prepareSuccessors(_ actions: borrowing ActionList, _ facts: PackedSteps.ParentFacts) {
        let successors = self.successors
        successors.reset(successorCapacity: parentEncoding.successorCapacity)
        let count = actions.count
        for slot in 0..<count {
            let step = packedSteps.step(for: actions[slot])
            successors[slot] = Self.passesStackBound(step, facts, bounds)
                ? nil : PackedSteps.successor(step, of: parentEncoding, facts, into: successors.output(slot))
        }
        var read: UInt64 = 0
        for slot in 0..<count {
            if let key = successors[slot]?.key { read ^= table.firstSlot(of: key) }
        }
        // Kept, so that the reads are made.
        slotsRead ^= read
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
