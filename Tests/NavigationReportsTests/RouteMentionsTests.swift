import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
@testable import NavigationReports
import Testing

@Suite("The properties that mention each route, and report.html's route list")
struct RouteMentionsTests {
    static let document = """
        navgraph: 1
        name: Mentions
        root: home
        flags:
          signedIn: false
        routes:
          home: {}
          orders: {}
          billing: {}
          help: {}
          secret: {}
        groups:
          money: [orders, billing]
        events:
          signIn:
            set: { signedIn: true }
        transitions:
          - { from: home, to: orders }
          - { from: orders, to: billing }
          - { from: home, to: help, style: sheet }
        invariants:
          money needs sign-in: top == money implies signedIn
        properties:
          help returns home: { from: "modal == help", canReach: "top == home and modalDepth == 0" }
        """

    static func report() throws -> (NavigationGraph<DynamicRoute>, VerificationReport) {
        let graph = try GraphDocument.load(document)
        return (graph, VerificationReport(graph: graph, result: try Checker(graph).run(), lint: GraphLinter.lint(graph)))
    }

    @Test("declarations (a group standing for its members), counterexamples, failed reachability and messages mention routes")
    func mentions() throws {
        let (graph, report) = try Self.report()
        let mentions = RouteMentions(report: report, graph: graph)
        let orders = mentions["orders"].first { $0.property == "money needs sign-in" }
        #expect(orders?.status == .failed)
        #expect(orders?.how == ["declaration", "counterexample"], "\(mentions["orders"])")
        // billing is named through the group; the shortest counterexample stops at orders.
        #expect(mentions["billing"].first { $0.property == "money needs sign-in" }?.how == ["declaration"])
        let help = mentions["help"].first { $0.property == "help returns home" }
        #expect(help?.status == .passed && help?.how.first == "declaration", "\(mentions["help"])")
        // secret is never shown: the reachability verdict is about it, and its message names it.
        let secret = mentions["secret"].first { $0.property == "every route reachable" }
        #expect(secret?.how.contains("unreached") == true, "\(mentions["secret"])")
        #expect(!mentions["secret"].contains { $0.property == "money needs sign-in" })
        // In the report's order of properties, each once per route.
        let order = report.properties.map(\.name)
        for route in graph.routes.map(\.name) {
            let named = mentions[route].map(\.property)
            #expect(named == order.filter(named.contains), "\(route): \(named)")
        }
        #expect(mentions["nowhere"].isEmpty)
    }

    @Test("the route list names every route with its focus diagram and its properties, all escaped; without it the page is as before")
    func routeList() throws {
        let (graph, report) = try Self.report()
        let index = HTMLPage.RouteIndex(routes: graph.routes.map(\.name) + ["<img src=x onerror=alert(1)>"], focusFiles: ["orders": "focus-2.svg"],
                                        mentions: RouteMentions(report: report, graph: graph), note: "Focus diagrams <b>for</b> some")
        let html = HTMLPage.render(report, graphSVG: nil, graphDOT: "digraph {}", traceSVGs: [:], routeIndex: index)
        #expect(html.contains(#"<li data-route="orders"><strong>orders</strong> — <a href="focus-2.svg">focus diagram</a> — properties: <span class="failed">money needs sign-in</span> (declaration, counterexample)"#), "\(html)")
        #expect(html.contains(#"<li data-route="secret">"#))
        #expect(html.contains(#"<span class="none">no property mentions it</span>"#))
        #expect(html.contains(#"data-route="&lt;img src=x onerror=alert(1)&gt;""#) && !html.contains("<img"))
        #expect(html.contains("Focus diagrams &lt;b&gt;for&lt;/b&gt; some"))
        // Without a drawing the list is the map: open, searchable, and the DOT text is not dumped.
        #expect(html.contains(#"<details id="route-list" open>"#))
        #expect(html.contains(#"id="route-search""#) && html.contains(#"<div id="route-panel" hidden></div>"#))
        #expect(!html.contains("<pre>digraph {}</pre>"))
        let plain = HTMLPage.render(report, graphSVG: nil, graphDOT: "digraph {}", traceSVGs: [:])
        #expect(plain.contains("<pre>digraph {}</pre>") && !plain.contains(#"<details id="route-list""#) && !plain.contains("#route-panel"))
    }
}
