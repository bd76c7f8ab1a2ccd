import Foundation
import NavigationChecker
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports
import Testing

/// A deep-link failure names the expectation case that held, condition text included: that
/// text is the document's (or, from Swift, anything), so every report escapes it.
@Suite("Reports: expectations by state")
struct ExpectationByStateReportTests {
    private static let hostile = "on <img src=https://evil.example/x.png> | ``` # & \"quoted\""

    /// `app://a` is expected rejected while the hostile-named condition holds (flag `on`), but
    /// plans; an event sets the flag.
    private static func graph() throws -> NavigationGraph<DynamicRoute> {
        let flag = FlagName("on")
        let condition = GraphCondition<DynamicRoute>(.flag(Condition.Name(text: "on", location: SourceLocation(line: 1, column: 1))), text: hostile)
        let link = DeepLinkDeclaration<DynamicRoute>(
            pattern: "/a", routeName: "a", plan: DeepLinkPlanShape(stack: ["home", "a"], mode: .push), requirement: nil, whenUnmet: .pend,
            samples: [.init(url: "app://a", expect: .plan, conditional: [.init(condition: condition, outcome: .rejected)])], location: nil,
            route: { _ throws(DeepLinkRejection) in DynamicRoute("a") }, parameters: { $0.name == "a" ? DeepLinkParameters([:]) : nil },
            representatives: ["home": DynamicRoute("home"), "a": DynamicRoute("a")], graphRouteName: { $0.name })
        return NavigationGraph(
            name: "Links", summary: "", routes: ["home", "a"].map { RouteDeclaration(name: $0, samples: [DynamicRoute($0)]) }, root: "home",
            flags: [.init(name: flag, initial: false)], events: [EventDeclaration(name: "turn on", flagChanges: [(flag: flag, value: true)])],
            deepLinks: .init(configuration: DeepLinkConfiguration(schemes: ["app"]), links: [link]),
            bounds: GraphBounds(maxStackDepth: 4), routeName: { $0.name })
    }

    @Test("the failed case's condition reaches Markdown, HTML, SARIF and JUnit as text")
    func escaped() throws {
        let graph = try Self.graph()
        let result = try Checker(graph).run()
        let verdict = try #require(result.failures.first { $0.kind == .deepLinks })
        #expect(verdict.message.contains("is declared rejected (when \(Self.hostile)) but navigated"), "\(verdict.message)")
        let report = VerificationReport(graph: graph, result: result, lint: [])
        let html = HTMLPage.render(report, graphSVG: nil, graphDOT: RouteDiagram(graph).dot(), traceSVGs: [:])
        let markdown = ReportWriter.markdown(report, mermaid: RouteDiagram(graph).mermaid())
        let sarif = try SARIFLog.text([report])
        let junit = ReportWriter.junit([report])
        for (format, text) in [("html", html), ("markdown", markdown), ("junit", junit)] {
            #expect(!text.contains("<img"), "\(format)")
        }
        #expect(html.contains("&lt;img src=https://evil.example/x.png&gt;"), "\(html)")
        let log = try JSONSerialization.jsonObject(with: Data(sarif.utf8))
        #expect(log is [String: Any], "SARIF stays valid JSON")
    }
}
