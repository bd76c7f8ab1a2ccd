import GraphvizRendering
import NavigationChecker
import NavigationCore
@testable import NavigationDiagrams
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("Route diagrams")
struct RouteDiagramTests {
    /// The edge lines of a DOT text (trace steps included).
    private func edges(_ dot: String) -> [Substring] {
        dot.split(separator: "\n").filter { $0.contains(" -> ") }
    }

    @Test("with modal clusters, edge labels are external labels (Graphviz 2.43 frees memory twice otherwise)")
    func clustersUseExternalLabels() throws {
        for file in ["Shop.navgraph.yaml", "Account.navgraph.yaml", "Social.navgraph.yaml"] {
            let graph = try SampleGraphs.load(file)
            let trace = try Checker(graph).run().failures.compactMap(\.trace).first
            let dot = RouteDiagram(graph).dot(highlighting: trace)
            #expect(dot.contains("subgraph \"cluster_"), "\(file) has modal clusters")
            let labelled = edges(dot).filter { $0.contains("label=") }
            #expect(!labelled.isEmpty, "\(file) has labelled edges")
            for edge in labelled {
                #expect(edge.contains("xlabel=") && !edge.contains(" label="), "\(file): \(edge)")
            }
            SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(dot, format: .svg), "\(file)'s counterexample")
        }
    }

    @Test("without clusters, edge labels stay ordinary labels, laid out with room of their own")
    func noClustersKeepLabels() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Flat
            root: home
            flags:
              signedIn: false
            routes:
              home: {}
              profile: {}
            transitions:
              - {from: home, to: profile, when: signedIn}
            """)
        let dot = RouteDiagram(graph).dot()
        #expect(!dot.contains("subgraph"))
        let labelled = edges(dot).filter { $0.contains("label=") }
        #expect(labelled.count == 1)
        #expect(labelled.allSatisfy { $0.contains(" label=\"when signedIn\"") && !$0.contains("xlabel=") })
    }

    @Test("names with control characters, noncharacters and entity-like text draw as SVG that parses")
    func unparsableCharacters() throws {
        // Written in Swift: a document refuses such names before anything is drawn.
        // Swift string literals refuse noncharacters, so they are made from their values.
        let noncharacters = String(String.UnicodeScalarView([0xFFFF, 0xFFFE, 0xFDD0, 0x1FFFE, 0x10FFFF].compactMap(Unicode.Scalar.init)))
        let names = ["home", "nul\u{0}esc\u{1B}[2Jc1\u{85}", "end" + noncharacters, "&#0;&nbsp;&lt;b&gt;"]
        let graph = NavigationGraph(name: "Odd\(noncharacters)&#0;", routes: names.map { RouteDeclaration(name: $0, samples: [DynamicRoute($0)]) },
                                    root: "home", transitions: names.dropFirst().map { TransitionDeclaration(from: "home", to: $0) },
                                    routeName: { $0.name })
        let dot = RouteDiagram(graph).dot()
        #expect(!dot.unicodeScalars.contains { $0.properties.isNoncharacterCodePoint || $0.properties.generalCategory == .control && $0 != "\n" })
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(dot, format: .svg), "the route graph")
        let states = StateDiagram(graph, try Checker(graph).stateGraph()).dot()
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(states, format: .svg), "the state graph")
    }

    @Test("a route two tabs reach is drawn outside both tab clusters; a route one tab reaches stays in it")
    func sharedRouteOutsideTabs() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Tabs
            tabs:
              - {name: home, root: timeline}
              - {name: search, root: explore}
            routes:
              timeline: {}
              explore: {}
              status: {}
              trends: {}
              compose: {}
            transitions:
              - {from: timeline, to: status}
              - {from: explore, to: status}
              - {from: explore, to: trends}
              - {from: timeline, to: compose, style: sheet}
            """)
        let dot = RouteDiagram(graph).dot()
        // Each cluster's title and the routes drawn in it, in order, read back from the DOT text.
        var clusters: [(title: String, routes: [String])] = []
        var outside: [String] = []
        var inCluster = false
        for line in dot.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  subgraph ") { inCluster = true; clusters.append(("", [])); continue }
            if line == "  }" { inCluster = false; continue }
            if line.hasPrefix("    label="), let title = line.split(separator: "\"").dropFirst().first { clusters[clusters.count - 1].title = String(title) }
            guard line.contains(" [label="), !line.contains(" -> "), let name = line.split(separator: "\"").first(where: { $0.contains { !$0.isWhitespace } }) else { continue }
            if inCluster { clusters[clusters.count - 1].routes.append(String(name)) } else { outside.append(String(name)) }
        }
        #expect(clusters.map(\.title) == ["tab home", "tab search", "sheet compose"])
        #expect(clusters.map(\.routes) == [["timeline"], ["explore", "trends"], ["compose"]])
        #expect(outside == ["status"])
        let mermaid = RouteDiagram(graph).mermaid()
        #expect(mermaid.contains("\n  end\n  r2(\"status\")\n"), "drawn after the subgraphs, outside them")
    }
}

@Suite("Route diagrams of conditional tabs")
struct ConditionalTabDiagramTests {
    @Test("a tab shown under a condition is drawn as its cluster, titled with the condition, in DOT and Mermaid, each escaped")
    func conditionalTabCluster() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Tabs
            tabs:
              - { name: home, root: home }
              - { name: inbox, root: inbox, when: "signedIn and count(message) < 2" }
            routes: { home: {}, inbox: {}, message: {} }
            flags: { signedIn: false }
            events: { login: { set: { signedIn: true } } }
            transitions: [{ from: inbox, to: message }]
            """)
        let dot = RouteDiagram(graph).dot()
        #expect(dot.contains(#"label="tab inbox (when signedIn and count(message) < 2)""#))
        #expect(dot.contains(#"label="tab home";"#))
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(dot, format: .svg), "the conditional tab's cluster")
        let mermaid = RouteDiagram(graph).mermaid()
        #expect(mermaid.contains(#"["tab inbox (when signedIn and count(message) #lt; 2)"]"#))
        #expect(mermaid.contains(#"["tab home"]"#))
    }
}

@Suite("The route map at real-app scale")
struct RouteMapTests {
    @Test("the Mastodon sample's groups and wildcard are drawn once each, not expanded: at most 80 drawn edges, at most 1,200 pt wide")
    func mastodonMap() throws {
        let graph = try SampleGraphs.load("Mastodon.navgraph.yaml")
        #expect(graph.routes.count >= 50)
        #expect(graph.transitions.count > 400, "the router pattern expands to hundreds of transitions")
        let diagram = RouteDiagram(graph)
        #expect(diagram.drawnEdgeCount <= 80, "\(diagram.drawnEdgeCount)")
        let dot = diagram.dot()
        let drawn = dot.split(separator: "\n").filter { $0.contains(" -> ") && !$0.contains("style=invis") }
        #expect(drawn.count == diagram.drawnEdgeCount)
        // destinations → destinations is one loop on the group's hub, inside the group's box.
        #expect(drawn.filter { $0.hasPrefix("  \"group:destinations\" -> \"group:destinations\"") }.count == 1)
        #expect(dot.contains("label=\"group destinations\""))
        #expect(drawn.contains { $0.hasPrefix("  \"group:*\" -> \"translation\"") }, "the wildcard source is one hub")
        #expect(drawn.contains { $0.hasPrefix("  \"link:/@:id([A-Za-z0-9_]+)\" -> \"account\"") }, "a deep link leads to its route")
        #expect(dot.contains("\"event:signOut\" [label=\"event signOut\\nset signedIn = false\\nthen dismissAll, popToRoot\""))
        let svg = String(decoding: try GraphvizRenderer.shared.render(dot, format: .svg), as: UTF8.self)
        let width = try #require(svg.firstRange(of: #/width="([0-9.]+)pt"/#).map { Double(svg[$0].dropFirst(7).dropLast(3)) ?? 0 })
        #expect(width <= 1200.5, "\(width) pt")
        SVGValidation.expectWellFormed(Array(svg.utf8), "the Mastodon route map")
    }

    @Test("an event that presents a route puts it in its modal box; a transition over a group is one edge")
    func eventPresentedRouteInItsBox() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Boxes
            root: home
            routes: { home: {}, a: {}, b: {}, promo: {} }
            groups: { pair: [a, b] }
            events:
              offer: { then: { sheet: promo } }
            transitions:
              - { from: home, to: pair }
              - { from: pair, to: home }
            """)
        let diagram = RouteDiagram(graph)
        #expect(diagram.clusters().contains { $0.title == "sheet promo" && $0.routes == ["promo"] })
        let dot = diagram.dot()
        #expect(dot.contains("  \"home\" -> \"group:pair\" [style=solid];"))
        #expect(dot.contains("  \"group:pair\" -> \"home\" [style=solid];"))
        #expect(dot.contains("\"event:offer\" -> \"promo\""))
        #expect(diagram.drawnEdgeCount == 3)
        let mermaid = diagram.mermaid()
        #expect(mermaid.split(separator: "\n").filter { $0.contains("-->") || $0.contains("-.->") }.count == 3, "\(mermaid)")
    }

    @Test("a counterexample is drawn on the routes it visits and their direct neighbours only")
    func focusedTrace() throws {
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        let trace = try #require(try Checker(graph).run().failures.compactMap(\.trace).first)
        let dot = RouteDiagram(graph).dot(focusingOn: trace)
        let visited = Set(trace.steps.compactMap { $0.state.top.map(graph.routeName) })
        let neighbours = Set(graph.transitions.filter { visited.contains($0.from) || visited.contains($0.to) }.flatMap { [$0.from, $0.to] })
        for route in graph.routes {
            #expect(dot.contains("  \"\(route.name)\" [label=") == neighbours.union(visited).contains(route.name), "\(route.name)")
        }
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(dot, format: .svg), "the focused trace")
    }
}
