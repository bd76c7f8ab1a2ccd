import Foundation
import GraphvizRendering
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("Feature graphs in diagrams")
struct FeatureDiagramTests {
    /// An app with a home route and feature `people` (a route with a hostile name part included),
    /// loaded from files written for the test.
    private func composedGraph() throws -> NavigationGraph<DynamicRoute> {
        let folder = NSTemporaryDirectory() + "navgraph-feature-diagram-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = "navgraph: 1\nname: App\nroot: home\nfeatures:\n  people: { file: People.navgraph.yaml, exits: { done: home } }\n"
            + "routes: { home: , settings: , about: }\ntransitions:\n  - { from: home, to: people.list }\n"
            + "  - { from: home, to: settings, style: sheet }\n  - { from: settings, to: about }\n"
        let people = "navgraph: 1\nname: People\nroot: list\nexits: [done]\nroutes: { list: , \"d\\\"<x>&\": }\ntransitions:\n  - { from: list, to: \"d\\\"<x>&\" }\n  - { from: \"d\\\"<x>&\", to: done }\n"
        try Data(app.utf8).write(to: URL(fileURLWithPath: folder + "/App.navgraph.yaml"))
        try Data(people.utf8).write(to: URL(fileURLWithPath: folder + "/People.navgraph.yaml"))
        let path = folder + "/App.navgraph.yaml"
        return try GraphDocument.load(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), origin: path)
    }

    @Test("the DOT diagram draws each feature as a cluster of its qualified routes, names escaped, before the app's modal flows")
    func dotClusters() throws {
        let graph = try composedGraph()
        let dot = RouteDiagram(graph).dot()
        let lines = dot.split(separator: "\n").map(String.init)
        let featureCluster = try #require(lines.firstIndex(of: "    label=\"feature people\"; style=\"rounded,dashed\"; color=\"#999999\";"))
        #expect(lines[featureCluster - 1] == "  subgraph \"cluster_0\" {")
        #expect(lines[featureCluster + 1].hasPrefix("    \"people.list\" ["))
        #expect(lines[featureCluster + 2].hasPrefix("    \"people.d\\\"<x>&amp;\" ["), "the name is escaped as DOT text")
        #expect(lines[featureCluster + 3] == "  }")
        #expect(dot.contains("label=\"sheet settings\""), "the app's own modal flow keeps its cluster")
        #expect(!lines.contains { $0.hasPrefix("  \"people.list\" [") }, "a feature's route is drawn in its cluster only")
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(dot, format: .svg), "the feature diagram")
    }

    @Test("the Mermaid diagram draws each feature as a subgraph, its title and names escaped")
    func mermaidSubgraphs() throws {
        let graph = try composedGraph()
        let lines = RouteDiagram(graph).mermaid().split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "  subgraph c0 [\"feature people\"]"))
        #expect(lines[start + 1] == "    r3(\"people.list\")")
        #expect(lines[start + 2] == "    r4(\"people.d#quot;#lt;x#gt;#amp;\")")
        #expect(lines[start + 3] == "  end")
    }

    @Test("the feature of a qualified route name is its first part; an app route has none")
    func featureOfName() {
        #expect(FeatureNames.feature(of: "people.detail") == "people")
        #expect(FeatureNames.feature(of: "people.avatar.crop") == "people")
        #expect(FeatureNames.localName(of: "people.avatar.crop") == "avatar.crop")
        #expect(FeatureNames.feature(of: "home") == nil)
        #expect(FeatureNames.localName(of: "home") == "home")
    }
}
