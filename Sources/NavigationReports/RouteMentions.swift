import NavigationChecker
import NavigationCore
import NavigationGraph

/// Which properties of a report mention each route, for report.html's route panel: click a
/// route and see the verdicts about it.
///
/// A property mentions a route when
///
/// - its declaration names it: an invariant's condition, a `properties:` entry's conditions
///   (`canReach`, `never`, …), a `within:` target (a group or `all` stands for its members);
///   a route group named in a condition stands for its members too;
/// - it is about the graph's deep links and a link plans the route;
/// - it is "every route reachable" and failed on the route;
/// - its counterexample (or a warning's paths) shows the route on top at some step;
/// - its message names the route as a word.
///
/// ```swift
/// let mentions = RouteMentions(report: report, graph: graph)
/// mentions["account"]   // [Mention(property: "no account after sign-out", status: .failed, how: ["declaration", "counterexample"])]
/// ```
public struct RouteMentions: Hashable, Sendable {
    /// One property that mentions a route, and how.
    public struct Mention: Hashable, Sendable {
        /// The property's name, as the report lists it.
        public let property: String
        /// Its verdict.
        public let status: VerdictStatus
        /// How it mentions the route, in the order above: `declaration`, `deep link`,
        /// `unreached`, `counterexample`, `message`.
        public let how: [String]
    }

    /// The mentions by route name, each route's in the report's order of properties.
    public let byRoute: [String: [Mention]]

    /// The properties that mention a route, in the report's order; empty when none does.
    ///
    /// - Parameter route: The route's name.
    public subscript(route: String) -> [Mention] { byRoute[route] ?? [] }

    /// Mentions from explicit lists, for tests and for callers with their own analysis.
    ///
    /// - Parameter byRoute: The mentions by route name.
    public init(byRoute: [String: [Mention]]) {
        self.byRoute = byRoute
    }

    /// The mentions of every declared route of `graph` among `report`'s properties.
    ///
    /// - Parameters:
    ///   - report: The graph's report, whose properties are searched.
    ///   - graph: The graph the report is about: its declarations say what each property names.
    /// - Complexity: O(properties × (their conditions, trace and message) + links + routes).
    public init<R: Route>(report: VerificationReport, graph: NavigationGraph<R>) {
        let routeNames = Set(graph.routes.map(\.name))
        let groups = Dictionary(graph.groups.map { ($0.name, $0.members) }, uniquingKeysWith: { first, _ in first })
        /// A name written in a declaration: the route, or a group's members.
        func routes(named name: String) -> [String] {
            if routeNames.contains(name) { return [name] }
            return (groups[name] ?? []).filter(routeNames.contains)
        }
        func routes<Route>(in condition: GraphCondition<Route>) -> [String] {
            (condition.expression?.routeNames ?? []).flatMap { routes(named: $0.text) }
        }
        let invariants = Dictionary(graph.invariants.map { ($0.name, routes(in: $0.condition)) }, uniquingKeysWith: { first, _ in first })
        let declared = Dictionary(graph.properties.map { declaration in
            (declaration.name, declaration.conditions.flatMap { routes(in: $0.condition) })
        }, uniquingKeysWith: { first, _ in first })
        let linked = (graph.deepLinks?.links ?? []).flatMap { [$0.routeName] + $0.plannedRouteNames }.filter(routeNames.contains)

        var byRoute: [String: [Mention]] = [:]
        for property in report.properties {
            var hows: [String: [String]] = [:]
            var order: [String] = []
            func mention(_ names: [String], _ how: String) {
                for name in names where routeNames.contains(name) {
                    if hows[name] == nil { order.append(name) }
                    if !(hows[name] ?? []).contains(how) { hows[name, default: []].append(how) }
                }
            }
            switch property.kind {
            case PropertyKind.invariant.id: mention(invariants[property.name] ?? [], "declaration")
            case PropertyKind.tapLimit.id:
                for limit in graph.tapLimits where property.name.hasPrefix("\(limit.target) within ") {
                    mention(graph.routes(namedBy: limit.target), "declaration")
                }
            case PropertyKind.deepLinks.id: mention(linked, "deep link")
            case PropertyKind.routeReachability.id where property.status != .passed: mention(report.routesUnreached, "unreached")
            default: mention(declared[property.name] ?? [], "declaration")
            }
            let shown = ((property.trace ?? []) + (property.otherTrace ?? [])).compactMap(\.top)
            mention(shown, property.status == .failed ? "counterexample" : "trace")
            mention(Self.words(property.message).filter(routeNames.contains), "message")
            for name in order {
                byRoute[name, default: []].append(Mention(property: property.name, status: property.status, how: hows[name] ?? []))
            }
        }
        self.byRoute = byRoute
    }

    /// The identifier-like words of `text` (letters, digits, `_`), in order.
    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}
