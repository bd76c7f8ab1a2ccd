import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationDiagrams
import NavigationGraph
import NavigationVerification
import Testing

/// When `verify` draws focus diagrams, how many, and what report.html says about them.
@Suite("Focus diagrams in a verification")
struct FocusDiagramPolicyTests {
    @Test("focus diagrams past what an overview shows or past the layout limit, never with --diagrams none")
    func plan() {
        let policy = DiagramPolicy()
        func plan(nodes: Int, _ policy: DiagramPolicy = DiagramPolicy()) -> DiagramPolicy.Plan {
            policy.plan(for: LayoutSize(nodes: nodes, edges: [], labelledEdges: false), graphName: "G", graphPath: "G.navgraph.yaml", folder: "Reports/G")
        }
        #expect(!plan(nodes: policy.overviewNodeLimit).focusDiagrams)
        let past = plan(nodes: policy.overviewNodeLimit + 1)
        #expect(past.focusDiagrams && past.drawGraph)
        let tooBig = plan(nodes: policy.maxLayoutNodes + 1)
        #expect(tooBig.focusDiagrams && !tooBig.drawGraph)
        #expect(tooBig.notes.first?.contains("over the 4000 it lays out in under a second") == true, "\(tooBig.notes)")
        #expect(!plan(nodes: policy.maxLayoutNodes + 1, DiagramPolicy(selection: .none)).focusDiagrams)
    }

    @Test("a graph past the limit: a focus diagram per route up to the budget, each linked from the route list, a note on the rest; the counterexample still drawn")
    func pastTheLimit() throws {
        var lines = ["navgraph: 1", "name: Wide", "root: r0", "routes:"]
        lines += (0..<130).map { "  r\($0): {}" }
        lines += ["transitions:"] + (1..<130).map { "  - { from: r0, to: r\($0) }" }
        lines += ["invariants:", "  not r7: top != r7"]
        let graph = try GraphDocument.load(lines.joined(separator: "\n"))
        var options = VerificationOptions()
        options.diagrams.maxFocusDiagrams = 5
        let outcome = try GraphVerification(graph: graph, path: "Wide.navgraph.yaml", options: options).run()
        let names = outcome.files.map(\.name)
        #expect(names.contains("graph.svg"), "130 routes in a star lay out quickly")
        #expect(names.filter { $0.hasPrefix("focus-") } == (1...5).map { "focus-\($0).svg" })
        #expect(names.contains("counterexample-1.svg"))
        let page = String(decoding: try #require(outcome.files.first { $0.name == "report.html" }).bytes, as: UTF8.self)
        #expect(page.contains(#"<li data-route="r0"><strong>r0</strong> — <a href="focus-1.svg">focus diagram</a>"#))
        #expect(page.contains(#"<li data-route="r7"><strong>r7</strong> — properties: <span class="failed">not r7</span> (declaration, counterexample"#))
        #expect(page.contains("Focus diagrams are drawn for the first 5 of the 130 routes"))
        #expect(page.contains("navgraph render Wide.navgraph.yaml --focus &lt;route&gt; --output focus.svg"))
        let focus = String(decoding: try #require(outcome.files.first { $0.name == "focus-1.svg" }).bytes, as: UTF8.self)
        SVGValidation.expectWellFormed(Array(focus.utf8), "r0's focus diagram")
        #expect(focus.contains("r0: what leads to it and where it leads"))
    }

    @Test("the Mastodon sample's overview reads whole: no focus diagrams, the route list without links")
    func mastodonNeedsNone() throws {
        let graph = try SampleGraphs.load("Mastodon.navgraph.yaml")
        #expect(RouteDiagram(graph).layoutSize().nodes <= DiagramPolicy.defaultOverviewNodeLimit)
        var options = VerificationOptions()
        options.diagrams.selection = .graph
        options.engine = .symbolic
        let outcome = try GraphVerification(graph: graph, path: "Graphs/Mastodon.navgraph.yaml", options: options).run()
        #expect(!outcome.files.contains { $0.name.hasPrefix("focus-") })
        let page = String(decoding: try #require(outcome.files.first { $0.name == "report.html" }).bytes, as: UTF8.self)
        #expect(page.contains("Routes (54), and the properties that mention each"))
    }
}
