import NavigationCore
import NavigationGraph

/// What each ``Property`` judges its verdicts from: the observations of one search, how it
/// ended, and what several kinds need, worked out once (coverage, where an action was
/// declared).
struct PropertyJudging<R: Route> {
    let observations: PropertyObservations<R>
    let end: PropertyObservations<R>.SearchEnd
    /// Whether some route has an entry guard.
    let hasGuardedRoutes: Bool
    /// Which routes were shown and which not, in declaration order.
    let routeCoverage: Coverage
    /// Which transitions were taken and which not, in declaration order, each as its label.
    let transitionCoverage: Coverage
    /// Each declared transition's label (`push home → cart`), by its index.
    let transitionLabels: [String]

    var graph: NavigationGraph<R> { observations.graph }

    init(_ observations: PropertyObservations<R>, _ end: PropertyObservations<R>.SearchEnd) {
        self.observations = observations
        self.end = end
        let graph = observations.graph
        hasGuardedRoutes = graph.routes.contains { $0.entryGuard != nil }
        let routeNames = graph.routes.map(\.name)
        routeCoverage = Coverage(reached: routeNames.filter(observations.reachedRoutes.contains),
                                 unreached: routeNames.filter { !observations.reachedRoutes.contains($0) })
        let labels = graph.transitions.map { "\($0.style.rawValue) \($0.from) → \($0.to)" }
        transitionLabels = labels
        let taken = observations.takenTransitions
        transitionCoverage = Coverage(reached: labels.indices.filter { taken[$0] }.map { labels[$0] },
                                      unreached: labels.indices.filter { !taken[$0] }.map { labels[$0] })
    }

    /// The status of a violation that only a complete search can confirm (a trap, a reroute
    /// never helped, a route never shown): failed, or inconclusive when the search was cut.
    var unlessIncomplete: PropertyVerdict<R>.Status { end.complete ? .failed : .inconclusive }

    /// What a message about such a violation adds when the search was cut.
    var withinExplored: String { end.complete ? "" : " within the states explored" }

    /// Whether the engine handed its states one by one to the observations, so that each
    /// kind's ``PropertyObserver`` saw them (the explicit engine); `false` for the symbolic one.
    var statesObserved: Bool { observations.statesObserved }

    /// The observer of type `Observer` that a kind made for this search (see
    /// ``Property/observer(for:)``), as the engine left it.
    func observer<Observer: PropertyObserver<R>>(_ type: Observer.Type) -> Observer? {
        observations.observers.lazy.compactMap { $0 as? Observer }.first
    }

    /// ` within stack depth 8` when depth bounds cut the search: the scope of a "never" in a
    /// message; empty otherwise.
    var depthScopeNote: String { end.depthScope.map { " \($0)" } ?? "" }

    /// Where the transition an action took, or the link sample it opened, was declared.
    func location(of action: ExplorerAction?) -> SourceLocation? {
        let samples = observations.samples
        if case .openLink(let sample)? = action, samples.indices.contains(sample) { return samples[sample].location }
        guard case .transition(let index, _)? = action, graph.transitions.indices.contains(index) else { return nil }
        return graph.transitions[index].location
    }

    /// ` (and 2 more routes)` after the nearest of `count` findings, empty for one.
    static func more(_ count: Int, _ noun: String) -> String {
        count > 1 ? " (and \(count - 1) more \(noun)\(count > 2 ? "s" : ""))" : ""
    }

    /// ` (12 successors cut by the depth bounds)`: why something was never reached, so a
    /// coverage failure does not read like a modelling error; empty when nothing was cut.
    static func depthNote(_ cut: Int) -> String {
        cut == 0 ? "" : " (\(CheckProgress.grouped(cut)) successor\(cut == 1 ? "" : "s") cut by the depth bounds)"
    }
}

extension PropertyJudging {
    /// The most names a coverage verdict's message lists; report.json lists them all.
    static var listedNames: Int { 20 }

    /// `names` joined by `separator`, the first ``listedNames`` of them and then how many more,
    /// naming the key of report.json that lists them all (`whole`): a verdict is one line in a
    /// terminal, an annotation and a table cell, and a real app leaves hundreds untaken when a
    /// search is cut short.
    static func firstOf(_ names: [String], separator: String, whole: String) -> String {
        guard names.count > listedNames else { return names.joined(separator: separator) }
        return names.prefix(listedNames).joined(separator: separator) + " and \(names.count - listedNames) more (report.json's \(whole) lists them all)"
    }
}
