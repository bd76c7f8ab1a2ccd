import GraphvizRendering
import NavigationChecker
import NavigationCore
import NavigationDiagrams
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
}
