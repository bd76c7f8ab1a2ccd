import NavigationChecker
import NavigationCore
import NavigationGraph

/// A symbolic search that a budget stopped before its fixpoint: what it decided and what not.
extension SymbolicChecker {
    /// The cutoff a symbolic error stands for, or `nil` when it is not a budget running out.
    static func cutoff(for error: SymbolicError, graph: NavigationGraph<R>, budget: SearchBudget, level: Int = 0) -> SearchCutoff? {
        let instead = "or check the graph with the explicit engine (--checker explicit)"
        let decides = "the symbolic engine decides before its fixpoint only what its breadth-first levels show fail"
        switch error {
        case .timeLimit(let seconds):
            return SearchCutoff(budget: .timeout, limit: "\(seconds) s", unexpanded: 0, successorsNotStored: 0, level: level, growthPerLevel: nil,
                                advice: "\(decides): raise --timeout, lower maxStackDepth, " + instead)
        case .cancelled:
            return SearchCutoff(budget: .interrupted, limit: "", unexpanded: 0, successorsNotStored: 0, level: level, growthPerLevel: nil,
                                advice: "run it again to the end; \(decides)")
        case .decisionDiagrams:
            let memory = budget.memoryBytes(for: graph)
            return SearchCutoff(budget: .maxMemory, limit: MemorySize.text(memory), unexpanded: 0, successorsNotStored: 0, level: level,
                                growthPerLevel: nil,
                                advice: "the decision diagrams outgrew the memory budget (\(error)); raise --max-memory, lower maxStackDepth, " + instead)
        case .unsupported, .invalidGraph, .traceDidNotReplay:
            return nil
        }
    }

    /// Every property of `graph` undecided, in `CheckResult`'s order: a search that a budget
    /// stopped before its levels showed any failure.
    static func undecided(_ graph: NavigationGraph<R>, checkTraps: Bool, cutoff: SearchCutoff, since started: ContinuousClock.Instant) -> CheckResult<R> {
        let message = cutoff.budget == .interrupted ? "not decided: the symbolic search was interrupted before its fixpoint"
            : "not decided: the symbolic search ran out of \(cutoff.budget.rawValue) (\(cutoff.limit)) before its fixpoint"
        let verdicts = PropertyRegistry.undecided(graph, checkTraps: checkTraps, message: message)
        let statistics = CheckStatistics(states: 0, transitions: 0, depth: 0, complete: false, storage: .exact, tableBytes: 0,
                                         peakResidentBytes: ProcessMemory.peakResidentBytes(), elapsedSeconds: seconds(ContinuousClock.now - started),
                                         depthIsExact: false)
        // Stopped before its fixpoint, the search knows nothing unreachable: no route is reported
        // as never shown (the root was listed so, found by review). What is known shown: the
        // routes of the initial state's visible stack.
        let shown = Set((try? graph.initialState()).map { $0.activeStack.routes.map(graph.routeName) } ?? [])
        return CheckResult(graphName: graph.name, origin: graph.origin, verdicts: verdicts,
                           routeCoverage: Coverage(reached: graph.routes.map(\.name).filter(shown.contains), unreached: []),
                           transitionCoverage: Coverage(reached: [], unreached: []),
                           cuts: [], cutoff: cutoff, statistics: statistics)
    }
}
