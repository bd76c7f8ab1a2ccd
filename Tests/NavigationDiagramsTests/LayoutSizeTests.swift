import NavigationDiagrams
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("Layout size estimates")
struct LayoutSizeTests {
    @Test("a chain has one rank per node and no virtual nodes, whatever its order")
    func chain() {
        let forward = LayoutSize(nodes: 5, edges: [(0, 1), (1, 2), (2, 3), (3, 4)], labelledEdges: false)
        #expect(forward.nodes == 5 && forward.edges == 4 && forward.layoutNodes == 5)
        let shuffled = LayoutSize(nodes: 5, edges: [(3, 4), (0, 1), (2, 3), (1, 2)], labelledEdges: false)
        #expect(shuffled.layoutNodes == 5)
    }

    @Test("an edge spanning n ranks adds n - 1 virtual nodes, 2n - 1 when edges are labelled")
    func longEdges() {
        // 0 → 1 → 2 → 3 and a shortcut 0 → 3 spanning three ranks.
        let edges = [(from: 0, to: 1), (from: 1, to: 2), (from: 2, to: 3), (from: 0, to: 3)]
        #expect(LayoutSize(nodes: 4, edges: edges, labelledEdges: false).layoutNodes == 4 + 2)
        // Labels double every span: three edges of 2 ranks (1 virtual each) and one of 6 (5).
        #expect(LayoutSize(nodes: 4, edges: edges, labelledEdges: true).layoutNodes == 4 + 3 + 5)
    }

    @Test("a cycle is broken by reversing the edge back to the start; self-loops cost nothing")
    func cycles() {
        // 0 → 1 → 2 → 0: ranks 0, 1, 2; the reversed edge 0 ← 2 spans two ranks.
        let cycle = LayoutSize(nodes: 3, edges: [(0, 1), (1, 2), (2, 0), (1, 1)], labelledEdges: false)
        #expect(cycle.edges == 4 && cycle.layoutNodes == 3 + 1)
    }

    @Test("route diagrams count unknown names as nodes and use ordinary labels only without clusters")
    func routeDiagrams() throws {
        let flat = try GraphDocument.load("""
            navgraph: 1
            name: Flat
            root: a
            routes: { a: {}, b: {}, c: {} }
            transitions:
              - { from: a, to: b }
              - { from: b, to: c }
              - { from: a, to: c, style: replace }
            """)
        // The replace edge has a label, so every span doubles: 1 + 1 + 3 virtual nodes.
        #expect(RouteDiagram(flat).layoutSize().layoutNodes == 3 + 5)
        let shop = try SampleGraphs.load("Shop.navgraph.yaml")
        // A node per route, per event (a note saying what it sets and does) and per deep link.
        #expect(RouteDiagram(shop).layoutSize().nodes == shop.routes.count + shop.events.count + (shop.deepLinks?.links.count ?? 0))
    }

    @Test("a 10,000-route chain is sized, clustered and written as DOT and Mermaid with each route once")
    func largeChain() throws {
        let graph = try GraphDocument.load(LargeGraphs.chain(routes: 10_000))
        let diagram = RouteDiagram(graph)
        #expect(diagram.layoutSize().layoutNodes == 10_000)
        let dot = diagram.dot()
        #expect(dot.split(separator: "\n").filter { $0.contains(" -> ") }.count == 9_999)
        #expect(dot.split(separator: "\n").filter { $0.contains("[label=") && !$0.contains(" -> ") }.count == 10_000)
        #expect(diagram.mermaid().split(separator: "\n").count == 1 + 10_000 + 9_999)
    }
}
