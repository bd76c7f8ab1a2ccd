import NavigationChecker

extension SymbolicSearch {
    /// The reachable set: the initial state closed under every action at once by saturation
    /// (`SymbolicSaturation` over ``saturationEvents``), with no rounds around it.
    ///
    /// Why: the rounds before applied each navigating event and deep-link transaction to the
    /// whole set once per round (with tab-scoped modals, once per source tab and round),
    /// around saturations or chainings of the single commands. A round's set was then "what at
    /// most k events or links reach", a count a diagram must carry across every tab's block,
    /// and each application cost the whole set. Inside the saturation, an event or a link
    /// fires at the nodes of the first variable it writes, on the sub-diagram there: a link
    /// that pushes on the selected tab acts on that tab's block below the selection and the
    /// window's layers, as a push does. The saturation (and its memo) is dropped once the
    /// fixpoint is known: nothing after it closes sets (Benchmarks/README.md, issue 30).
    func saturatedFixpoint() throws(SymbolicError) -> Diagram {
        chainingRounds = 1
        let saturation = SymbolicSaturation(events: saturationEvents, diagrams)
        saturation.progress = { [unowned self] nodes in
            peakLiveNodes = max(peakLiveNodes, diagrams.liveNodes)
            reportSaturation(nodesClosed: nodes)
        }
        let reached = try saturation.close(initial)
        report(.reachableSet(round: 1), reached)
        return reached
    }
}
