import GraphvizRendering
import NavigationChecker
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("State diagrams")
struct StateDiagramTests {
    @Test("Account's state diagram: a node per state, the counterexample numbered, the violating state red")
    func account() throws {
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        let checker = Checker(graph)
        let trace = try #require((try checker.run()).failures.compactMap(\.trace).first)
        let states = try checker.stateGraph()
        let dot = StateDiagram(graph, states).dot(highlighting: trace)
        let nodes = dot.split(separator: "\n").filter { $0.hasPrefix("  s") && !$0.contains("->") }
        #expect(nodes.count == states.states.count)
        #expect(dot.contains("peripheries=2"))
        for number in 1..<trace.steps.count { #expect(dot.contains("label=\"\(number). ")) }
        #expect(dot.components(separatedBy: "fillcolor=\"#f4b6b6\"").count == 2, "exactly one violating state")
        let svgBytes = try GraphvizRenderer.shared.render(dot, format: .svg)
        SVGValidation.expectWellFormed(svgBytes, "Account's state diagram")
        let svg = String(decoding: svgBytes, as: UTF8.self)
        #expect(svg.components(separatedBy: "class=\"node\"").count - 1 == states.states.count)

        let mermaid = StateDiagram(graph, states).mermaid(highlighting: trace)
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        #expect(mermaid.contains("linkStyle"))
        #expect(mermaid.contains("style s"))
    }

    @Test("state labels with quotes, brackets and emoji are escaped")
    func hostileNames() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: "Odd \\"names\\""
            root: home
            routes:
              home: {}
              "say\\"hi\\"<b>🚀</b>": {}
            transitions:
              - { from: home, to: "say\\"hi\\"<b>🚀</b>" }
            """, origin: "odd.yaml")
        let states = try Checker(graph).stateGraph()
        let dot = StateDiagram(graph, states).dot()
        #expect(dot.contains("say\\\"hi\\\"<b>🚀</b>"))
        let svg = try GraphvizRenderer.shared.render(dot, format: .svg)
        #expect(!svg.isEmpty)
        SVGValidation.expectWellFormed(svg, "the state diagram of odd names")
        let mermaid = StateDiagram(graph, states).mermaid()
        #expect(mermaid.contains("say#quot;hi#quot;#lt;b#gt;🚀#lt;/b#gt;"))
        #expect(!mermaid.contains("<b>"))
    }
}
