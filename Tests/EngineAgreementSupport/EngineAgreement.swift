import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph

/// The symbolic engine held to the explicit one's meaning, for the test targets of both
/// engines: the same state and transition counts, depth, cuts, coverage, verdicts, shortest
/// trace lengths and messages, every symbolic trace replayed through the runtime.
public enum EngineAgreement {
    /// Runs both engines on `graph` and records every difference.
    public static func differences(_ graph: NavigationGraph<DynamicRoute>) throws -> [String] {
        try differences(graph, explicit: try Checker(graph).run())
    }

    public static func differences(_ graph: NavigationGraph<DynamicRoute>, explicit: CheckResult<DynamicRoute>) throws -> [String] {
        let symbolic = try SymbolicChecker(graph, options: .init(exactDepth: true)).run()
        var differences: [String] = []
        func differ<T: Equatable>(_ what: String, _ a: T, _ b: T) {
            if a != b { differences.append("\(what): explicit \(a), symbolic \(b)") }
        }
        differ("states", explicit.statistics.states, symbolic.statistics.states)
        differ("transitions", explicit.statistics.transitions, symbolic.statistics.transitions)
        differ("depth", explicit.statistics.depth, symbolic.statistics.depth)
        differ("cuts", explicit.cuts, symbolic.cuts)
        differ("routes reached", explicit.routeCoverage, symbolic.routeCoverage)
        differ("transitions taken", explicit.transitionCoverage, symbolic.transitionCoverage)
        differ("verdicts", explicit.verdicts.map(\.name), symbolic.verdicts.map(\.name))
        // Tap distances: the same numbers; a shortest path of the same length (ties may pick another).
        func distances(_ result: CheckResult<DynamicRoute>) -> [String] {
            guard let taps = result.tapDistances else { return ["none"] }
            return ["flag combinations \(taps.flagCombinations)"] + taps.routes.map {
                "\($0.route) taps \($0.taps ?? -1) with events \($0.withEvents ?? -1) tabs \($0.fromTabRoots.map { $0 ?? -1 }) "
                    + "flags \($0.fromFlagCombinations.map { $0 ?? -1 }) path \($0.path.count)"
            }
        }
        differ("tap distances", distances(explicit), distances(symbolic))
        let checker = Checker(graph)
        for verdict in explicit.verdicts + symbolic.verdicts {
            if let problem = try declaredPropertyTraceProblem(verdict, in: graph, checker: checker) { differences.append(problem) }
        }
        for (left, right) in zip(explicit.verdicts, symbolic.verdicts) {
            differ("\(left.name) status", left.status, right.status)
            differ("\(left.name) trace length", left.trace?.actions.count, right.trace?.actions.count)
            // Messages that name a violating state (or, for redirects, the commands run in it, a
            // replace carrying the whole stack; for the selected tab, the tab; for a refused step,
            // the event) may name another of the equally near ones.
            if ![.guardBypass, .noTrap, .redirects, .selectedTabShown, .eventStepRefused].contains(left.kind) { differ("\(left.name) message", left.message, right.message) }
            guard let trace = right.trace else { continue }
            // The trace replays, and for an invariant ends in a state that violates it.
            let states = try checker.replay(trace.actions)
            if left.kind == .invariant, let invariant = graph.invariants.first(where: { $0.name == left.name }),
               let last = states.last, invariant.condition.compile(routeName: graph.routeName)(last) {
                differences.append("\(left.name): the symbolic trace ends in a state where the invariant holds")
            }
        }
        // Levels computed only as far as traces need: the same verdicts and trace lengths.
        // And the taps to reach with every user search proving at once which routes it can show,
        // and every never-until property decided first by the armed states' fixpoint.
        var lazyOptions = SymbolicChecker<DynamicRoute>.Options()
        lazyOptions.tapLayerNodeLimit = 0
        lazyOptions.monitorLevelNodeLimit = 0
        let lazy = try SymbolicChecker(graph, options: lazyOptions).run()
        differ("tap distances (reach proven at once)", distances(symbolic), distances(lazy))
        differ("states (levels as needed)", symbolic.statistics.states, lazy.statistics.states)
        // Its depth is exact, or says it is a lower bound.
        if lazy.statistics.depthIsExact {
            differ("depth (levels as needed)", symbolic.statistics.depth, lazy.statistics.depth)
        } else if lazy.statistics.depth > symbolic.statistics.depth {
            differences.append("depth (levels as needed): \(lazy.statistics.depth) levels computed, deeper than the exact \(symbolic.statistics.depth)")
        }
        differ("verdicts (levels as needed)", symbolic.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? -1)" },
               lazy.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? -1)" })
        return differences
    }

    /// What is wrong with the trace of a failed declared property (`properties:`), replayed
    /// through the runtime: a can-reach trace must end where `from` holds, a never-until trace
    /// where `never` holds with the monitor armed (`after` seen, `until` not since). `nil` when
    /// it is right, or the verdict is no such failure.
    static func declaredPropertyTraceProblem(_ verdict: PropertyVerdict<DynamicRoute>, in graph: NavigationGraph<DynamicRoute>,
                                             checker: Checker<DynamicRoute>) throws -> String? {
        guard verdict.kind == .canReach || verdict.kind == .never, let trace = verdict.trace,
              let property = graph.properties.first(where: { $0.name == verdict.name }) else { return nil }
        let states = try checker.replay(trace.actions)
        guard let last = states.last else { return "\(verdict.name): the trace has no state" }
        func holds(_ condition: GraphCondition<DynamicRoute>, _ state: NavigationState<DynamicRoute>) -> Bool {
            condition.compile(routeName: graph.routeName)(state)
        }
        switch property.rule {
        case .canReach(let from, _):
            return holds(from, last) ? nil : "\(verdict.name): the trace ends where '\(from.text)' is false"
        case .never(let after, let never, let until):
            var armed = false
            for state in states {
                let released = until.map { holds($0, state) } ?? false
                armed = !released && (holds(after, state) || armed)
            }
            return armed && holds(never, last) ? nil : "\(verdict.name): the trace does not end in a violation"
        }
    }
}
