import NavigationCore
import NavigationGraph

/// The property kinds the checker judges, in the order their verdicts are reported: the one
/// list that report rows, SARIF rules, lint's reserved names and `navgraph trace --property`
/// derive from.
///
/// ```swift
/// for kind in PropertyRegistry.kinds { print(kind.id, kind.rule) }
/// let findings = GraphLinter.lint(graph, reservedPropertyNames: PropertyRegistry.reservedNames)
/// ```
public enum PropertyRegistry {
    /// Each kind's judging, in report order: invariants as declared first, then the declared
    /// properties (can-reach, then never-until), the coverage of
    /// routes and transitions last. Adding a kind is adding its line here.
    static let builtIn: [any Property.Type] = [
        InvariantProperty.self,
        CanReachProperty.self,
        NeverProperty.self,
        GuardBypassProperty.self,
        SelectedTabShownProperty.self,
        NoTrapProperty.self,
        DeepLinksProperty.self,
        DroppedRequestsProperty.self,
        AmbiguousOwnersProperty.self,
        ReroutesNeverHelpProperty.self,
        PriorityTrapProperty.self,
        GuardRedirectsProperty.self,
        EventStepRefusedProperty.self,
        TapLimitProperty.self,
        RouteReachabilityProperty.self,
        TransitionCoverageProperty.self,
    ]

    /// Every kind, in report order.
    public static let kinds: [PropertyKind] = builtIn.map { $0.kind }

    /// The names the built-in properties' verdicts carry, which no invariant may take: reports
    /// and `navgraph trace --property` find a property by its name.
    public static let reservedNames: [String] = kinds.compactMap(\.reservedName)

    /// The kind with `id`, or `nil` when none is registered (a report written by another
    /// version).
    public static func kind(id: String) -> PropertyKind? {
        kinds.first { $0.id == id }
    }

    /// The kind whose id or name is `query` (`guard-bypass` or `guard bypass`), or `nil`.
    public static func kind(named query: String) -> PropertyKind? {
        kinds.first { $0.id == query || $0.name == query }
    }

    /// The observers of the kinds that watch a search for themselves, in registry order.
    static func observers<R: Route>(for graph: NavigationGraph<R>) -> [any PropertyObserver<R>] {
        builtIn.compactMap { $0.observer(for: graph) }
    }

    /// Every verdict of `observations` for a search that ended as `end`, kind by kind in
    /// report order; `trace` replays a violation, told the property's name.
    static func verdicts<R: Route, Failure: Error>(
        _ judging: PropertyJudging<R>, trace: (Violation, _ property: String) throws(Failure) -> CheckTrace<R>?
    ) throws(Failure) -> [PropertyVerdict<R>] {
        var verdicts: [PropertyVerdict<R>] = []
        for property in builtIn { verdicts += try property.verdicts(judging, trace: trace) }
        return verdicts
    }

    /// Every property `graph` would be judged by, each inconclusive with `message`: a search
    /// that stopped before it could decide anything. The same kinds, names and locations a
    /// finished search would report.
    package static func undecided<R: Route>(_ graph: NavigationGraph<R>, checkTraps: Bool, message: String) -> [PropertyVerdict<R>] {
        let nothingSeen = PropertyObservations(graph: graph, samples: [])
        let end = PropertyObservations<R>.SearchEnd(states: 0, complete: false, checksTraps: checkTraps, trap: nil,
                                                    hasDeepLinks: graph.deepLinks != nil, cutoff: nil, depthScope: nil)
        // Nothing was seen, so no kind asks for a trace.
        let passing = verdicts(PropertyJudging(nothingSeen, end)) { _, _ in nil }
        return passing.map { PropertyVerdict(kind: $0.kind, name: $0.name, status: .inconclusive, message: message, trace: nil, location: $0.location) }
    }
}
