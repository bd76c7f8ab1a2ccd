import NavigationChecker
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
}
