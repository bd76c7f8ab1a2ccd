import NavigationCore

extension SymbolicSearch {
    /// The reachable set `R` seen from each tab: per tab `t`, the states of `R` that select `t`,
    /// projected onto the variables such a state's selected tab reads (the selection, the
    /// flags, the pending link, the window's layers, and `t`'s own stack and layers), every
    /// other tab's stack and layers quantified away.
    ///
    /// Why: judging asks many questions of the form "does `R` meet `X`" (a transition taken)
    /// and "which flag values does `R ∧ X` have" (the taps to reach, per route), where `X` reads
    /// the selected tab's block alone: the route on top, a transition's source. Conjoined with
    /// `R` itself each walks every tab's block (on the Mastodon-shaped sample with tab-scoped
    /// modals at stack depth 8, 129,380 nodes, 50–60 questions of each kind; Benchmarks/README.md,
    /// issue 30). `R` is the union of its states per selected tab, and for a set `X` whose
    /// states selecting `t` read only what the view keeps, `R ∧ sel(t) ∧ X` and the view
    /// `∧ X` have the same projection onto the kept variables: the same emptiness, the same
    /// flag values. A set that reads more is asked of `R` itself, so the answers are exact.
    struct TabViews {
        /// Per tab: which variables the view keeps (by variable number), and the view.
        let views: [(kept: [Bool], view: Diagram)]

        init(_ search: SymbolicSearch) {
            let layout = search.encoding.layout
            let diagrams = search.diagrams
            let shared = layout.selected + layout.flags + layout.pending + (0..<layout.layerCount).flatMap { layout.layerVariables($0) }
            var views: [(kept: [Bool], view: Diagram)] = []
            for tab in 0..<layout.tabCount {
                var kept = [Bool](repeating: false, count: diagrams.variableCount)
                for variable in shared + layout.tabSlots[tab].flatMap({ $0 }) + layout.ownLayerVariables(ofTab: tab) { kept[variable] = true }
                let others = layout.current.filter { !kept[$0] }
                views.append((kept, search.reached.andExists(search.encoding.selected(tab), diagrams.set(of: others))))
            }
            self.views = views
        }
    }

    /// The views, built the first time they are asked for; `nil` before the fixpoint or after a
    /// budget stopped the search (then ``reached`` is not the reachable set).
    private func builtTabViews() -> TabViews? {
        guard reachedKnown && !stopped else { return nil }
        if let tabViews { return tabViews }
        let built = TabViews(self)
        tabViews = built
        return built
    }

    /// Per tab, `set` restricted to the states that select it, and the view that answers for
    /// it (``reached`` where `set` reads more than the tab's view keeps).
    private func perTab(_ set: Diagram) -> [(set: Diagram, within: Diagram)] {
        guard let views = builtTabViews() else { return [(set, reached)] }
        return views.views.indices.map { tab in
            let part = set && encoding.selected(tab)
            let view = views.views[tab]
            return (part, part.support.allSatisfy { view.kept[$0] } ? view.view : reached)
        }
    }

    /// Whether a reachable state is in `set`.
    func reachedMeets(_ set: Diagram) -> Bool {
        guard !set.isFalse else { return false }
        for (part, within) in perTab(set) where !part.isFalse {
            if !(part && within).isFalse { return true }
        }
        return false
    }

    /// `∃ variables. reached ∧ set`, where `variables` (made by `DecisionDiagrams.set(of:)`)
    /// hold every current-state variable outside the selection, the flags, the pending link and
    /// the window's layers (the taps to reach quantify all but the flags): then the variables
    /// a view drops are quantified either way.
    func reachedProjected(_ set: Diagram, quantifying variables: Diagram) -> Diagram {
        var result = diagrams.false
        for (part, within) in perTab(set) where !part.isFalse {
            result = result || within.andExists(part, variables)
        }
        return result
    }
}
