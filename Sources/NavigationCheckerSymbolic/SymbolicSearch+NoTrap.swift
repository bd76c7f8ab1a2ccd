import NavigationChecker
import NavigationCore

/// The no-trap property: from every reachable state, the selected tab's root (with no modal
/// up) can be reached again. docs/ARCHITECTURE.md, "No trap, symbolically", says how and why.
extension SymbolicSearch {
    /// States from which `target` is reached, reachable or not: preimages of `target` while
    /// they stay cheap (see ``unrestrictedNodeLimit``), until they cover `covering` or stop
    /// growing.
    ///
    /// Each state of the result that is reachable reaches `target` through reachable states
    /// (the relation's parts stay within the bounds, and a reachable state's successors are
    /// reachable), so the result seeds a least fixpoint over the reachable states without
    /// changing it. In a tabbed app it covers every state in a few steps (dismiss, tap, tap).
    ///
    /// The preimages are *chained*, as the reachable set is forwards: each part of the relation
    /// in turn, round after round until a round adds nothing, and only then the navigating
    /// events and deep-link transactions, one preimage each, before the parts again. A round
    /// of every action at once makes the set "reaches `target` within k actions", and where the
    /// way home passes through another tab (signing in from the timeline's root to reach the
    /// profile tab, on the Mastodon sample) that count couples the tabs' stacks (so many Backs
    /// here, so many there): the Mastodon sample's sets passed 41,000 nodes by the third round
    /// and fell back to the fixpoints inside the reachable set (11 of its 16 s at depth 8).
    /// Closed under every tab's Back, the same sets stay a few hundred to 2,000 nodes and cover
    /// every tab in one or two rounds. The result is still a subset of the states that reach
    /// `target`, so the least fixpoint, the verdict and the trace do not change.
    ///
    /// Each preimage skips the actions that write none of the variables the set depends on
    /// (``BackwardSteps``): such an action leads into the set only from states already in it.
    ///
    /// A set that outgrows the limit is not given up at once: from then on it is cut down to
    /// the reachable set's *block hull* (``ReachedHull``), which holds every reachable state,
    /// so a reachable state still enters exactly when it did, and the states the hull drops
    /// (stacks no tab ever holds, unreachable pairings of a stack with the selection and the
    /// flags) are what made the set large. Only when the cut set outgrows the limit too is the
    /// set returned as it was.
    func statesReaching(_ target: Diagram, covering: Diagram) throws(SymbolicError) -> Diagram {
        let steps = BackwardSteps(self)
        let limit = unrestrictedNodeLimit
        var states = target
        // Per part of the relation, and for the events and links together, only what entered
        // since they last pulled the set back (``PulledBack``); the rest was added then, cut to
        // the hull (see `admitted`: a cut never drops a reachable state, so the reachable
        // states of the set are those of pulling back the whole set).
        var pulled = [PulledBack](repeating: PulledBack(diagrams), count: model.global.parts.count)
        var pulledThroughTransactions = PulledBack(diagrams)
        var hull: ReachedHull?
        /// The hull, built once per search; `nil` before the fixpoint, where the hull of what
        /// was reached so far would leave reachable states out.
        func builtHull() -> ReachedHull? {
            guard reachedKnown && !stopped else { return nil }
            let built = reachedHull ?? ReachedHull(self)
            reachedHull = built
            return built
        }
        /// `states` with `added` (states not in it), cut down to the hull once a set outgrew
        /// ``hullCutNodeLimit``; `nil` when it cannot be kept within the limit. Once the set
        /// is cut, only the additions are: a cut only drops states outside the hull, so the
        /// set stays a subset of the states that reach the target and keeps every reachable
        /// one it would have had, and the additions are small where the set is thousands of
        /// nodes. Cutting the whole union after every part's preimage was about half the
        /// Settings tab's closures on the Mastodon-shaped sample with tab-scoped sheets (0.8–1.8 s
        /// a pass at stack depth 8, the last pass cutting away everything it added).
        func admitted(_ states: Diagram, adding added: Diagram) -> Diagram? {
            guard let hull else {
                let next = states || added
                guard next.nodeCount > hullCutNodeLimit else { return next }
                guard let built = builtHull() else {
                    // No hull before the fixpoint: the set goes on uncut while within the limit.
                    return next.nodeCount <= limit ? next : nil
                }
                hull = built
                let cut = built.cut(next)
                return cut.nodeCount <= limit ? cut : nil
            }
            let next = states || hull.cut(added)
            return next.nodeCount <= limit ? next : nil
        }
        if backwardSetsInHull { hull = builtHull() }
        if let hull { states = hull.cut(states) }
        while !covering.without(states).isFalse {
            // The relation's parts (transitions, Back, dismissals, tab taps) to their own
            // fixpoint first, each part's preimage added in turn: the set stays closed under
            // every tab's steps, so it never counts them (see the discussion above).
            while true {
                let inner = states
                var reads = steps.reads(states, in: self)
                for (index, (part, written)) in zip(model.global.parts, steps.partWrites).enumerated() where written.contains(where: { reads[$0] }) {
                    guard let entered = pulled[index].entered(states) else { continue }
                    let added = model.global.preimage(of: entered, through: part).without(states)
                    try diagrams.checkpoint()
                    guard !added.isFalse else { continue }
                    guard let next = admitted(states, adding: added) else { return states }
                    // What the set reads grows with what was added (read before its cut: the
                    // hull's projections may add variables of the same blocks, whose parts then
                    // wait for the next pass, which starts from the set's own support; so the
                    // closure is the one an exact support gives).
                    if next != states { for variable in added.support { reads[variable] = true } }
                    states = next
                }
                if states == inner { break }
            }
            if covering.without(states).isFalse { return states }
            guard let entered = pulledThroughTransactions.entered(states) else {
                try diagrams.checkpoint()
                return states
            }
            let added = steps.transactionPreimage(of: entered, readBy: states, in: self).without(states)
            try diagrams.checkpoint()
            guard !added.isFalse, let next = admitted(states, adding: added), next != states else { return states }
            states = next
        }
        return states
    }

    /// A superset of the reachable set `R` that a diagram holds in about the sum of its
    /// parts: per *block* of variables (the window's modal layers; each tab's stack with its
    /// own layers), the states of `R` projected onto the block and the *frame* (the selection,
    /// the flags and the pending link), every other variable quantified away. The hull is the
    /// conjunction of the blocks' projections: a state is in it when each of its blocks holds,
    /// under the state's frame, something some reachable state holds there.
    ///
    /// Why ``statesReaching(_:covering:)`` cuts its sets down to it: computed over every
    /// encoded state, the states from which a home is reached include stacks no tab ever holds
    /// and pairings of a stack with flags and a selection that no run produces. Where the way
    /// home passes through other tabs (the Mastodon-shaped sample with tab-scoped sheets: from
    /// the hidden Settings tab, signed in, home is the profile tab's settings sheet, signing
    /// out, and a tap), those made the set outgrow its limit (49,030 nodes at stack depth 3,
    /// 228,440 without a limit) and the slower fixpoint inside `R` ran instead (sets of
    /// 134,000 nodes). Cut to the hull, the same search covers every tab in sets of about 6,300
    /// nodes. Any superset of `R` keeps the search sound: a reachable state in the set reaches
    /// the target through reachable states (a reachable state's successors are reachable),
    /// and one that enters through reachable states enters as before.
    struct ReachedHull {
        /// Per block, its variables and the reachable set projected onto the frame and them.
        let blocks: [(variables: Set<Int>, projection: Diagram)]

        init(_ search: SymbolicSearch) {
            let layout = search.encoding.layout
            let frame = Set(layout.selected + layout.flags + layout.pending)
            var blocks: [[Int]] = [(0..<layout.layerCount).flatMap { layout.layerVariables($0) }]
            for tab in 0..<layout.tabCount {
                blocks.append(layout.tabSlots[tab].flatMap { $0 } + layout.ownLayerVariables(ofTab: tab))
            }
            self.blocks = blocks.map { block in
                let kept = frame.union(block)
                let others = layout.current.filter { !kept.contains($0) }
                return (Set(block), search.reached.exists(search.diagrams.set(of: others)))
            }
        }

        /// `states` conjoined with the projections of the blocks it depends on (the others
        /// would only add variables to it, and hold every reachable state already).
        func cut(_ states: Diagram) -> Diagram {
            let read = states.support
            return blocks.reduce(states) { result, block in
                read.contains(where: block.variables.contains) ? result && block.projection : result
            }
        }
    }

    /// The most nodes a set of ``statesReaching(_:covering:)`` may have: 10,000, or the
    /// reachable set's nodes when that is more.
    var unrestrictedNodeLimit: Int { max(10_000, reachedKnown ? reached.nodeCount : 0) }

    /// The nodes past which a set of ``statesReaching(_:covering:)`` is cut down to the
    /// reachable set's block hull (once the fixpoint is known): the size of a seed that covers
    /// its tab without the hull on the samples (a few hundred to 2,000 nodes on the
    /// Mastodon-shaped sample, before the last preimage through the links).
    var hullCutNodeLimit: Int { 10_000 }

    /// The nearest state from which the selected tab's root (with no modal) can never be
    /// reached again: per tab, a least fixpoint of preimages from its home states, within the
    /// reachable set.
    ///
    /// The fixpoint starts from the states that reach the home in a few actions, computed
    /// without restricting them to the reachable ones while that set stays a small diagram
    /// (see ``statesReaching(_:covering:)``), from every encoded home state: a set that depends
    /// on the tab's own stack, the layers and the selection, never on the other tabs' stacks,
    /// whatever the depth. In a tabbed app that covers most tabs (dismiss, tap, Back). Where it
    /// does not, one more fixpoint serves every tab: the reachable states
    /// from which the initial state is reached again. Every reachable state is reached from
    /// the initial one, so such a state reaches every reachable home; where every state
    /// returns (the usual app), that answers every tab at once. A tab left uncovered goes on
    /// from there with its own fixpoint. Both run inside the reachable set
    /// (``ReachableBackward``).
    func firstTrap() throws(SymbolicError) -> (tab: Int, violation: SymbolicFindings<R>.Violation)? {
        var trappedSets: [(tab: Int, set: Diagram)] = []
        var backward: ReachableBackward?
        var returning: Diagram?
        for tab in 0..<encoding.layout.tabCount {
            let selected = reached && encoding.selected(tab)
            guard !selected.isFalse else { continue }
            // Every encoded home state, reachable or not: a set that depends on the tab's own
            // stack, the layers and the selection alone, as its preimages do.
            let anyHome = encoding.selected(tab) && encoding.isActive(.tab(tab)) && encoding.depth(.tab(tab), is: 1)
            let home = reached && anyHome
            var canReachHome = try statesReaching(anyHome, covering: selected) && reached
            if !selected.without(canReachHome).isFalse {
                let actions: ReachableBackward
                if let built = backward { actions = built } else { actions = try ReachableBackward(self) }
                backward = actions
                // A tab whose home is unreachable keeps only the states that reach it: none.
                if !home.isFalse {
                    let back: Diagram
                    if let returning { back = returning } else {
                        back = try actions.statesReaching(initial, covering: reached, in: self) { self.report(.noTrap(tab: tab), self.reached) }
                        returning = back
                    }
                    canReachHome = canReachHome || back
                }
                if !selected.without(canReachHome).isFalse {
                    canReachHome = try actions.statesReaching(canReachHome, covering: selected, in: self) { self.report(.noTrap(tab: tab), self.reached) }
                }
            }
            trappedSets.append((tab, selected.without(canReachHome)))
        }
        guard let (index, level) = try nearest(trappedSets.map(\.set)) else { return nil }
        let nearest = (tab: trappedSets[index].tab, level: level, set: trappedSets[index].set)
        let graph = checker.graph
        let tabName = graph.tabs.indices.contains(nearest.tab) ? "tab \(graph.tabs[nearest.tab].id.name)'s root" : "the root"
        return (nearest.tab, .init(level: nearest.level, actions: try trace(to: nearest.set, level: nearest.level),
                                   message: "from here \(tabName) can never be reached again"))
    }

    /// The actions as preimages over every encoded state, each with the current-state
    /// variables it may write.
    ///
    /// A state `s` is in an action's preimage of a set `X` when the action leads from `s` into
    /// `X`; the action leaves every variable it does not write as it was, so when `X` depends
    /// on none of the variables the action writes, `s` is in `X` already, and the preimage adds
    /// nothing. A backward fixpoint from a tab's home depends on that tab's stack, the modal
    /// layers and the selection, never on the other tabs' stacks: their pushes and pops (most of
    /// the relation's parts, more with every level of stack depth) are skipped, which the
    /// diagram operations themselves do not (each would still walk the set once per part).
    struct BackwardSteps {
        /// Per part of the relation, per navigating event (in `model.events` order, none for
        /// the events that are parts of the relation), per deep-link transaction: the
        /// current-state variables it may write.
        let partWrites: [[Int]]
        let eventWrites: [[Int]]
        let linkWrites: [[Int]]

        init(_ search: SymbolicSearch) {
            partWrites = search.model.global.parts.map(\.currentSet.support)
            eventWrites = search.model.events.map { event in
                Self.union((event.steps ?? []).flatMap { $0.relation.parts.map(\.currentSet.support) })
            }
            linkWrites = search.model.linkTransactions.map { link in
                Self.union(link.transaction.steps.flatMap { $0.parts.map(\.currentSet.support) })
            }
        }

        private static func union(_ lists: [[Int]]) -> [Int] {
            Array(Set(lists.joined())).sorted()
        }

        /// Per current-state variable, whether `states` depends on it.
        func reads(_ states: Diagram, in search: SymbolicSearch) -> [Bool] {
            var reads = [Bool](repeating: false, count: search.diagrams.variableCount)
            for variable in states.support { reads[variable] = true }
            return reads
        }

        /// The states from which one navigating event or deep-link transaction leads into
        /// `states` (what entered the set `whole` since its last pull-back), less some that are
        /// in `whole` already: the actions that write none of the variables `whole` depends on
        /// are skipped.
        func transactionPreimage(of states: Diagram, readBy whole: Diagram, in search: SymbolicSearch) -> Diagram {
            let reads = reads(whole, in: search)
            func moves(_ written: [Int]) -> Bool { written.contains { reads[$0] } }
            let model = search.model
            var result = search.diagrams.false
            let bounded = states && search.encoding.withinBounds
            for (event, written) in zip(model.events, eventWrites) where moves(written) {
                guard let steps = event.steps else { continue }
                result = result || (event.enabled && search.pullBack(bounded, through: steps[...]))
            }
            for (link, written) in zip(model.linkTransactions, linkWrites) where moves(written) {
                result = result || link.transaction.preimage(of: bounded)
            }
            return result
        }
    }

    /// The actions as the no-trap fixpoints apply them backwards inside the reachable set
    /// `R`: each part of the relation conjoined with `R` once, so that its preimages never
    /// leave `R`, and each navigating event and deep-link transaction with the states it leads
    /// to from `R` (its forward image, computed once).
    ///
    /// A state of `R` is in an action's preimage of a set `X` exactly when it is in its
    /// preimage of `X ∧ image(R)`, so only the part of the growing set that the action can
    /// enter is pulled back, and only what entered it since the last round: a transaction
    /// pulled back through each of its commands, over states that are mostly unreachable, is
    /// the dearest operation of the search. Before, every preimage was computed over every
    /// encoded state and conjoined with `R` after: diagrams of millions of nodes for sets of
    /// 30,000.
    struct ReachableBackward {
        /// The relation's parts restricted to `R`, last to first (tab selection and Back
        /// before the pushes).
        let parts: [SymbolicRelation.Part]
        /// Per navigating event, then per deep-link transaction: the states it leads to from `R`.
        let targets: [Diagram]

        init(_ search: SymbolicSearch) throws(SymbolicError) {
            let reached = search.reached
            parts = search.model.global.parts.reversed().map { part in
                SymbolicRelation.Part(relation: part.relation && reached, currentSet: part.currentSet, nextSet: part.nextSet,
                                      toCurrent: part.toCurrent, toNext: part.toNext)
            }
            var targets: [Diagram] = []
            for event in search.model.events where event.steps != nil { targets.append(search.eventImage(of: reached, event)) }
            for link in search.model.linkTransactions {
                targets.append(link.transaction.image(of: reached) && search.encoding.withinBounds)
            }
            self.targets = targets
            try search.diagrams.checkpoint()
        }

        /// The states of `R` from which `start` (a subset of `R`) is reached, or enough of them
        /// to cover `covering`: chained, as the forward fixpoint, each part's preimage in turn,
        /// then the events' and the links', round after round.
        func statesReaching(_ start: Diagram, covering: Diagram, in search: SymbolicSearch,
                            afterRound: () -> Void) throws(SymbolicError) -> Diagram {
            let reached = search.reached
            var states = start
            // Per part, and per event and link (the states of its targets), only what entered
            // since they last pulled the set back (``PulledBack``), as in the seeds.
            var pulledByPart = [PulledBack](repeating: PulledBack(search.diagrams), count: parts.count)
            var pulled = [PulledBack](repeating: PulledBack(search.diagrams), count: targets.count)
            func entered(_ index: Int) -> Diagram? {
                let entering = states && targets[index]
                guard let new = pulled[index].entered(entering) else { return nil }
                // What entered since the last round, unless that is the larger diagram (the
                // rest of `entering` pulls back into the set again).
                return new.nodeCount > entering.nodeCount ? entering : new
            }
            while !covering.without(states).isFalse {
                let before = states
                for (index, part) in parts.enumerated() {
                    guard let new = pulledByPart[index].entered(states) else { continue }
                    states = states || search.model.global.preimage(of: new, through: part)
                    if covering.without(states).isFalse { return states }
                }
                var index = 0
                for event in search.model.events {
                    guard let steps = event.steps else { continue }
                    if let new = entered(index) {
                        states = states || (event.enabled && search.pullBack(new, through: steps[...]) && reached)
                    }
                    index += 1
                }
                for link in search.model.linkTransactions {
                    if let new = entered(index) { states = states || (link.transaction.preimage(of: new) && reached) }
                    index += 1
                }
                try search.diagrams.checkpoint()
                afterRound()
                if states == before { break }
            }
            return states
        }
    }
}

/// A growing set's pull-backs through one action (a part of the relation, an event, a link):
/// the set as it was when last pulled back through it. A preimage distributes over union, so
/// what the action adds from the set now is what it adds from what entered since; the rest it
/// added then. A pull-back then takes what the passes before it added, not the whole set once
/// per action again; the difference costs one walk of the two sets, no renaming and no
/// quantification.
struct PulledBack {
    private var last: Diagram

    init(_ diagrams: DecisionDiagrams) { last = diagrams.false }

    /// What of `states` entered since the set last passed, `nil` when nothing did (states
    /// dropped since, as a first hull cut drops some, are not pulled back again). Remembers
    /// `states` for the next call.
    mutating func entered(_ states: Diagram) -> Diagram? {
        let new = states.without(last)
        last = states
        return new.isFalse ? nil : new
    }
}
