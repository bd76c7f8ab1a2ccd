import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph

/// The versioned JSON report of one graph's verification, and the model every other report
/// format is written from. It holds no timestamps, timings or absolute paths unless asked for,
/// so the same graph always gives byte-identical reports.
public struct VerificationReport: Codable, Hashable, Sendable {
    /// report.json's format: 2 since counts past `Int.max` are written as `null` (with their
    /// float in `statesApproximate` / `transitionsApproximate`), where 1 wrote `Int.max`.
    public static let formatVersion = 2

    public struct Location: Codable, Hashable, Sendable {
        public let line: Int
        public let column: Int
        /// The feature document the line is in, as the including document names it
        /// (`Graphs/People.navgraph.yaml`); absent for the graph's own document (``source``).
        public let file: String?

        public init(line: Int, column: Int, file: String? = nil) {
            self.line = line
            self.column = column
            self.file = file
        }

        init(_ location: SourceLocation) {
            self.init(line: location.line, column: location.column, file: location.file)
        }

        /// The file the line is in: the feature's document, or `source` (the graph's).
        public func path(source: String?) -> String? { file ?? source }
    }

    public struct TraceStep: Codable, Hashable, Sendable {
        public let step: Int
        public let action: String
        /// What changed, e.g. `stack home › orders; -signedIn`.
        public let change: String
        /// The whole state after the step.
        public let state: String
        /// The graph document line the action comes from (a transition, event or link), if any.
        public let location: Location?
        /// The route on top after the step.
        public let top: String?

        /// `2. push home → cart: stack home › cart`, as every report lists a trace.
        var line: String { "\(step). \(action): \(change)" }
    }

    public struct Property: Codable, Hashable, Sendable {
        public let kind: String
        public let name: String
        /// `passed`, `failed`, `inconclusive`, or `warning` (it holds, but something found may
        /// not be meant; it does not fail the run).
        public let status: VerdictStatus
        public let message: String
        public let location: Location?
        public let trace: [TraceStep]?
        /// The feature the verdict is about: the feature whose document declares the violated
        /// declaration, or else the feature of the route on top where the counterexample ends;
        /// absent for the app graph's own and in graphs without features.
        public var feature: String? = nil
        /// For a warning about two paths that disagree (ambiguous owners): the other path,
        /// which ``trace`` contrasts with; absent otherwise.
        public var otherTrace: [TraceStep]? = nil
        /// Against the baseline `verify --baseline` read: `unchanged` (accepted: it no longer
        /// fails the run) or `new`; absent without a baseline, and for passed properties.
        public var baselineState: BaselineState? = nil
    }

    public struct Finding: Codable, Hashable, Sendable {
        public let rule: String
        public let severity: String
        public let message: String
        public let remedy: String
        public let location: Location?
        /// The feature the finding is about (see `LintFinding.feature`);
        /// absent for the app graph's own declarations.
        public var feature: String? = nil
        /// Against the baseline (see ``Property/baselineState``); absent without one, and for errors.
        public var baselineState: BaselineState? = nil
    }

    public struct Statistics: Codable, Hashable, Sendable {
        /// The reachable states; `Int.max` when there are more (the symbolic engine counts
        /// past it), and then ``statesApproximate`` has the count. report.json writes such a
        /// count as `null`, never as the sentinel: a JSON reader would take it for an exact count
        /// (JavaScript reads 9223372036854775807 as 9223372036854776000).
        public let states: Int
        /// Actions tried from the reachable states: moves to new or known states, self-loops,
        /// steps a guard or middleware refused, and successors past a depth bound (so more than
        /// the state graph's edges). `Int.max` when there are more, and then
        /// ``transitionsApproximate`` has the count (`null` in report.json, as ``states``).
        public let transitions: Int
        /// The longest shortest path in actions when ``depthIsExact``; otherwise the breadth-first
        /// levels the symbolic engine computed, a lower bound (it stops computing levels once
        /// they cost more than the reachable states, past what the shortest traces need).
        public let depth: Int
        /// Whether ``depth`` is exact (always with the explicit engine).
        public let depthIsExact: Bool
        public let complete: Bool
        /// `exact` or `hash-compaction` (the explicit engine's state table), or
        /// `decision-diagrams` (the symbolic engine, which stores no states one by one).
        public let storage: String
        /// The state table's bytes per state; 0 for the symbolic engine.
        public let bytesPerState: Int
        /// Only with `timings`: seconds and the process's peak resident bytes.
        public let elapsedSeconds: Double?
        public let peakResidentBytes: Int?
        /// The state count as a floating-point number, only when ``states`` is `Int.max`.
        public var statesApproximate: Double? = nil
        /// The actions applied as a floating-point number, only when ``transitions`` is `Int.max`.
        public var transitionsApproximate: Double? = nil

        private enum CodingKeys: String, CodingKey {
            case states, transitions, depth, depthIsExact, complete, storage, bytesPerState, elapsedSeconds, peakResidentBytes
            case statesApproximate, transitionsApproximate
        }

        /// As the synthesised encoding, except that a count past `Int.max` is `null` (its float
        /// is in the `…Approximate` key beside it).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if states == Int.max { try container.encodeNil(forKey: .states) } else { try container.encode(states, forKey: .states) }
            if transitions == Int.max { try container.encodeNil(forKey: .transitions) } else { try container.encode(transitions, forKey: .transitions) }
            try container.encode(depth, forKey: .depth)
            try container.encode(depthIsExact, forKey: .depthIsExact)
            try container.encode(complete, forKey: .complete)
            try container.encode(storage, forKey: .storage)
            try container.encode(bytesPerState, forKey: .bytesPerState)
            try container.encodeIfPresent(elapsedSeconds, forKey: .elapsedSeconds)
            try container.encodeIfPresent(peakResidentBytes, forKey: .peakResidentBytes)
            try container.encodeIfPresent(statesApproximate, forKey: .statesApproximate)
            try container.encodeIfPresent(transitionsApproximate, forKey: .transitionsApproximate)
        }

        /// `412` or, past `Int.max`, `8.33e+44`.
        public var statesText: String { Self.text(states, statesApproximate) }
        /// `1024` or, past `Int.max`, `1.2e+46`.
        public var transitionsText: String { Self.text(transitions, transitionsApproximate) }

        private static func text(_ count: Int, _ approximate: Double?) -> String {
            guard count == Int.max, let approximate else { return "\(count)" }
            // The largest double stands for a count past it (see GraphCheck.Run.stateCount).
            guard approximate < .greatestFiniteMagnitude else { return "more than 1.8e+308" }
            return String(format: "%.3g", approximate)
        }
    }

    /// Why the search stopped early (see `SearchCutoff` in NavigationChecker).
    public struct Cutoff: Codable, Hashable, Sendable {
        /// `maxStates`, `maxMemory`, `timeout` or `interrupted`.
        public let budget: String
        public let limit: String
        /// States stored but never expanded.
        public let unexpanded: Int
        public let successorsNotStored: Int
        public let level: Int
        public let growthPerLevel: Double?
        /// One line on what stopped it and what was left.
        public let summary: String
        /// The concrete next step.
        public let advice: String
    }

    /// Which engine checked the graph, and why (see `EngineChoice`).
    public struct Engine: Codable, Hashable, Sendable {
        /// `explicit` or `symbolic`.
        public let name: String
        /// What was asked for: `auto`, `explicit` or `symbolic` (`--checker`).
        public let requested: String
        /// One sentence on why this engine ran.
        public let reason: String

        public init(_ choice: EngineChoice) {
            name = choice.engine.rawValue
            requested = choice.requested.rawValue
            reason = choice.reason
        }

        /// `symbolic engine (auto: it models everything this graph uses)`.
        public var summary: String { "\(name) engine (\(requested == "auto" ? "auto: " : "")\(reason))" }
    }

    public struct Cut: Codable, Hashable, Sendable {
        public let bound: String
        public let limit: Int
        public let successorsCut: Int
    }

    public let formatVersion: Int
    public let graph: String
    public let summary: String
    /// The graph document, relative as given (e.g. `Graphs/Shop.navgraph.yaml`).
    public let source: String?
    /// Whether every property passed (nothing failed, nothing undecided); failures a baseline
    /// accepts do not count (``applying(_:)``).
    public internal(set) var passed: Bool
    /// `passed`, `failed` (a property failed) or `inconclusive` (none failed, but the search
    /// was cut short, so some could not be decided); failures a baseline accepts do not count.
    public internal(set) var status: VerdictStatus
    /// Why the search stopped early, when a budget stopped it.
    public let cutoff: Cutoff?
    public internal(set) var properties: [Property]
    public internal(set) var lint: [Finding]
    public let routesReached: [String]
    public let routesUnreached: [String]
    public let transitionsTaken: [String]
    public let transitionsNotTaken: [String]
    public let cuts: [Cut]
    /// Taps to reach: each route's fewest user actions from launch (and from each tab's root)
    /// with a shortest path, and its fewest actions with events and links, sorted by distance
    /// (see `TapDistances`); absent when not computed (the search was cut short).
    public internal(set) var tapsToReach: TapDistances? = nil
    public internal(set) var statistics: Statistics
    /// Which engine ran and why; absent when the graph was not explored or the report was
    /// built without saying (``init(graph:result:lint:timings:engine:)`` with no engine).
    public let engine: Engine?
    /// Why the graph was not explored (``notExploredForLint``), or `nil` when it was; then no
    /// property was checked. An optional key, absent from explored graphs' reports.
    public internal(set) var notExplored: String? = nil
    /// What stood in for the app around a feature document verified alone
    /// (`NavigationGraph.standaloneFeature`), one sentence each; an optional
    /// key, absent from every other report.
    public internal(set) var verifiedAlone: [String]? = nil
    /// With a baseline (``applying(_:)``): the baseline's entries for this graph that no finding
    /// matches any more, to remove from it; absent without a baseline.
    public internal(set) var baselineFixed: [Baseline.Entry]? = nil

    /// Builds the report of a run of either engine (`CheckRun`, as `GraphCheck.run` returns it): its result, and which
    /// engine ran and why.
    public init<R: Route>(graph: NavigationGraph<R>, run: CheckRun<R>, lint: [LintFinding], timings: Bool = false) {
        self.init(graph: graph, result: run.result, lint: lint, timings: timings, engine: run.engine)
        if statistics.states == Int.max { statistics.statesApproximate = run.stateCount }
        if statistics.transitions == Int.max { statistics.transitionsApproximate = run.transitionCount }
    }

    /// Builds the report of `result` for `graph`, checked by `engine`.
    public init<R: Route>(graph: NavigationGraph<R>, result: CheckResult<R>, lint: [LintFinding], timings: Bool = false, engine: EngineChoice? = nil) {
        func location(_ source: SourceLocation?) -> Location? { source.map(Location.init) }
        let features = FeatureLookup(graph)
        let samples = GraphModel<R>.linkSamples(of: graph)
        let narration = TraceNarration(graph)
        func actionLocation(_ action: ExplorerAction?) -> Location? {
            switch action {
            case .transition(let index, _)?: return location(graph.transitions[index].location)
            case .event(let index)?: return location(graph.events[index].location)
            case .openLink(let index)?: return location(samples[index].location)
            default: return nil
            }
        }
        formatVersion = Self.formatVersion
        self.graph = graph.name
        summary = graph.summary
        source = graph.origin
        passed = result.passed
        status = result.status
        cutoff = result.cutoff.map {
            let summary = engine?.describe($0) ?? $0.summary
            return Cutoff(budget: $0.budget.rawValue, limit: $0.limit, unexpanded: $0.unexpanded, successorsNotStored: $0.successorsNotStored,
                          level: $0.level, growthPerLevel: $0.growthPerLevel, summary: summary, advice: $0.advice)
        }
        properties = result.verdicts.map { verdict in
            func steps(_ trace: CheckTrace<R>) -> [TraceStep] {
                var previous: NavigationState<R>?
                return trace.steps.enumerated().map { index, step in
                    defer { previous = step.state }
                    return TraceStep(step: index, action: step.label,
                                     change: narration.change(step, after: previous),
                                     state: CheckTrace<R>.describe(step.state), location: actionLocation(step.action),
                                     top: step.state.top.map(graph.routeName))
                }
            }
            return Property(kind: verdict.kind.id, name: verdict.name, status: verdict.status, message: verdict.message,
                            location: location(verdict.location), trace: verdict.trace.map(steps),
                            feature: features.feature(of: verdict, in: graph), otherTrace: verdict.otherTrace.map(steps))
        }
        self.lint = lint.map(Finding.init)
        if let notes = graph.standaloneFeature?.notes, !notes.isEmpty { verifiedAlone = notes }
        routesReached = result.routeCoverage.reached
        routesUnreached = result.routeCoverage.unreached
        transitionsTaken = result.transitionCoverage.reached
        transitionsNotTaken = result.transitionCoverage.unreached
        cuts = result.cuts.map { Cut(bound: $0.bound.rawValue, limit: $0.limit, successorsCut: $0.successorsCut) }
        tapsToReach = result.tapDistances.map { TapDistances(tabs: $0.tabs, flagCombinations: $0.flagCombinations, routes: $0.sortedByTaps) }
        let figures = result.statistics
        self.engine = engine.map(Engine.init)
        // The symbolic engine stores no states: its memory follows the diagrams' sizes.
        let symbolic = engine?.engine == .symbolic
        statistics = Statistics(states: figures.states, transitions: figures.transitions, depth: figures.depth, depthIsExact: figures.depthIsExact,
                                complete: figures.complete, storage: symbolic ? "decision-diagrams" : figures.storage.rawValue,
                                bytesPerState: symbolic ? 0 : Int(figures.bytesPerState.rounded()),
                                elapsedSeconds: timings ? figures.elapsedSeconds : nil, peakResidentBytes: timings ? figures.peakResidentBytes : nil)
    }

    /// `depth 7`, or `at least 7 levels deep (levels computed)` when the depth is not exact.
    var depthText: String {
        statistics.depthIsExact ? "depth \(statistics.depth)" : "depth at least \(statistics.depth) (breadth-first levels computed, not all of them)"
    }

    /// The features named by the report's verdicts and findings, sorted.
    public var features: [String] {
        Set(properties.compactMap(\.feature) + lint.compactMap(\.feature)).sorted()
    }

    /// The properties that failed, but for those a baseline accepts (``accepted``).
    public var failures: [Property] { properties.filter { $0.status == .failed && !$0.isAccepted } }
    /// The properties a search cut short could not decide.
    public var undecided: [Property] { properties.filter { $0.status == .inconclusive } }
    /// The properties that hold with a warning, but for those a baseline accepts.
    public var warnings: [Property] { properties.filter { $0.status == .warning && !$0.isAccepted } }

    /// The verdict's mark for people: ✅ passed, ❌ failed, ⚠️ inconclusive.
    /// The verdict in a word, for where an emoji may not show: `PASSED`, `FAILED`,
    /// `INCONCLUSIVE`, or `PASSED WITH WARNINGS`.
    public var statusWord: String {
        switch status {
        case .passed: "PASSED"
        case .failed: "FAILED"
        case .inconclusive: "INCONCLUSIVE"
        case .warning: "PASSED WITH WARNINGS"
        }
    }

    var mark: String {
        switch status {
        case .passed: "✅"
        case .failed: "❌"
        case .inconclusive, .warning: "⚠️"
        }
    }
}

extension VerificationReport.Statistics {
    /// Reads what ``encode(to:)`` writes: a `null` count is one past `Int.max`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        states = try container.decodeIfPresent(Int.self, forKey: .states) ?? Int.max
        transitions = try container.decodeIfPresent(Int.self, forKey: .transitions) ?? Int.max
        depth = try container.decode(Int.self, forKey: .depth)
        depthIsExact = try container.decode(Bool.self, forKey: .depthIsExact)
        complete = try container.decode(Bool.self, forKey: .complete)
        storage = try container.decode(String.self, forKey: .storage)
        bytesPerState = try container.decode(Int.self, forKey: .bytesPerState)
        elapsedSeconds = try container.decodeIfPresent(Double.self, forKey: .elapsedSeconds)
        peakResidentBytes = try container.decodeIfPresent(Int.self, forKey: .peakResidentBytes)
        statesApproximate = try container.decodeIfPresent(Double.self, forKey: .statesApproximate)
        transitionsApproximate = try container.decodeIfPresent(Double.self, forKey: .transitionsApproximate)
    }
}
