import NavigationCore
import NavigationGraph
@testable import NavigationChecker
import Testing

/// A coverage verdict is one line (terminal, annotation, table cell): it lists the first 20
/// names and counts the rest, which report.json lists in full.
@Suite("Coverage messages")
struct CoverageMessageTests {
    @Test("25 routes never shown and 25 transitions never taken: 20 named in each message, the other 5 counted; report lists hold all")
    func capped() throws {
        let islands = (1...25).map { "island\($0)" }
        let graph = NavigationGraph<DynamicRoute>(
            name: "Islands", routes: (["home"] + islands).map { RouteDeclaration(name: $0, samples: [DynamicRoute($0)]) }, root: "home",
            transitions: islands.map { TransitionDeclaration(from: $0, to: "home") }, routeName: { $0.name })
        let result = try Checker(graph).run()
        let routes = try #require(result.verdicts.first { $0.kind == .routeReachability })
        let transitions = try #require(result.verdicts.first { $0.kind == .transitionCoverage })
        #expect(routes.message.hasSuffix("island20 and 5 more (report.json's routesUnreached lists them all)"), "\(routes.message)")
        #expect(!routes.message.contains("island21"))
        #expect(transitions.message.contains(" and 5 more (report.json's transitionsNotTaken lists them all)"), "\(transitions.message)")
        #expect(result.routeCoverage.unreached.count == 25 && result.transitionCoverage.unreached.count == 25)
    }
}
