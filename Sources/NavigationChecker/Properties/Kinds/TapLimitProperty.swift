import NavigationCore
import NavigationGraph

extension PropertyKind {
    /// A route declared under `within:` needs more user actions from launch than its limit.
    public static let tapLimit = PropertyKind(
        id: "within", name: "within", namedByDeclaration: true,
        rule: "A screen needs more user actions to reach than its limit",
        help: """
            A route named under `within:` (itself, through a group, or through `all`) needs more \
            user actions from launch than the limit written there: taps on transitions, Back, \
            swiping a sheet away or selecting a tab; events and deep links are not counted. The \
            trace is a shortest path of user actions to the screen. Add a shorter way there (a \
            transition from a screen nearer launch), or raise the limit if the depth is meant. \
            A route that user actions alone never show fails too: only an event or a link shows it.
            """,
        ruleListing: .whenJudged)
}

/// Each `within:` declaration holds when every route it names is shown within its limit of
/// user actions from launch (see ``TapDistances``); one verdict per declaration, in the order
/// written, failing with the farthest route's shortest path.
struct TapLimitProperty: Property {
    static var kind: PropertyKind { .tapLimit }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        let graph = judging.graph
        guard !graph.tapLimits.isEmpty else { return [] }
        var verdicts: [PropertyVerdict<R>] = []
        for limit in graph.tapLimits {
            let name = "\(limit.target) within \(limit.limit) \(limit.limit == 1 ? "tap" : "taps")"
            guard let distances = judging.observations.tapDistances else {
                verdicts.append(.init(kind: kind, name: name, status: .inconclusive,
                                      message: "tap distances were not computed", trace: nil, location: limit.location))
                continue
            }
            let routes = graph.routes(namedBy: limit.target)
            var over: [(route: String, taps: Int?, position: Int)] = []
            for route in routes {
                guard let position = graph.routes.firstIndex(where: { $0.name == route }) else { continue }
                let taps = distances.routes[position].taps
                if taps.map({ $0 > limit.limit }) ?? true { over.append((route, taps, position)) }
            }
            guard !over.isEmpty else {
                let farthest = routes.compactMap { distances.entry(for: $0)?.taps }.max() ?? 0
                verdicts.append(.init(kind: kind, name: name, status: .passed,
                                      message: "every route named is shown within \(farthest) user action\(farthest == 1 ? "" : "s")",
                                      trace: nil, location: limit.location))
                continue
            }
            // The farthest route reached by taps is the evidence; a route taps never show is named.
            let withPath = over.filter { $0.taps != nil }.max { ($0.taps ?? 0) < ($1.taps ?? 0) }
            let untapped = over.filter { $0.taps == nil }.map(\.route)
            var parts: [String] = []
            if let withPath, let taps = withPath.taps {
                parts.append("\(withPath.route) needs \(taps) user actions, over the limit of \(limit.limit)"
                             + PropertyJudging<R>.more(over.count - untapped.count, "route"))
            }
            if !untapped.isEmpty {
                parts.append("user actions alone never show \(untapped.joined(separator: ", "))")
            }
            var evidence: CheckTrace<R>?
            if let withPath, let actions = judging.observations.tapPaths?[withPath.position] {
                evidence = try trace(Violation(state: 0, action: nil, message: "", actions: actions), name)
            }
            // A route never shown by taps within a search cut by depth bounds may be shown deeper.
            let status: PropertyVerdict<R>.Status = withPath != nil ? .failed : judging.unlessIncomplete
            verdicts.append(.init(kind: kind, name: name, status: status, message: parts.joined(separator: "; "),
                                  trace: evidence, location: limit.location))
        }
        return verdicts
    }
}
