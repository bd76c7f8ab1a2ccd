import NavigationCore
import NavigationGraph

/// Checks a graph whose semantics are declarative by breadth-first search over sets of states
/// held as binary decision diagrams, and fills the same ``CheckResult`` as ``Checker``.
///
/// ```swift
/// guard SymbolicEngine.unsupported(graph).isEmpty else { return try Checker(graph).run() }
/// let result = try SymbolicChecker(graph).run()
/// ```
///
/// ``GraphCheck/run(_:engine:options:)`` makes that choice, says why, and turns a time limit or
/// a cancellation into an inconclusive result: most callers want it rather than this type.
///
/// The reachable states within the graph's depth bounds are computed level by level (the
/// states first reached in k steps), so every counterexample is a shortest one. Each is picked
/// from its level, walked back through the levels before it, turned into the explicit
/// engine's ``ExplorerAction``s by applying the runtime's own steps, and replayed through the
/// runtime (``Checker/replay(_:)``): a trace that does not replay is thrown as
/// ``SymbolicError/traceDidNotReplay(property:reason:)``, never reported as a finding.
///
/// `maxStates` does not apply (the diagrams' size, not the number of states, is what costs);
/// the memory budget sizes the node table, and a search that outgrows it throws
/// ``SymbolicError/decisionDiagrams(_:)``.
///
/// - Complexity: one relational product per part of the transition relation per level; the
///   cost follows the diagrams' sizes, not the number of states.
public struct SymbolicChecker<R: Route>: Sendable {
    public struct Options: Sendable {
        /// Whether to decide the no-trap property (a backward fixpoint per tab).
        public var checkTraps: Bool
        /// Memory and time the search may spend.
        public var budget: SearchBudget
        /// The node table's initial size; `nil` to size it from the graph.
        public var initialNodes: Int?
        /// Whether to compute every breadth-first level, for the exact depth (the longest
        /// shortest path) in ``CheckStatistics/depth``, whatever it costs. Without it, levels
        /// are computed to the end only while each level's diagram stays within
        /// ``levelNodeLimit`` nodes (levels can be far larger diagrams than the reachable set),
        /// and past that only as far as the shortest traces need; then the depth is the levels
        /// computed, a lower bound, and ``CheckStatistics/depthIsExact`` is false.
        public var exactDepth: Bool
        /// The most nodes a breadth-first level's diagram may have for the search to go on
        /// computing levels for the exact depth alone; `nil` for the larger of 10,000 and the
        /// reachable set's nodes. A node count, not a time, so the result is the same on every run.
        public var levelNodeLimit: Int?
        /// Stops the search from another thread (checked between image computations); the
        /// search then throws ``SymbolicError/cancelled``.
        public var cancellation: CheckCancellation?
        /// Called about every `progressInterval` (first after one interval) with where the
        /// search is: at the end of a chaining round, a breadth-first level or a no-trap round.
        public var progress: (@Sendable (SymbolicProgress) -> Void)?
        public var progressInterval: Duration

        public init(checkTraps: Bool = true, budget: SearchBudget = SearchBudget(), initialNodes: Int? = nil, exactDepth: Bool = false,
                    levelNodeLimit: Int? = nil, cancellation: CheckCancellation? = nil,
                    progress: (@Sendable (SymbolicProgress) -> Void)? = nil, progressInterval: Duration = .seconds(5)) {
            self.progress = progress
            self.progressInterval = progressInterval
            self.checkTraps = checkTraps
            self.budget = budget
            self.initialNodes = initialNodes
            self.exactDepth = exactDepth
            self.levelNodeLimit = levelNodeLimit
            self.cancellation = cancellation
        }
    }

    /// Figures of a symbolic search beyond ``CheckStatistics``.
    public struct Figures: Hashable, Sendable {
        /// The reachable states, exactly up to 2^53 and as the nearest double beyond.
        public let states: Double
        /// Actions applied to the reachable states (as the explicit engine counts them).
        public let transitions: Double
        /// Nodes of the diagram of the reachable states.
        public let reachableNodes: Int
        /// The most nodes in use at a level's end, and the node table's size at the end.
        public let peakLiveNodes: Int
        public let tableNodes: Int
        public let garbageCollections: Int
        /// Boolean variables (current and next-state copies).
        public let variables: Int
        /// Parts of the partitioned transition relation.
        public let relationParts: Int
        /// Rounds of chaining to the reachable set's fixpoint.
        public let chainingRounds: Int
        /// Whether every breadth-first level was computed (then ``CheckStatistics/depth`` is the
        /// longest shortest path; otherwise the levels the traces needed).
        public let depthIsExact: Bool
    }

    public let graph: NavigationGraph<R>
    public let options: Options

    public init(_ graph: NavigationGraph<R>, options: Options = Options()) {
        self.graph = graph
        self.options = options
    }

    /// Explores and judges every property.
    ///
    /// - Throws: ``SymbolicError/unsupported(_:)`` for a graph outside the engine's subset,
    ///   ``SymbolicError/invalidGraph(_:)`` when lint finds errors,
    ///   ``SymbolicError/decisionDiagrams(_:)`` when the node table runs out,
    ///   ``SymbolicError/timeLimit(seconds:)`` and ``SymbolicError/cancelled``.
    public func run() throws(SymbolicError) -> CheckResult<R> {
        try runWithFigures().result
    }

    /// ``run()``, with the search's own figures.
    public func runWithFigures() throws(SymbolicError) -> (result: CheckResult<R>, figures: Figures) {
        let reasons = SymbolicEngine.unsupported(graph)
        guard reasons.isEmpty else { throw .unsupported(reasons) }
        let started = ContinuousClock.now
        let checker = Checker(graph, options: .init(checkTraps: options.checkTraps, budget: options.budget))
        let initial: NavigationState<R>
        do { initial = try checker.lintedInitialState() } catch { throw .invalidGraph(error.description) }
        let bounds = graph.bounds
        let links = SymbolicDeepLinks(graph)
        let guarded = Set(graph.routes.filter { $0.entryGuard != nil }.flatMap(\.samples))
        let layout = SymbolicLayout(tabs: graph.tabs.count, maxStackDepth: bounds.maxStackDepth, maxModalDepth: bounds.maxModalDepth,
                                    routes: graph.routes.reduce(0) { $0 + $1.samples.count }, flags: graph.flags.count,
                                    pendingLinks: links.pendingLinks.count,
                                    overflow: graph.events.map { SymbolicEngine.growingSteps(of: $0, in: graph) }.reduce(max(1, links.growth(guarded: guarded)), max))
        let memory = options.budget.memoryBytes(for: graph)
        // Sized on purpose: a table too small for the search spends its time collecting
        // garbage. A few thousand nodes per variable pair covers the sample graphs without
        // growing; large graphs start at millions and double from there.
        let wanted = options.initialNodes ?? min(20_000_000, max(250_000, layout.current.count * layout.current.count * 20))
        let sizing = DecisionDiagrams.Sizing.within(memoryBytes: memory, initialNodes: wanted)
        let deadline = options.budget.timeLimit.map { started + $0 }
        let checkTraps = options.checkTraps
        let exactDepth = options.exactDepth
        let levelNodeLimit = options.levelNodeLimit
        let cancellation = options.cancellation
        let progress = options.progress.map { (report: $0, interval: options.progressInterval, started: started) }
        let (findings, figures) = try DecisionDiagrams.withSession(variables: layout.variableCount, sizing: sizing) { diagrams throws(SymbolicError) in
            let encoding = SymbolicEncoding(graph: graph, initialState: initial, diagrams: diagrams, layout: layout,
                                            pendingLinks: links.pendingLinks.map(\.link))
            let model = SymbolicModel(graph: graph, encoding: encoding, links: links)
            try diagrams.checkpoint()
            guard let start = encoding.encode(initial) else { throw .invalidGraph("the initial state holds a route that is not declared") }
            let search = SymbolicSearch(checker: checker, model: model, initial: start, checkTraps: checkTraps, deadline: deadline,
                                        cancellation: cancellation, progress: progress)
            // A budget that stops the search leaves the levels computed so far to judge.
            var findings: SymbolicFindings<R>
            do throws(SymbolicError) {
                try search.explore(allLevels: exactDepth, levelNodeLimit: levelNodeLimit)
                findings = try search.findings()
            } catch {
                switch error {
                case .timeLimit, .cancelled:
                    findings = try search.cutShort()
                    findings.stoppedBy = error
                case .unsupported, .invalidGraph, .decisionDiagrams, .traceDidNotReplay:
                    throw error
                }
            }
            let figures = Figures(states: findings.states, transitions: findings.transitions, reachableNodes: findings.diagramNodes,
                                  peakLiveNodes: findings.peakLiveNodes, tableNodes: findings.tableNodes,
                                  garbageCollections: findings.collections, variables: layout.variableCount,
                                  relationParts: model.global.parts.count, chainingRounds: search.chainingRounds,
                                  depthIsExact: findings.depthKnown)
            return (findings, figures)
        }
        if let stop = findings.stoppedBy {
            return (try assembleCutShort(findings, stoppedBy: stop, checker: checker, started: started), figures)
        }
        let result = try assemble(findings, checker: checker, seconds: Self.seconds(ContinuousClock.now - started))
        return (result, figures)
    }

    /// The verdicts, in ``CheckResult``'s order and with the explicit engine's messages; every
    /// trace replayed through the runtime.
    private func assemble(_ findings: SymbolicFindings<R>, checker: Checker<R>, seconds: Double) throws(SymbolicError) -> CheckResult<R> {
        let states = Self.integer(findings.states)
        func trace(_ violation: SymbolicFindings<R>.Violation, _ property: String) throws(SymbolicError) -> CheckTrace<R> {
            do { _ = try checker.replay(violation.actions) } catch { throw .traceDidNotReplay(property: property, reason: error.description) }
            guard let trace = checker.trace(violation.actions) else { throw .traceDidNotReplay(property: property, reason: "no trace") }
            return trace
        }
        var verdicts: [PropertyVerdict<R>] = []
        for (invariant, violation) in zip(graph.invariants, findings.invariants) {
            if let violation {
                verdicts.append(.init(kind: .invariant, name: invariant.name, status: .failed, message: violation.message,
                                      trace: try trace(violation, invariant.name), location: invariant.location))
            } else {
                verdicts.append(.init(kind: .invariant, name: invariant.name, status: .passed,
                                      message: "holds in all \(Self.countText(findings.states)) states", trace: nil, location: invariant.location))
            }
        }
        let guarded = graph.routes.filter { $0.entryGuard != nil }
        if let (route, violation) = findings.bypass {
            let others = findings.bypassRoutes.count - 1
            let more = others > 0 ? " (and \(others) more route\(others > 1 ? "s" : ""))" : ""
            verdicts.append(.init(kind: .guardBypass, name: "guard bypass", status: .failed, message: violation.message + more,
                                  trace: try trace(violation, "guard bypass"), location: graph.route(named: route)?.location))
        } else {
            verdicts.append(.init(kind: .guardBypass, name: "guard bypass", status: .passed,
                                  message: guarded.isEmpty ? "no route has a guard" : "no guarded route is ever on top with its guard false",
                                  trace: nil, location: nil))
        }
        if options.checkTraps {
            if let (_, violation) = findings.trap {
                verdicts.append(.init(kind: .noTrap, name: "no trap", status: .failed, message: violation.message,
                                      trace: try trace(violation, "no trap"), location: nil))
            } else {
                verdicts.append(.init(kind: .noTrap, name: "no trap", status: .passed,
                                      message: "the current tab's root is reachable again from every state", trace: nil, location: nil))
            }
        }
        if let links = findings.links {
            if let violation = links.violation {
                let more = links.problems > 1 ? " (\(links.problems) problems in all)" : ""
                verdicts.append(.init(kind: .deepLinks, name: "deep links", status: .failed, message: violation.message + more,
                                      trace: try trace(.init(level: violation.actions.count, actions: violation.actions, message: ""), "deep links"),
                                      location: violation.location))
            } else {
                verdicts.append(.init(kind: .deepLinks, name: "deep links", status: .passed,
                                      message: "all \(checker.model.samples.count) sample URLs do what they declare; resumed links land where planned",
                                      trace: nil, location: nil))
            }
        }
        if let violation = findings.redirect {
            verdicts.append(.init(kind: .redirects, name: "guard redirects", status: .failed, message: violation.message,
                                  trace: try trace(violation, "guard redirects"), location: nil))
        } else if !guarded.isEmpty {
            verdicts.append(.init(kind: .redirects, name: "guard redirects", status: .passed, message: "every guard redirect settles", trace: nil, location: nil))
        }
        let routeNames = graph.routes.map(\.name)
        let routeCoverage = Coverage(reached: routeNames.filter(findings.reachedRoutes.contains),
                                     unreached: routeNames.filter { !findings.reachedRoutes.contains($0) })
        let labels = graph.transitions.map { "\($0.style.rawValue) \($0.from) → \($0.to)" }
        let transitionCoverage = Coverage(reached: graph.transitions.indices.filter { findings.taken[$0] }.map { labels[$0] },
                                          unreached: graph.transitions.indices.filter { !findings.taken[$0] }.map { labels[$0] })
        func depthNote(_ cut: Double) -> String {
            cut == 0 ? "" : " (\(CheckProgress.grouped(Self.integer(cut))) successor\(cut == 1 ? "" : "s") cut by the depth bounds)"
        }
        var scopeParts: [String] = []
        if findings.cutByStack > 0 { scopeParts.append("stack depth \(graph.bounds.maxStackDepth)") }
        if findings.cutByModal > 0 { scopeParts.append("modal depth \(graph.bounds.maxModalDepth)") }
        let scope = scopeParts.isEmpty ? nil : "within " + scopeParts.joined(separator: " and ")
        let never = scope.map { " \($0)" } ?? ""
        let unreachedRoutes = routeCoverage.unreached.map { name in
            name + depthNote(graph.transitions.indices.filter { graph.transitions[$0].to == name }.reduce(0) { $0 + findings.cutPerTransition[$1] })
        }
        let untaken = graph.transitions.indices.filter { !findings.taken[$0] }.map { labels[$0] + depthNote(findings.cutPerTransition[$0]) }
        verdicts.append(.init(kind: .routeReachability, name: "every route reachable",
                              status: routeCoverage.unreached.isEmpty ? .passed : .failed,
                              message: routeCoverage.unreached.isEmpty ? "all \(routeCoverage.total) routes are shown"
                                  : "never shown\(never): \(unreachedRoutes.joined(separator: ", "))", trace: nil, location: nil))
        verdicts.append(.init(kind: .transitionCoverage, name: "every transition taken",
                              status: transitionCoverage.unreached.isEmpty ? .passed : .failed,
                              message: transitionCoverage.unreached.isEmpty ? "all \(transitionCoverage.total) transitions are taken"
                                  : "never taken\(never): \(untaken.joined(separator: "; "))", trace: nil, location: nil))
        if let scope { verdicts = verdicts.map { $0.scoped(scope) } }
        var cuts: [BoundCut] = []
        if findings.cutByStack > 0 {
            cuts.append(BoundCut(bound: .maxStackDepth, limit: graph.bounds.maxStackDepth, successorsCut: Self.integer(findings.cutByStack)))
        }
        if findings.cutByModal > 0 {
            cuts.append(BoundCut(bound: .maxModalDepth, limit: graph.bounds.maxModalDepth, successorsCut: Self.integer(findings.cutByModal)))
        }
        let statistics = CheckStatistics(states: states, transitions: Self.integer(findings.transitions), depth: findings.depth, complete: true,
                                         storage: .exact, tableBytes: findings.tableNodes * DecisionDiagrams.Sizing.bytesPerNode,
                                         peakResidentBytes: ProcessMemory.peakResidentBytes(), elapsedSeconds: seconds,
                                         depthIsExact: findings.depthKnown)
        return CheckResult(graphName: graph.name, origin: graph.origin, verdicts: verdicts, routeCoverage: routeCoverage,
                           transitionCoverage: transitionCoverage, cuts: cuts, cutoff: nil, statistics: statistics)
    }

    /// A search a budget stopped: the failures its levels show, each replayed through the
    /// runtime, and every other property undecided. With no failure found it throws the
    /// budget's error (then ``GraphCheck`` reports every property undecided): a search cut
    /// short is never a pass.
    private func assembleCutShort(_ findings: SymbolicFindings<R>, stoppedBy stop: SymbolicError, checker: Checker<R>,
                                  started: ContinuousClock.Instant) throws(SymbolicError) -> CheckResult<R> {
        func trace(_ actions: [ExplorerAction], _ property: String) throws(SymbolicError) -> CheckTrace<R> {
            do { _ = try checker.replay(actions) } catch { throw .traceDidNotReplay(property: property, reason: error.description) }
            guard let trace = checker.trace(actions) else { throw .traceDidNotReplay(property: property, reason: "no trace") }
            return trace
        }
        var failed: [PropertyVerdict<R>] = []
        for (invariant, violation) in zip(graph.invariants, findings.invariants) {
            guard let violation else { continue }
            failed.append(.init(kind: .invariant, name: invariant.name, status: .failed, message: violation.message,
                                trace: try trace(violation.actions, invariant.name), location: invariant.location))
        }
        if let (route, violation) = findings.bypass {
            let others = findings.bypassRoutes.count - 1
            let more = others > 0 ? " (and \(others) more route\(others > 1 ? "s" : ""))" : ""
            failed.append(.init(kind: .guardBypass, name: "guard bypass", status: .failed, message: violation.message + more,
                                trace: try trace(violation.actions, "guard bypass"), location: graph.route(named: route)?.location))
        }
        if let violation = findings.links?.violation, let problems = findings.links?.problems {
            let more = problems > 1 ? " (\(problems) problems in all)" : ""
            failed.append(.init(kind: .deepLinks, name: "deep links", status: .failed, message: violation.message + more,
                                trace: try trace(violation.actions, "deep links"), location: violation.location))
        }
        guard !failed.isEmpty, let cutoff = Self.cutoff(for: stop, graph: graph, budget: options.budget, level: findings.depth) else { throw stop }
        return Self.undecided(graph, checkTraps: options.checkTraps, cutoff: cutoff, since: started, decided: failed,
                              states: Self.integer(findings.states), depth: findings.depth)
    }

    /// A count as an `Int`, `Int.max` past it (the exact figure is in ``Figures``).
    private static func integer(_ value: Double) -> Int { value < 9.2e18 ? Int(value) : Int.max }

    /// A count for a message: the integer up to `Int.max`, `8.33e+44` past it, and past the
    /// largest double "more than 1.8e+308".
    static func countText(_ value: Double) -> String {
        guard value.isFinite, value < .greatestFiniteMagnitude else { return "more than 1.8e+308" }
        guard value >= 9.2e18 else { return "\(Int(value))" }
        var mantissa = value, exponent = 0
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        let hundredths = Int((mantissa * 100).rounded())
        let digits = hundredths >= 1000 ? (100, exponent + 1) : (hundredths, exponent)
        let text = "\(digits.0 / 100).\(digits.0 % 100 < 10 ? "0" : "")\(digits.0 % 100)"
        return "\(text)e+\(digits.1)"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
