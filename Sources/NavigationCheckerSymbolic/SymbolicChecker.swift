import NavigationChecker
import NavigationCore
import NavigationGraph

/// Checks a graph whose semantics are declarative by breadth-first search over sets of states
/// held as binary decision diagrams, and fills the same `CheckResult` as `Checker`.
///
/// ```swift
/// guard SymbolicEngine.unsupported(graph).isEmpty else { return try Checker(graph).run() }
/// let result = try SymbolicChecker(graph).run()
/// ```
///
/// ``GraphCheck/run(_:engine:options:symbolicProgress:)`` makes that choice, says why, and turns a time limit or
/// a cancellation into an inconclusive result: most callers want it rather than this type.
///
/// The reachable states within the graph's depth bounds are computed level by level (the
/// states first reached in k steps), so every counterexample is a shortest one. Each is picked
/// from its level, walked back through the levels before it, turned into the explicit
/// engine's `ExplorerAction`s by applying the runtime's own steps, and replayed through the
/// runtime (`Checker.replay(_:)`): a trace that does not replay is thrown as
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
        /// shortest path) in `CheckStatistics.depth`, whatever it costs. Without it, levels
        /// are computed to the end only while each level's diagram stays within
        /// ``levelNodeLimit`` nodes (levels can be far larger diagrams than the reachable set),
        /// and past that only as far as the shortest traces need; then the depth is the levels
        /// computed, a lower bound, and `CheckStatistics.depthIsExact` is false.
        public var exactDepth: Bool
        /// The most nodes a breadth-first level's diagram may have for the search to go on
        /// computing levels for the exact depth alone; `nil` for the larger of 10,000 and the
        /// reachable set's nodes. A node count, not a time, so the result is the same on every run.
        public var levelNodeLimit: Int?
        /// Stops the search from another thread (checked between image computations); the
        /// search then throws ``SymbolicError/cancelled``.
        public var cancellation: CheckCancellation?
        /// Called about every `progressInterval` (first after one interval) with where the
        /// search is: at the reachable set's fixpoint, a breadth-first level or a no-trap round.
        public var progress: (@Sendable (SymbolicProgress) -> Void)?
        public var progressInterval: Duration
        /// Whether to compute each route's fewest user actions (`CheckResult.tapDistances`):
        /// on by default; it costs one breadth-first search under the user actions' part of
        /// the relation from launch, one from each tab's root and one per flag combination,
        /// each stopped once every route the user can reach from there has shown.
        public var tapDistances = true
        /// Past this many nodes in one of those searches' layers (or in its layers since the
        /// last that showed a route), with routes still to show, the search first proves which
        /// of them the user can reach at all (the user actions' fixpoint from its start); `nil`:
        /// the larger of 10,000 and the reachable set's nodes.
        /// For tests: 0 proves it at once.
        package var tapLayerNodeLimit: Int? = nil
        /// Whether the backward searches from a home or a target cut their sets down to the
        /// reachable set's block hull from their first step, not only once a set outgrows its
        /// limit (`SymbolicSearch+NoTrap.swift`). For tests: the hull is then used on every
        /// graph, however small.
        package var backwardSetsInHull = false
        /// Past this many nodes in a never-until property's breadth-first level (its armed and
        /// unarmed sets together), with no violation met yet, the search first proves whether
        /// the monitor can be armed in a `never` state at all (a fixpoint, no levels); `nil`:
        /// 10,000. For tests: 0 proves it at once.
        package var monitorLevelNodeLimit: Int? = nil

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

    /// Figures of a symbolic search beyond `CheckStatistics`.
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
        /// Rounds to the reachable set's fixpoint: 1 since every action is fired inside one
        /// saturation (no rounds around it), 0 when the breadth-first levels reached the
        /// fixpoint first. Kept for the figures' readers.
        public let chainingRounds: Int
        /// Whether every breadth-first level was computed (then `CheckStatistics.depth` is the
        /// longest shortest path; otherwise the levels the traces needed).
        public let depthIsExact: Bool
        /// The layers the searches for each route's taps to reach computed (from launch, each
        /// tab's root and each flag combination, starts included): each stops at its last
        /// route the user can reach, so this is the sum of their farthest distances plus one each.
        public let tapLayers: Int
        /// The processor time of each phase of the search.
        public let phases: SymbolicPhaseTimes
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
    @_specialize(exported: true, where R == DynamicRoute)
    public func run() throws(SymbolicError) -> CheckResult<R> {
        try runWithFigures().result
    }

    /// ``run()``, with the search's own figures.
    @_specialize(exported: true, where R == DynamicRoute)
    public func runWithFigures() throws(SymbolicError) -> (result: CheckResult<R>, figures: Figures) {
        try runWithFigures(model: nil, linted: nil)
    }

    /// ``runWithFigures()`` over a model built already (`model`, for this graph: it replays the
    /// traces and judges the properties) and lint findings found already (`linted`), so a
    /// caller that lints, checks and draws does each once.
    @_specialize(exported: true, where R == DynamicRoute)
    package func runWithFigures(model: GraphModel<R>?, linted: [LintFinding]?) throws(SymbolicError) -> (result: CheckResult<R>, figures: Figures) {
        let reasons = SymbolicEngine.unsupported(graph)
        guard reasons.isEmpty else { throw .unsupported(reasons) }
        let started = ContinuousClock.now
        let checkerOptions = Checker<R>.Options(checkTraps: options.checkTraps, budget: options.budget)
        let checker = model.map { Checker(model: $0, options: checkerOptions) } ?? Checker(graph, options: checkerOptions)
        WorkTally.record(.search)
        let initial: NavigationState<R>
        do { initial = try checker.lintedInitialState(linted) } catch { throw .invalidGraph(error.description) }
        let bounds = graph.bounds
        let links = SymbolicDeepLinks(graph)
        let guarded = SymbolicModel<R>.guardedRoutes(of: graph, extras: links.extraRoutes)
        let layout = SymbolicLayout(tabs: graph.tabs.count, maxStackDepth: bounds.maxStackDepth, maxModalDepth: bounds.maxModalDepth,
                                    routes: graph.routes.reduce(0) { $0 + $1.samples.count } + links.extraRoutes.count, flags: graph.flags.count,
                                    pendingLinks: links.pendingLinks.count,
                                    overflow: graph.events.map { SymbolicEngine.growingSteps(of: $0, in: graph) }.reduce(max(1, links.growth(guarded: guarded, maxStackDepth: bounds.maxStackDepth)), max),
                                    scopesModalsToTabs: !graph.tabs.isEmpty && graph.makeModalScopeRules().mayScopeToTab)
        let memory = options.budget.memoryBytes(for: graph)
        // Sized on purpose: a table too small for the search spends its time collecting
        // garbage. A few thousand nodes per variable pair covers the sample graphs without
        // growing; large graphs start at millions and double from there. At most 5 million to
        // start (100 MB): the app-shaped graph at stack depth 16 and 32 (13.6 and 20 million
        // before) ran in the same processor time, within the noise, at half the peak memory
        // (Benchmarks/SymbolicMeasurements.md).
        let wanted = options.initialNodes ?? min(5_000_000, max(250_000, layout.current.count * layout.current.count * 20))
        let sizing = DecisionDiagrams.Sizing.within(memoryBytes: memory, initialNodes: wanted, residentBytes: ProcessMemory.residentBytes())
        let deadline = options.budget.timeLimit.map { started + $0 }
        // Past the time limit, a stopped search still judges what its levels show: within a
        // grace of a fortieth of the limit (at least a tenth of a second), for building the
        // model those levels need, then again for judging them; after a cancellation (Ctrl-C,
        // whose reports the user waits for) at least a second. Past the grace every property
        // is undecided.
        let grace = max(.milliseconds(100), (options.budget.timeLimit ?? .zero) / 40)
        let limits = DecisionDiagrams.Limits(deadline: deadline.map { $0 + grace }, memoryBytes: memory, cancellation: options.cancellation)
        let limitSeconds = options.budget.timeLimit.map(Self.seconds) ?? 0
        let checkTraps = options.checkTraps
        let exactDepth = options.exactDepth
        let levelNodeLimit = options.levelNodeLimit
        let computesTaps = options.tapDistances
        let tapLayerNodeLimit = options.tapLayerNodeLimit
        let backwardSetsInHull = options.backwardSetsInHull
        let monitorLevelNodeLimit = options.monitorLevelNodeLimit ?? 10_000
        let progress = options.progress.map { (report: $0, interval: options.progressInterval, started: started) }
        let (findings, figures) = try DecisionDiagrams.withSession(variables: layout.variableCount, sizing: sizing, limits: limits) { diagrams throws(SymbolicError) in
            diagrams.timeLimitSeconds = limitSeconds
            let modelStarted = SymbolicPhaseTimes.processorSeconds()
            let encoding = SymbolicEncoding(graph: graph, initialState: initial, diagrams: diagrams, layout: layout,
                                            pendingLinks: links.pendingLinks.map(\.link), extraRoutes: links.extraRoutes)
            let model = SymbolicModel(graph: graph, encoding: encoding, links: links)
            let modelSeconds = SymbolicPhaseTimes.processorSeconds() - modelStarted
            // A stop recorded while building leaves no model: that is the error. A deadline that
            // passed without one (a tiny budget, a loaded machine) leaves an intact model: the
            // search starts, stops at once and judges what it has.
            if diagrams.stopRecorded { try diagrams.checkpoint() }
            do throws(DecisionDiagramError) { try diagrams.check() } catch { throw .decisionDiagrams(error) }
            diagrams.limitTime(until: deadline)
            guard let start = encoding.encode(initial) else { throw .invalidGraph("the initial state holds a route that is not declared") }
            let search = SymbolicSearch(checker: checker, model: model, initial: start, checkTraps: checkTraps, progress: progress)
            search.backwardSetsInHull = backwardSetsInHull
            search.monitorLevelNodeLimit = monitorLevelNodeLimit
            search.phases.add(modelSeconds, to: .model)
            // A budget that stops the search leaves the levels computed so far to judge.
            var findings: SymbolicFindings<R>
            do throws(SymbolicError) {
                try search.timed(.reachableSet) { () throws(SymbolicError) in try search.explore(allLevels: exactDepth, levelNodeLimit: levelNodeLimit) }
                findings = try search.findings()
                if computesTaps {
                    findings.tapDistances = try search.timed(.tapsToReach) { () throws(SymbolicError) in
                        try search.tapDistances(initialState: initial, layerNodeLimit: tapLayerNodeLimit)
                    }
                }
            } catch {
                switch error {
                case .timeLimit, .cancelled:
                    let stopped = error
                    let cancelled = if case .cancelled = stopped { true } else { false }
                    diagrams.resume(until: ContinuousClock.now + (cancelled ? max(grace, .seconds(1)) : grace))
                    // Stopped again, past the grace: what stopped the search is still the reason.
                    do throws(SymbolicError) { findings = try search.cutShort() } catch {
                        switch error {
                        case .timeLimit, .cancelled: throw stopped
                        case .unsupported, .invalidGraph, .decisionDiagrams, .traceDidNotReplay: throw error
                        }
                    }
                    findings.stoppedBy = stopped
                case .unsupported, .invalidGraph, .decisionDiagrams, .traceDidNotReplay:
                    throw error
                }
            }
            let figures = Figures(states: findings.states, transitions: findings.transitions, reachableNodes: findings.diagramNodes,
                                  peakLiveNodes: findings.peakLiveNodes, tableNodes: findings.tableNodes,
                                  garbageCollections: findings.collections, variables: layout.variableCount,
                                  relationParts: model.global.parts.count, chainingRounds: search.chainingRounds,
                                  depthIsExact: findings.depthKnown, tapLayers: search.tapLayers, phases: search.phases)
            return (findings, figures)
        }
        if let stop = findings.stoppedBy {
            // A search cut short is never a pass: with no failure found, every property is undecided.
            let failed = findings.invariants.contains { $0 != nil } || findings.bypass != nil || findings.links?.violation != nil
                || findings.redirect != nil || findings.hiddenSelection != nil
            guard failed, let cutoff = Self.cutoff(for: stop, graph: graph, budget: options.budget, level: findings.depth) else { throw stop }
            return (try assemble(findings, checker: checker, seconds: Self.seconds(ContinuousClock.now - started), cutoff: cutoff), figures)
        }
        let result = try assemble(findings, checker: checker, seconds: Self.seconds(ContinuousClock.now - started))
        return (result, figures)
    }

    /// The result: the findings filled into the explicit engine's `PropertyObservations`
    /// (a violation numbered by its breadth-first level, with its whole trace), whose verdicts
    /// both engines give; every trace replayed through the runtime. With a `cutoff` (a budget
    /// stopped the search, and its levels show a failure) the verdicts are judged as the
    /// explicit engine judges a search cut short: failures stand, everything else is undecided.
    private func assemble(_ findings: SymbolicFindings<R>, checker: Checker<R>, seconds: Double,
                          cutoff: SearchCutoff? = nil) throws(SymbolicError) -> CheckResult<R> {
        var observations = PropertyObservations(model: checker.model)
        func violation(_ found: SymbolicFindings<R>.Violation) -> Violation {
            Violation(state: found.level, action: nil, message: found.message, actions: found.actions)
        }
        for (position, found) in findings.invariants.enumerated() {
            if let found { observations.invariantViolations[position] = violation(found) }
        }
        if let found = findings.hiddenSelection { observations.hiddenSelection = violation(found) }
        if let found = findings.refusedEventStep {
            observations.refusedEventStep = Violation(state: found.level, action: found.actions.last, message: found.message, actions: found.actions)
        }
        // Every route shown with its guard false counts; only the nearest needs a trace.
        for route in findings.bypassRoutes { observations.bypassViolations[route] = Violation(state: Int.max, action: nil, message: "") }
        if let (route, found) = findings.bypass { observations.bypassViolations[route] = violation(found) }
        if let links = findings.links {
            if let found = links.violation {
                observations.linkViolations = [Violation(state: 0, action: found.actions.last, message: found.message, actions: found.actions)]
            }
            observations.linkProblems = links.problems
        }
        if let found = findings.redirect { observations.redirectViolations = [violation(found)] }
        observations.reachedRoutes = findings.reachedRoutes
        // Computed only by a search that reached its fixpoint (a cut-short one never gets there).
        if cutoff == nil {
            observations.tapDistances = findings.tapDistances?.distances
            observations.tapPaths = findings.tapDistances?.launchPaths
        }
        if findings.taken.count == graph.transitions.count { observations.takenTransitions = findings.taken }
        if findings.cutPerTransition.count == graph.transitions.count { observations.depthCutTransitions = findings.cutPerTransition.map(Self.integer) }
        var scopeParts: [String] = []
        if findings.cutByStack > 0 { scopeParts.append("stack depth \(graph.bounds.maxStackDepth)") }
        if findings.cutByModal > 0 { scopeParts.append("modal depth \(graph.bounds.maxModalDepth)") }
        let end = PropertyObservations<R>.SearchEnd(
            states: findings.states, complete: cutoff == nil, checksTraps: options.checkTraps,
            trap: findings.trap.map { (state: $0.violation.level, tab: $0.tab) }, trapActions: findings.trap?.violation.actions,
            hasDeepLinks: findings.links != nil, cutoff: cutoff, depthScope: scopeParts.isEmpty ? nil : "within " + scopeParts.joined(separator: " and "),
            declaredViolations: findings.declared.map { declared in
                declared.map { found in found.map { Violation(state: $0.level, action: nil, message: "", actions: $0.actions) } }
            })
        let judged = try observations.verdicts(end) { violation, property throws(SymbolicError) -> CheckTrace<R>? in
            let actions = violation.actions ?? []
            do throws(CheckerError) { _ = try checker.replay(actions) } catch {
                throw .traceDidNotReplay(property: property, reason: error.description)
            }
            guard let trace = checker.trace(actions) else { throw .traceDidNotReplay(property: property, reason: "no trace") }
            return trace
        }
        var cuts: [BoundCut] = []
        if findings.cutByStack > 0 {
            cuts.append(BoundCut(bound: .maxStackDepth, limit: graph.bounds.maxStackDepth, successorsCut: Self.integer(findings.cutByStack)))
        }
        if findings.cutByModal > 0 {
            cuts.append(BoundCut(bound: .maxModalDepth, limit: graph.bounds.maxModalDepth, successorsCut: Self.integer(findings.cutByModal)))
        }
        let statistics = CheckStatistics(states: Self.integer(findings.states), transitions: Self.integer(findings.transitions), depth: findings.depth,
                                         complete: cutoff == nil, storage: .exact, tableBytes: findings.tableNodes * DecisionDiagrams.Sizing.bytesPerNode,
                                         peakResidentBytes: ProcessMemory.peakResidentBytes(), elapsedSeconds: seconds,
                                         depthIsExact: findings.depthKnown)
        var result = CheckResult(graphName: graph.name, origin: graph.origin, verdicts: judged.verdicts, routeCoverage: judged.routes,
                                 transitionCoverage: judged.transitions, cuts: cuts, cutoff: cutoff, statistics: statistics)
        result.tapDistances = observations.tapDistances
        return result
    }

    /// A count as an `Int`, `Int.max` past it (the exact figure is in ``Figures``).
    private static func integer(_ value: Double) -> Int { value < 9.2e18 ? Int(value) : Int.max }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
