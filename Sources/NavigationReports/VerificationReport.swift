import NavigationChecker
import NavigationCore
import NavigationGraph

/// The versioned JSON report of one graph's verification, and the model every other report
/// format is written from. It holds no timestamps, timings or absolute paths unless asked for,
/// so the same graph always gives byte-identical reports.
public struct VerificationReport: Codable, Hashable, Sendable {
    public static let formatVersion = 1

    public struct Location: Codable, Hashable, Sendable {
        public let line: Int
        public let column: Int
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
    }

    public struct Property: Codable, Hashable, Sendable {
        public let kind: String
        public let name: String
        public let status: String
        public let message: String
        public let location: Location?
        public let trace: [TraceStep]?
    }

    public struct Finding: Codable, Hashable, Sendable {
        public let rule: String
        public let severity: String
        public let message: String
        public let remedy: String
        public let location: Location?
    }

    public struct Statistics: Codable, Hashable, Sendable {
        public let states: Int
        public let transitions: Int
        public let depth: Int
        public let complete: Bool
        public let storage: String
        public let bytesPerState: Int
        /// Only with `timings`: seconds and the process's peak resident bytes.
        public let elapsedSeconds: Double?
        public let peakResidentBytes: Int?
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
    /// Whether every property passed (nothing failed, nothing undecided).
    public let passed: Bool
    /// `passed`, `failed` (a property failed) or `inconclusive` (none failed, but the search
    /// was cut short, so some could not be decided).
    public let status: String
    /// Why the search stopped early, when a budget stopped it.
    public let cutoff: Cutoff?
    public let properties: [Property]
    public let lint: [Finding]
    public let routesReached: [String]
    public let routesUnreached: [String]
    public let transitionsTaken: [String]
    public let transitionsNotTaken: [String]
    public let cuts: [Cut]
    public let statistics: Statistics
    /// Why the graph was not explored (``notExploredForLint``), or `nil` when it was; then no
    /// property was checked. An optional key, absent from explored graphs' reports.
    public internal(set) var notExplored: String? = nil

    /// Builds the report of `result` for `graph`.
    public init<R: Route>(graph: NavigationGraph<R>, result: CheckResult<R>, lint: [LintFinding], timings: Bool = false) {
        func location(_ source: SourceLocation?) -> Location? { source.map { Location(line: $0.line, column: $0.column) } }
        let samples = GraphModel<R>.linkSamples(of: graph)
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
        status = result.status.rawValue
        cutoff = result.cutoff.map {
            Cutoff(budget: $0.budget.rawValue, limit: $0.limit, unexpanded: $0.unexpanded, successorsNotStored: $0.successorsNotStored,
                   level: $0.level, growthPerLevel: $0.growthPerLevel, summary: $0.summary, advice: $0.advice)
        }
        properties = result.verdicts.map { verdict in
            Property(kind: verdict.kind.rawValue, name: verdict.name, status: verdict.status.rawValue, message: verdict.message,
                     location: location(verdict.location),
                     trace: verdict.trace.map { trace in
                         var previous: NavigationState<R>?
                         return trace.steps.enumerated().map { index, step in
                             defer { previous = step.state }
                             return TraceStep(step: index, action: step.label,
                                              change: previous.map { CheckTrace<R>.change(from: $0, to: step.state) } ?? CheckTrace<R>.describe(step.state),
                                              state: CheckTrace<R>.describe(step.state), location: actionLocation(step.action),
                                              top: step.state.top.map(graph.routeName))
                         }
                     })
        }
        self.lint = lint.map { Finding(rule: $0.rule, severity: $0.severity.rawValue, message: $0.message, remedy: $0.remedy, location: location($0.location)) }
        routesReached = result.routeCoverage.reached
        routesUnreached = result.routeCoverage.unreached
        transitionsTaken = result.transitionCoverage.reached
        transitionsNotTaken = result.transitionCoverage.unreached
        cuts = result.cuts.map { Cut(bound: $0.bound.rawValue, limit: $0.limit, successorsCut: $0.successorsCut) }
        let figures = result.statistics
        statistics = Statistics(states: figures.states, transitions: figures.transitions, depth: figures.depth, complete: figures.complete,
                                storage: figures.storage.rawValue, bytesPerState: Int(figures.bytesPerState.rounded()),
                                elapsedSeconds: timings ? figures.elapsedSeconds : nil, peakResidentBytes: timings ? figures.peakResidentBytes : nil)
    }

    /// The properties that failed.
    public var failures: [Property] { properties.filter { $0.status == "failed" } }
    /// The properties a search cut short could not decide.
    public var undecided: [Property] { properties.filter { $0.status == "inconclusive" } }

    /// The verdict's mark for people: ✅ passed, ❌ failed, ⚠️ inconclusive.
    var mark: String { status == "passed" ? "✅" : status == "failed" ? "❌" : "⚠️" }
}
