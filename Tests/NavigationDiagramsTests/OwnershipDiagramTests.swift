import Foundation
import GraphvizRendering
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavGraphTestSupport
import Testing

/// Who presents a requested route, in the route diagram: scope nodes for tabs and the app, "owns"
/// edges with the style and priority, events that request drawn as notes, names escaped.
@Suite("Ownership in diagrams")
struct OwnershipDiagramTests {
    /// A hostile owned route (owned by a route and a tab, redirecting by request to sign in when
    /// signed out), a high-priority cover owned by the app, an event with a hostile name that
    /// requests it, and a route called `app` (the app scope's node must not be taken for it).
    static let owned = """
        navgraph: 1
        name: Owned
        tabs:
          - { name: main, root: home }
        routes:
          home: {}
          list: {}
          "d\\"<x>&": { owner: [list, tab:main], requires: signedIn, otherwise: { redirect: signIn, style: request } }
          signIn: { owner: app, style: cover, priority: high }
          app: {}
        flags: { signedIn: false }
        events:
          "out\\"<&>": { when: signedIn, set: { signedIn: false }, then: [{ request: signIn }] }
        transitions:
          - { from: home, to: list }
          - { from: list, request: "d\\"<x>&" }
          - { from: home, request: signIn }
          - { from: home, to: app }

        """

    @Test("the DOT diagram draws each owner's 'owns' edge with style and priority, tab scopes in their tab's cluster, escaped, and renders")
    func dot() throws {
        let graph = try GraphDocument.load(Self.owned, origin: "owned.yaml")
        let dot = RouteDiagram(graph).dot()
        let lines = dot.split(separator: "\n").map(String.init)
        let tabCluster = try #require(lines.firstIndex(of: "    label=\"tab main\"; style=\"rounded,dashed\"; color=\"#999999\";"))
        let tabScope = try #require(lines.firstIndex(of: "    \"tab:main\" [label=\"tab main\", shape=tab, style=filled, fillcolor=\"#e8eef7\"];"), "\(dot)")
        #expect(tabScope > tabCluster && !lines[tabCluster..<tabScope].contains("  }"), "the tab's scope is inside the tab's cluster")
        #expect(lines.contains("  \"_app\" [label=\"app\", shape=house, style=filled, fillcolor=\"#e8eef7\"];"), "a route is called app: the scope's node is another")
        #expect(lines.contains("  \"event:out\\\"<&amp;>\" [label=\"event out\\\"<&amp;>\", shape=note, style=filled, fillcolor=\"#fdf6e3\"];"), "\(dot)")
        let owns = "style=dashed, color=\"#3b6ea8\", fontcolor=\"#3b6ea8\", arrowhead=vee"
        #expect(lines.contains("  \"list\" -> \"d\\\"<x>&amp;\" [\(owns), xlabel=\"owns (push)\"];"), "\(dot)")
        #expect(lines.contains("  \"tab:main\" -> \"d\\\"<x>&amp;\" [\(owns), xlabel=\"owns (push)\"];"))
        #expect(lines.contains("  \"_app\" -> \"signIn\" [\(owns), xlabel=\"owns (cover, high priority)\"];"))
        let request = "style=dashed, arrowhead=open, color=\"#8a4fa8\", fontcolor=\"#8a4fa8\""
        #expect(lines.contains("  \"event:out\\\"<&amp;>\" -> \"signIn\" [\(request), xlabel=\"request\"];"), "an event's request step")
        #expect(lines.contains("  \"list\" -> \"d\\\"<x>&amp;\" [\(request), xlabel=\"request\"];"), "a request transition")
        #expect(lines.contains("  \"d\\\"<x>&amp;\" -> \"signIn\" [\(request), xlabel=\"otherwise request\"];"), "a guard's redirect by request")
        #expect(lines.contains("  \"home\" -> \"app\" [style=solid];"), "a direct transition stays as it was")
        #expect(!lines.contains { $0.hasPrefix("  \"app\" -> ") }, "nothing is drawn from the route called app")
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(dot, format: .svg), "the ownership diagram")
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(RouteDiagram(graph).dot(highlighting: nil), format: .svg), "again")
        // Every node and edge is counted for the layout budget: 5 routes and 3 scope or event
        // nodes; 4 transitions, 3 "owns" edges, the guard's and the event's requests.
        let size = RouteDiagram(graph).layoutSize()
        #expect(size.nodes == 8 && size.edges == 9, "\(size)")
    }

    @Test("the Mermaid diagram draws scopes and events as nodes and the 'owns' links in blue, escaped")
    func mermaid() throws {
        let graph = try GraphDocument.load(Self.owned, origin: "owned.yaml")
        let lines = RouteDiagram(graph).mermaid().split(separator: "\n").map(String.init)
        let tab = try #require(lines.firstIndex(of: "  subgraph c0 [\"tab main\"]"), "\(lines)")
        let end = try #require(lines[tab...].firstIndex(of: "  end"))
        #expect(lines[tab..<end].contains("    s0[/\"tab main\"/]"), "\(lines)")
        #expect(lines.contains("  s1{{\"app\"}}"))
        #expect(lines.contains("  s2>\"event out#quot;#lt;#amp;#gt;\"]"), "\(lines)")
        #expect(lines.contains("  r1 -.->|\"owns (push)\"| r2"))
        #expect(lines.contains("  s0 -.->|\"owns (push)\"| r2"))
        #expect(lines.contains("  s1 -.->|\"owns (cover, high priority)\"| r3"))
        #expect(lines.contains("  s2 -.-o|\"request\"| r3"))
        #expect(lines.contains("  r2 -.-o|\"otherwise request\"| r3"))
        // Four transitions come first (links 0-3), then the three "owns" links, the guard's and the event's requests.
        #expect(lines.last == "  linkStyle 4,5,6 stroke:#3b6ea8,color:#3b6ea8", "\(lines)")
    }

    @Test("a graph without ownership or requests draws no scope, no 'owns' edge and no link style")
    func withoutOwnership() throws {
        let shop = try SampleGraphs.load("Shop.navgraph.yaml")
        let dot = RouteDiagram(shop).dot(), mermaid = RouteDiagram(shop).mermaid()
        #expect(!dot.contains("owns") && !dot.contains("shape=house") && !dot.contains("shape=tab"))
        #expect(!mermaid.contains("owns") && !mermaid.contains("linkStyle"))
    }
}
