import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// The run's result: the properties' verdicts (see ``PropertyObservations/verdicts(_:trace:)``),
    /// each failure's shortest trace replayed through the runtime, the bounds that cut, and the
    /// statistics.
    func result() -> CheckResult<R> {
        let trap = checker.options.checkTraps
            ? (tracksHomeReach ? NoTrapSearch.firstTrap(homes: homes, reaching: reachesHome, edges: edges, tabs: graph.tabs.count)
                : NoTrapSearch.firstTrap(homes: homes, edges: edges, tabs: graph.tabs.count)) : nil
        let checksPriorityFlows = checker.options.checkTraps && priorityOwnership != nil
        let priorityTrap = checksPriorityFlows ? NoTrapSearch.firstTrapped(in: inPriorityFlow, edges: edges) : nil
        var end = PropertyObservations<R>.SearchEnd(
            states: Double(table.count), complete: complete, checksTraps: checker.options.checkTraps, trap: trap,
            hasDeepLinks: model.pipeline != nil, cutoff: cutoff, depthScope: depthScope,
            checksPriorityFlows: checksPriorityFlows, priorityTrap: priorityTrap)
        if judgesDeclaredProperties { end.stateGraph = (edges, propertyEdgeActions) }
        var observations = properties
        let taps = tapDistances()
        observations.tapDistances = taps?.distances
        observations.tapPaths = taps?.launchPaths
        let judged = observations.verdicts(end) { violation, _ in
            // A declared never-until property's trace (and a `within` limit's path) follows the
            // edges' actions, not the parent links.
            checker.trace(violation.actions ?? (parents.actions(to: violation.state) + (violation.action.map { [$0] } ?? [])))
        }
        var cuts: [BoundCut] = []
        if cutStack > 0 { cuts.append(BoundCut(bound: .maxStackDepth, limit: graph.bounds.maxStackDepth, successorsCut: cutStack)) }
        if cutModal > 0 { cuts.append(BoundCut(bound: .maxModalDepth, limit: graph.bounds.maxModalDepth, successorsCut: cutModal)) }
        if cutStates > 0 { cuts.append(BoundCut(bound: .maxStates, limit: stateLimit, successorsCut: cutStates)) }
        let statistics = CheckStatistics(
            states: table.count, transitions: transitionsApplied, depth: max(0, levels - 1), complete: complete, storage: checker.options.storage,
            tableBytes: countedBytes, peakResidentBytes: ProcessMemory.peakResidentBytes(),
            elapsedSeconds: Self.seconds(ContinuousClock.now - started))
        var result = CheckResult(graphName: graph.name, origin: graph.origin, verdicts: judged.verdicts, routeCoverage: judged.routes,
                                 transitionCoverage: judged.transitions, cuts: cuts, cutoff: cutoff, statistics: statistics)
        result.tapDistances = taps?.distances
        return result
    }

    /// `within stack depth 8 and modal depth 2`, naming the depth bounds that cut successors:
    /// the scope every verdict holds in. `nil` when no depth bound cut anything.
    var depthScope: String? {
        var parts: [String] = []
        if cutStack > 0 { parts.append("stack depth \(bounds.maxStackDepth)") }
        if cutModal > 0 { parts.append("modal depth \(bounds.maxModalDepth)") }
        return parts.isEmpty ? nil : "within " + parts.joined(separator: " and ")
    }
}
