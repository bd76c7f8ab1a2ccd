import GraphvizRendering
import NavigationChecker
import NavigationCore
@testable import NavigationDiagrams
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("Focus diagrams: one route, what leads to it and where it leads")
struct FocusDiagramTests {
    /// The quoted node identifiers a DOT text declares (lines `  "name" [label=…]`).
    private func nodes(_ dot: String) -> [String] {
        dot.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  \""), !line.contains(" -> "), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
    }

    /// The edges of a DOT text as `from -> to`, without attributes.
    private func edges(_ dot: String) -> [String] {
        dot.split(separator: "\n").filter { $0.contains(" -> ") }.map { line in
            // Attributes start after the closing quote of the target (a link's pattern may hold `[`).
            let end = line.range(of: "\" [")?.lowerBound ?? line.endIndex
            return String(line[..<end]).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\"", with: "")
        }
    }

    @Test("a destination of the Mastodon router: its group's hub joined by 'one of', the group's edges once, its own sheets, and nothing else")
    func routerDestination() throws {
        let graph = try SampleGraphs.load("Mastodon.navgraph.yaml")
        let focus = try #require(RouteDiagram(graph).focusDiagrams(for: ["account"]).first)
        #expect(focus.route == "account")
        let drawn = edges(focus.dot)
        // Four transitions are written over `destinations` (from timeline, explore, the signed-in
        // roots' group, and destinations itself); each is one edge at the hub, as on the map.
        #expect(drawn.filter { $0.hasSuffix("-> group:destinations") && !$0.hasPrefix("account ") }.count == 4, "\(drawn)")
        #expect(drawn.filter { $0 == "account -> group:destinations" }.count == 1, "the dotted 'one of' edge")
        #expect(focus.dot.contains("label=\"one of\""))
        // account's own sheets (mention, listAddAccount, report) and the deep link to it.
        for target in ["mention", "listAddAccount", "report"] { #expect(drawn.contains("account -> \(target)"), "\(target): \(drawn)") }
        #expect(drawn.contains { $0.hasPrefix("link:") && $0.hasSuffix("-> account") }, "\(drawn)")
        // The wildcard source's sheet is drawn from the "any screen" hub, which holds account.
        #expect(drawn.contains { $0.hasPrefix("group:*") && $0.hasSuffix("-> translation") }, "\(drawn)")
        // Not the whole graph: settings' pages and the profile's sheets are elsewhere.
        let shown = Set(nodes(focus.dot))
        #expect(!shown.contains("displaySettings") && !shown.contains("editProfile"), "\(shown.sorted())")
        #expect(shown.count < 20, "\(shown.sorted())")
        // The hub is named with its size, not its 18 members.
        #expect(focus.dot.contains("any of destinations\\n18 routes"))
        #expect(focus.dot.contains("fillcolor=\"#fff3c4\""), "the focused route is marked")
        SVGValidation.expectWellFormed(try GraphvizRenderer.shared.render(focus.dot, format: .svg), "account's focus diagram")
    }

    @Test("a tab root: its own transitions and what presents it; unknown names are left out, the order given is kept")
    func tabRootAndUnknownNames() throws {
        let graph = try SampleGraphs.load("Mastodon.navgraph.yaml")
        let focuses = RouteDiagram(graph).focusDiagrams(for: ["settings", "noSuchRoute", "timeline"])
        #expect(focuses.map(\.route) == ["settings", "timeline"])
        let settings = edges(focuses[0].dot)
        #expect(settings.contains("settings -> addAccount") && settings.contains("settings -> about"), "\(settings)")
        #expect(settings.contains("settings -> group:settingsPages"), "\(settings)")
        #expect(focuses[0].dot.contains("peripheries=2"), "a tab root has a double border")
    }

    @Test("hostile route names are escaped in the DOT text and come out as text in the SVG")
    func hostileNames() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Hostile
            root: home
            routes:
              home: {}
              "<script>\\"x&amp;": {}
            transitions:
              - { from: home, to: "<script>\\"x&amp;" }
            """)
        let focus = try #require(RouteDiagram(graph).focusDiagrams(for: ["<script>\"x&amp;"]).first)
        #expect(focus.dot.contains(#""<script>\"x&amp;amp;""#), "\(focus.dot)")
        let svg = String(decoding: try GraphvizRenderer.shared.render(focus.dot, format: .svg), as: UTF8.self)
        SVGValidation.expectWellFormed(Array(svg.utf8), "a hostile name's focus diagram")
        #expect(!svg.contains("<script>"))
    }

    @Test("a counterexample's neighbourhood is measured as it is drawn: far smaller than the whole map of a long chain")
    func traceLayoutSize() throws {
        var lines = ["navgraph: 1", "name: Chain", "root: r0", "routes:"]
        lines += (0..<400).map { "  r\($0): {}" }
        lines += ["transitions:"] + (0..<399).map { "  - { from: r\($0), to: r\($0 + 1) }" }
        lines += ["invariants:", "  not too deep: top != r3"]
        let graph = try GraphDocument.load(lines.joined(separator: "\n"))
        let trace = try #require(try Checker(graph).run().failures.compactMap(\.trace).first)
        let diagram = RouteDiagram(graph)
        let near = diagram.layoutSize(focusingOn: trace)
        // r0…r3 visited, r4 their neighbour; labelled steps make each edge two ranks long.
        #expect(near.nodes == 5)
        #expect(near.layoutNodes < 20)
        #expect(diagram.layoutSize().layoutNodes >= 400)
    }
}
