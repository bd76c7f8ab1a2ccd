import GraphvizRendering
import NavigationDiagrams

/// What a verification draws for a graph: what `--diagrams` asks for, less what is too big for
/// Graphviz to lay out in a few seconds. Past the limit the reports say the diagram was skipped
/// and how to draw it, and the terminal gets a warning, instead of CI stalling in the layout.
///
/// | `--diagrams` | written |
/// |---|---|
/// | `none` | graph.dot only (text; Graphviz is not called) |
/// | `graph` | graph.dot, graph.svg (and graph.png when ``png``) |
/// | `all` (default) | as `graph`, plus counterexample-N.dot/.svg and, for small models, states.dot/.svg |
///
/// DOT files are always written, even past the limit: writing them is linear in the graph, and
/// they are what a user draws the skipped diagram from. The Mermaid diagram in summary.md is
/// left out past the limit (a browser would lay out the same graph).
///
/// ```swift
/// let plan = DiagramPolicy(selection: .all).plan(for: RouteDiagram(graph).layoutSize(), graphName: graph.name,
///                                                graphPath: path, folder: folder)
/// ```
public struct DiagramPolicy: Sendable {
    /// The `--diagrams` choice.
    public enum Selection: String, CaseIterable, Sendable {
        case none, graph, all
    }

    /// The most layout nodes (routes plus the virtual nodes `dot` puts on long edges, see
    /// `LayoutSize`) a diagram may have to be laid out with `dot`. Measured with Graphviz 2.43:
    /// every route graph tried under 6,000 laid out in under 2 s (a 4,000-route chain 1.8 s,
    /// 1,000 routes with 1,250 pushes 0.6 s); above it they took 1 s to minutes (250 routes with
    /// 250 random pushes, 7,200: 3.9 s; 100 routes with 400: 8,400, 5.2 s; 2,000 in a chain with
    /// 20 more pushes, 16,500: 35 s; 250 with 500 random pushes along a chain, 21,000: 37 s).
    public static let defaultMaxLayoutNodes = 6_000

    public var selection: Selection = .all
    public var maxLayoutNodes = Self.defaultMaxLayoutNodes
    /// The Graphviz engine; the estimate models `dot`'s ranks, so other engines are judged by
    /// their node count alone.
    public var engine = "dot"
    /// Whether the route graph is also written as graph.png. Off by default: report.html embeds
    /// graph.svg, and on a real app's graph the PNG took most of the drawing time (1.6 s and
    /// 150 MB for a 57-route graph).
    public var png = false

    public init(selection: Selection = .all, maxLayoutNodes: Int = Self.defaultMaxLayoutNodes, engine: String = "dot", png: Bool = false) {
        self.selection = selection
        self.maxLayoutNodes = maxLayoutNodes
        self.engine = engine
        self.png = png
    }

    /// What to draw for one graph, and what to tell the user.
    public struct Plan: Equatable, Sendable {
        /// Lay out graph.svg (and graph.png when the policy asks for it).
        public var drawGraph: Bool
        /// Write counterexample-N.dot, and lay them out when ``drawGraph``.
        public var counterexamples: Bool
        /// Consider the state graph (it is checked with ``DiagramPolicy/allows(_:)`` too).
        public var states: Bool
        /// Put the Mermaid route graph in summary.md.
        public var mermaid: Bool
        /// Sentences for summary.md and report.html.
        public var notes: [String]
        /// Lines for the terminal, without the `warning: ` prefix.
        public var warnings: [String]
    }

    /// Whether a diagram of `size` may be laid out by ``engine``.
    public func allows(_ size: LayoutSize) -> Bool {
        (engine == "dot" ? size.layoutNodes : size.nodes) <= maxLayoutNodes
    }

    /// The plan for a route graph of `size`, read from `graphPath`, reported in `folder`.
    public func plan(for size: LayoutSize, graphName: String, graphPath: String, folder: String) -> Plan {
        let fits = allows(size)
        let advice = howToDraw(size, fits: fits, graphPath: graphPath, folder: folder)
        switch selection {
        case .none:
            return Plan(drawGraph: false, counterexamples: false, states: false, mermaid: fits,
                        notes: ["Diagrams were not drawn (--diagrams none); graph.dot is written. \(advice)."], warnings: [])
        case .graph, .all:
            guard !fits else {
                return Plan(drawGraph: true, counterexamples: selection == .all, states: selection == .all, mermaid: true, notes: [], warnings: [])
            }
            let reason = "\(size.nodes) routes and \(size.edges) transitions make about \(size.layoutNodes) nodes for Graphviz to lay out, "
                + "over the \(maxLayoutNodes) it lays out in a few seconds"
            let note = "The route graph was not drawn: \(reason); graph.dot is written. \(advice)."
            return Plan(drawGraph: false, counterexamples: selection == .all, states: selection == .all, mermaid: false,
                        notes: [note], warnings: ["\(graphName): route graph not drawn: \(reason). \(advice)."])
        }
    }

    /// For `render`, which draws what it is asked to: a warning when the layout will be slow.
    public func slowLayoutWarning(for size: LayoutSize) -> String? {
        guard !allows(size) else { return nil }
        return "about \(size.layoutNodes) nodes to lay out, over the \(maxLayoutNodes) Graphviz's \(engine) lays out in a few seconds; "
            + (engine == "sfdp" ? "this may take a while" : "this may take minutes (--engine sfdp is much faster)")
    }

    /// The commands that draw the graph anyway. Past the limit: `sfdp` lays out thousands of
    /// routes in a second or two, `dot` draws the usual left-to-right picture, in minutes.
    private func howToDraw(_ size: LayoutSize, fits: Bool, graphPath: String, folder: String) -> String {
        let graph = Self.shellQuoted(graphPath)
        let dotFile = Self.shellQuoted(folder.hasSuffix("/") ? folder + "graph.dot" : folder + "/graph.dot")
        if fits {
            return "Draw it with: navgraph render \(graph) --output graph.svg"
        }
        if size.nodes <= GraphvizRenderer.shared.maxNodes {
            return "Draw it with: navgraph render \(graph) --engine sfdp --output graph.svg (seconds); "
                + "or with the Graphviz command line: dot -Tsvg \(dotFile) -o graph.svg (may take minutes)"
        }
        return "Draw it with the Graphviz command line: sfdp -Tsvg \(dotFile) -o graph.svg (seconds); "
            + "or dot -Tsvg \(dotFile) -o graph.svg (may take minutes)"
    }

    /// `text` as one shell word: as is when it is plain, else in single quotes.
    public static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._/-+,=:@".unicodeScalars.contains($0)) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
