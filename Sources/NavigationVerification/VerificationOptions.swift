import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationReports

/// How ``GraphVerification`` checks and draws a graph.
///
/// ```swift
/// var options = VerificationOptions()
/// options.engine = .explicit
/// options.diagrams = DiagramPolicy(selection: .none)
/// options.checker.budget = SearchBudget(timeLimit: .seconds(60))
/// ```
public struct VerificationOptions: Sendable {
    /// Which engine checks the graph (`auto`: the symbolic one when it models the graph).
    public var engine: EngineRequest = .automatic
    /// The search's budgets, cancellation, progress and whether no-trap is checked; the
    /// symbolic engine takes what applies to it (see `GraphCheck.run`).
    public var checker = Checker<DynamicRoute>.Options()
    /// Where the symbolic engine reports progress; `nil` for none.
    public var symbolicProgress: (@Sendable (SymbolicProgress) -> Void)?
    /// Which diagrams to draw, with which Graphviz engine, and what is too big to lay out.
    public var diagrams = DiagramPolicy()
    /// Models with at most this many states get a state diagram (states.dot, states.svg).
    public var stateDiagramLimit = VerificationOptions.defaultStateDiagramLimit
    /// Whether report.json carries elapsed time and peak memory (then it differs run to run).
    public var timings = false
    /// The graph's report folder as the reports' advice names it (`Reports/Shop`); `nil` for
    /// the folder name alone.
    public var reportFolderPath: String?
    /// Findings accepted for now (`NavigationReports`' `Baseline`): applied to the report
    /// before any file is written, so an accepted failure is a note in every format and does
    /// not fail the run; `nil` for none.
    public var baseline: Baseline?
    /// Properties left out or made warnings (`.navgraph.yml`'s `properties:`), by a property's
    /// name or its kind's id; applied before the baseline.
    public var propertyOverrides: [String: PropertyOverride] = [:]

    /// The state diagram's limit by default: past about 60 states it is wider than a page.
    public static let defaultStateDiagramLimit = 60

    public init() {}
}
