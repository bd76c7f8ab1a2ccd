import GraphvizRendering
import NavigationDiagrams

/// What a verification draws for a graph: what `--diagrams` asks for, less what is too big for
/// Graphviz to lay out in under a second. Past the limit the reports say the diagram was skipped
/// and how to draw it, and the terminal gets a warning, instead of CI stalling in the layout.
///
/// | `--diagrams` | written |
/// |---|---|
/// | `none` | graph.dot only (text; Graphviz is not called) |
/// | `graph` | graph.dot, graph.svg (and graph.png when ``png``); focus-N.svg for maps past ``overviewNodeLimit`` or past the layout limit |
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
    /// `LayoutSize`) a diagram may have to be laid out with `dot`. Measured with Graphviz 2.43
    /// (Benchmarks/Diagrams.md, release build, CPU time of the layout and SVG): every route graph
    /// tried up to 4,000 took under a second (a 4,000-route chain 0.6 s, 1,000 routes with 1,249
    /// pushes, 4,123, 0.8 s); past it 0.7 to 2 s up to 6,000 (400 routes with 600 pushes, 4,332:
    /// 1.0 s; 1,500 with 1,800, 5,777: 2.0 s) and then seconds to minutes (250 routes with 499
    /// pushes, 7,182: 8.4 s; 200 with 399, 13,589: 20 s). A graph past it is listed route by
    /// route in report.html, each with its focus diagram.
    public static let defaultMaxLayoutNodes = 4_000

    /// The most nodes (routes, group hubs, events, links: `LayoutSize.nodes`) a route map may
    /// have and still be read as a whole: past it, or past ``maxLayoutNodes``, each route also gets
    /// a focus diagram (the route, what leads to it and where it leads), linked from report.html's
    /// route list. The Mastodon sample's map (54 routes, 71 nodes) reads at 100 % in a 1,600 px
    /// page (`ReportGeometryTests`); the issue asks the overview to serve apps up to 100 routes.
    public static let defaultOverviewNodeLimit = 120

    /// The most focus diagrams one verification draws, in route declaration order: each takes
    /// `dot` about a millisecond (150 in 0.07 s, Benchmarks/Diagrams.md), so a 10,000-route graph
    /// does not spend seconds drawing them; `navgraph render <graph> --focus <route>` draws any
    /// other.
    public static let defaultMaxFocusDiagrams = 300

    public var selection: Selection = .all
    /// See ``defaultOverviewNodeLimit``.
    public var overviewNodeLimit = Self.defaultOverviewNodeLimit
    /// See ``defaultMaxFocusDiagrams``.
    public var maxFocusDiagrams = Self.defaultMaxFocusDiagrams
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
        /// Draw focus diagrams (up to ``DiagramPolicy/maxFocusDiagrams``): the map is past what
        /// an overview shows (``DiagramPolicy/overviewNodeLimit``) or was not drawn.
        public var focusDiagrams = false
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
                return Plan(drawGraph: true, counterexamples: selection == .all, states: selection == .all, mermaid: true, notes: [], warnings: [],
                            focusDiagrams: size.nodes > overviewNodeLimit)
            }
            let reason = "\(size.nodes) routes and \(size.edges) transitions make about \(size.layoutNodes) nodes for Graphviz to lay out, "
                + "over the \(maxLayoutNodes) it lays out in under a second"
            let note = "The route graph was not drawn: \(reason); graph.dot is written. \(advice)."
            return Plan(drawGraph: false, counterexamples: selection == .all, states: selection == .all, mermaid: false,
                        notes: [note], warnings: ["\(graphName): route graph not drawn: \(reason). \(advice)."], focusDiagrams: true)
        }
    }

    /// For `render`, which draws what it is asked to: a warning when the layout will be slow.
    public func slowLayoutWarning(for size: LayoutSize) -> String? {
        guard !allows(size) else { return nil }
        return "about \(size.layoutNodes) nodes to lay out, over the \(maxLayoutNodes) Graphviz's \(engine) lays out in under a second; "
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
