import NavigationCore

extension PropertyKind {
    /// Every declared route is shown on top in some reachable state.
    public static let routeReachability = PropertyKind(
        id: "route-reachability", name: "every route reachable",
        rule: "A route that is never shown",
        help: """
            A declared route is on top in no reachable state. The message lists them, each with the \
            successors the depth bounds cut on the way in, if any. Add a transition, event or deep \
            link that shows the route, loosen the condition or guard that keeps it out, or raise \
            `maxStackDepth` / `maxModalDepth` when the bounds cut it; remove the route if it is no \
            longer part of the app.
            """)
}

/// Every route is shown; with the routes never shown, each with the successors the depth
/// bounds cut on the way into it.
struct RouteReachabilityProperty: Property {
    static var kind: PropertyKind { .routeReachability }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        let coverage = judging.routeCoverage
        guard !coverage.unreached.isEmpty else {
            return passed("all \(coverage.total) routes are shown")
        }
        // The cuts of the transitions into each route, summed in one pass over the transitions
        // (filtering them once per unreached route was quadratic in large graphs).
        let cuts = judging.observations.depthCutTransitions
        var cutInto: [String: Int] = [:]
        for (index, transition) in judging.graph.transitions.enumerated() where cuts[index] > 0 {
            cutInto[transition.to, default: 0] += cuts[index]
        }
        let unreached = coverage.unreached.map { $0 + PropertyJudging<R>.depthNote(cutInto[$0] ?? 0) }
        let listed = PropertyJudging<R>.firstOf(unreached, separator: ", ", whole: "routesUnreached")
        return found(judging.unlessIncomplete, "never shown\(judging.depthScopeNote): \(listed)", trace: nil)
    }
}
