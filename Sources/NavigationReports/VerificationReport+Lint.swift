import NavigationCore
import NavigationGraph

extension VerificationReport {
    /// The ``notExplored`` reason of a graph that lint errors stopped.
    public static let notExploredForLint = "lint errors"

    /// The report of a graph that was not explored because `lint` has errors: it fails, checks
    /// no property, and carries the findings, so every format can say what stopped it.
    ///
    /// ```swift
    /// let findings = GraphLinter.lint(graph)
    /// if findings.contains(where: { $0.severity == .error }) {
    ///     let report = VerificationReport(graph: graph, notExploredBecauseOf: findings)
    /// }
    /// ```
    public init<R: Route>(graph: NavigationGraph<R>, notExploredBecauseOf lint: [LintFinding]) {
        formatVersion = Self.formatVersion
        self.graph = graph.name
        summary = graph.summary
        source = graph.origin
        passed = false
        // Lint errors are the graph's own faults: the run fails (exit 1).
        status = .failed
        cutoff = nil
        properties = []
        self.lint = lint.map(Finding.init)
        routesReached = []
        routesUnreached = []
        transitionsTaken = []
        transitionsNotTaken = []
        cuts = []
        engine = nil
        statistics = Statistics(states: 0, transitions: 0, depth: 0, depthIsExact: true, complete: false, storage: "none", bytesPerState: 0,
                                elapsedSeconds: nil, peakResidentBytes: nil)
        notExplored = Self.notExploredForLint
    }

    /// The lint findings of severity error.
    public var lintErrors: [Finding] { lint.filter { $0.severity == "error" } }
}

extension VerificationReport.Finding {
    /// The report's form of a lint finding.
    init(_ finding: LintFinding) {
        self.init(rule: finding.rule, severity: finding.severity.rawValue, message: finding.message, remedy: finding.remedy,
                  location: finding.location.map(VerificationReport.Location.init), feature: finding.feature)
    }
}

extension VerificationReport {
    /// The ``notExplored`` reason of a graph document that did not load.
    public static let notExploredForLoading = "does not load"
    /// The ``notExplored`` reason of a graph the checker could not explore.
    public static let notExploredForChecker = "the checker could not explore it"

    /// The report of a graph that was not explored for `reason` (a document that does not
    /// load, a checker error): it fails, checks no property, and carries the problem as an
    /// error finding of rule `rule` at its place, so JUnit fails a case, SARIF has an error at
    /// the line, and the summary says so, in place of the last run's reports. `more` are further
    /// problems of the same kind (a document's other load errors), a finding each.
    public init(graph name: String, source: String?, summary: String = "", notExplored reason: String,
                rule: String, message: String, remedy: String, location: SourceLocation?,
                more: [(message: String, remedy: String, location: SourceLocation?)] = []) {
        formatVersion = Self.formatVersion
        graph = name
        self.summary = summary
        self.source = source
        passed = false
        status = .failed
        cutoff = nil
        properties = []
        lint = ([(message, remedy, location)] + more).map { problem in
            Finding(rule: rule, severity: "error", message: problem.message, remedy: problem.remedy, location: problem.location.map(Location.init))
        }
        routesReached = []
        routesUnreached = []
        transitionsTaken = []
        transitionsNotTaken = []
        cuts = []
        engine = nil
        statistics = Statistics(states: 0, transitions: 0, depth: 0, depthIsExact: true, complete: false, storage: "none", bytesPerState: 0,
                                elapsedSeconds: nil, peakResidentBytes: nil)
        notExplored = reason
    }
}
