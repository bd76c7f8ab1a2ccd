import NavigationChecker
import NavigationCore
import NavigationGraph

extension SymbolicSearch {
    /// Per declared property (a document's `properties:`), its nearest violation with a
    /// shortest trace, `nil` where it holds: can-reach by a backward fixpoint over the
    /// reachable set, never-until by breadth-first levels over (state, armed bit) pairs. The
    /// trace lengths are the explicit engine's (``SymbolicFindings/Violation/level``).
    func declaredPropertyViolations() throws(SymbolicError) -> [SymbolicFindings<R>.Violation?] {
        var violations: [SymbolicFindings<R>.Violation?] = []
        for property in checker.graph.properties {
            switch property.rule {
            case .canReach(let from, let target):
                violations.append(try canReachViolation(from: encoding.compile(from), target: encoding.compile(target)))
            case .never(let after, let never, let until):
                violations.append(try neverViolation(after: encoding.compile(after), never: encoding.compile(never),
                                                     until: until.map { encoding.compile($0) } ?? diagrams.false, property: property.name))
            }
        }
        return violations
    }

    /// The nearest reachable state where `from` holds and from which no state of `target` can
    /// be reached: a least fixpoint of preimages from the reachable target states, within the
    /// reachable set, stopped once it covers every reachable `from` state (as no-trap's).
    ///
    /// As no-trap's, the fixpoint starts from the states that reach *any* `target` state,
    /// reachable or not (``statesReaching(_:covering:)``): a reachable state that reaches one
    /// reaches it through reachable states, so the fixpoint is the same, and the set depends on
    /// what the way to `target` reads rather than on every variable of the reachable set.
    private func canReachViolation(from: Diagram, target: Diagram) throws(SymbolicError) -> SymbolicFindings<R>.Violation? {
        let candidates = reached && from
        guard !candidates.isFalse else { return nil }
        var canReach = try statesReaching(target, covering: candidates) && reached
        while !candidates.without(canReach).isFalse {
            let next = canReach || (preimage(of: canReach) && reached)
            try diagrams.checkpoint()
            if next == canReach { break }
            canReach = next
        }
        let stuck = candidates.without(canReach)
        guard let level = try firstLevel(meeting: stuck) else { return nil }
        return .init(level: level, actions: try trace(to: stuck, level: level), message: "")
    }

    /// The nearest violation of "after `after`, no `never` until `until`": breadth-first levels
    /// of the product of the states with the monitor's bit. Entering a state `s` with bit `b`
    /// before gives `¬until(s) ∧ (after(s) ∨ b)`; a state of `never` entered with that bit set
    /// is a violation. Level k of the product holds the pairs first reached in k actions, kept
    /// as two sets (unarmed, armed), so the first level with an armed `never` state gives a
    /// shortest trace, rebuilt backwards through the levels.
    private func neverViolation(after: Diagram, never: Diagram, until: Diagram, property: String) throws(SymbolicError) -> SymbolicFindings<R>.Violation? {
        let arms = after.without(until)
        let startsArmed = !(initial && arms).isFalse
        var unarmed: [Diagram] = [startsArmed ? diagrams.false : initial]
        var armed: [Diagram] = [startsArmed ? initial : diagrams.false]
        var seenUnarmed = unarmed[0], seenArmed = armed[0]
        // Whether a violation is known to exist, so that the levels will meet one.
        var violates = false
        while (armed[armed.count - 1] && never).isFalse {
            // A property that holds needs every level of the product, each encoding a distance
            // (the levels of the tab-scoped Mastodon sample with the selection falling back took
            // minutes from the ninth on); the armed states' fixpoint answers it at once.
            if !violates && reachedKnown && unarmed[unarmed.count - 1].nodeCount + armed[armed.count - 1].nodeCount > monitorLevelNodeLimit {
                guard try armedStatesMeet(never, arms: arms, until: until) else { return nil }
                violates = true
            }
            let fromUnarmed = image(of: unarmed[unarmed.count - 1])
            let fromArmed = image(of: armed[armed.count - 1])
            let newUnarmed = (fromUnarmed.without(arms) || (fromArmed && until)).without(seenUnarmed)
            let newArmed = ((fromUnarmed && arms) || fromArmed.without(until)).without(seenArmed)
            try diagrams.checkpoint()
            if newUnarmed.isFalse && newArmed.isFalse { return nil }
            unarmed.append(newUnarmed)
            armed.append(newArmed)
            seenUnarmed = seenUnarmed || newUnarmed
            seenArmed = seenArmed || newArmed
        }
        let level = armed.count - 1
        guard var (current, state) = encoding.pick(armed[level] && never) else {
            throw .traceDidNotReplay(property: property, reason: "no state in level \(level)")
        }
        var isArmed = true
        var states = [state]
        for earlier in stride(from: level - 1, through: 0, by: -1) {
            let predecessors = preimage(of: current)
            let entersArmed = !(current && arms).isFalse
            let entersReleased = !(current && until).isFalse
            // The pairs of the level before that lead to this one: from an armed pair the bit
            // stays unless this state releases it; from an unarmed one it is set only here.
            let fromArmed = (isArmed ? !entersReleased : entersReleased) ? predecessors && armed[earlier] : diagrams.false
            let fromUnarmed = (isArmed ? entersArmed : !entersArmed) ? predecessors && unarmed[earlier] : diagrams.false
            if let picked = encoding.pick(fromArmed) {
                (current, state) = picked
                isArmed = true
            } else if let picked = encoding.pick(fromUnarmed) {
                (current, state) = picked
                isArmed = false
            } else {
                throw .traceDidNotReplay(property: property, reason: "no predecessor in level \(earlier) of \(CheckTrace<R>.describe(state))")
            }
            states.append(state)
        }
        states.reverse()
        var actions: [ExplorerAction] = []
        for (from, to) in zip(states, states.dropFirst()) {
            guard let action = checker.model.actions(in: from).first(where: { checker.model.apply($0, to: from).state == to }) else {
                throw .traceDidNotReplay(property: property, reason: "no action leads from \(CheckTrace<R>.describe(from)) to \(CheckTrace<R>.describe(to))")
            }
            actions.append(action)
        }
        return .init(level: level, actions: actions, message: "")
    }

    /// Whether a reachable state of `never` is entered with the monitor armed.
    ///
    /// The states entered armed are the least set holding every reachable state that arms the
    /// monitor (`arms`: entered from anywhere, the bit is set) and closed under the steps into
    /// states that do not release it (`until`): the bit stays set along them, and only a
    /// state of `until` clears it. One saturation (``SymbolicSaturation``) over every action,
    /// each keeping only its successors outside `until`, computes it: a set shaped like the
    /// reachable set (0.1–0.4 s on the tab-scoped Mastodon sample at stack depths 2 to 8),
    /// where the product's levels encode a distance and grow with it.
    private func armedStatesMeet(_ never: Diagram, arms: Diagram, until: Diagram) throws(SymbolicError) -> Bool {
        let kept = !until
        let saturation = SymbolicSaturation(events: saturationEvents.map { $0.keeping(kept) }, diagrams)
        let armedStates = try saturation.close(reached && arms)
        return !(armedStates && never).isFalse
    }
}
