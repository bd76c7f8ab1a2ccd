import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// Where `step`, a packed step (see ``PackedSteps``), leads from the state held in
    /// ``parentEncoding``, when the runtime need not run to know: past the stack bound, or to a
    /// state already stored. `nil` when the step has no packed form in that state, or leads to
    /// a new state (which the properties observe, so it goes through the runtime).
    ///
    /// Only while the initial state is within the bounds (then every stored state is, and a
    /// pop or a change of flags cannot pass one).
    @inline(__always)
    func knownOutcome(of step: PackedSteps.Step, _ facts: PackedSteps.ParentFacts) -> Outcome? {
        if case .push = step, facts.navigable, facts.depth + 1 > bounds.maxStackDepth { return .cut(.maxStackDepth) }
        guard let successor = PackedSteps.successor(step, of: parentEncoding, facts, into: encodingBuffer.base),
              let known = table.find(successor.bytes, key: successor.key) else { return nil }
        return .stored(.known(known))
    }

    #if DEBUG
    /// Debug builds run the runtime on every step a packed step settled, and check that it
    /// succeeded with nothing else to observe and gave the same bytes (or passed the bound).
    mutating func checkPackedStep(_ action: ExplorerAction, on parent: NavigationState<R>, _ outcome: Outcome) {
        var successor = parent
        let effects = model.apply(action, on: &successor)
        assert(effects.succeeded && !effects.hasDeepLink && !effects.hasRequests && !effects.hasReroutes,
               "a packed step (\(action)) stood for a step that did more than edit the bytes")
        switch outcome {
        case .cut(let bound):
            assert(Checker.boundCut(successor, bounds) == bound, "a packed step (\(action)) passed a bound the runtime's successor does not")
        case .stored(.known(let index)):
            // With hash compaction the table keeps no bytes to compare with.
            guard table.exact else { return }
            let fresh = try? encoder.encode(successor, into: checkingBuffer)
            let stored = table.withBytes(of: index) { Array($0) }
            assert(fresh.map(Array.init) == stored, "a packed step (\(action)) found another state than the runtime's successor")
        case .stored:
            assertionFailure("a packed step settles only known states")
        }
    }
    #endif
}
