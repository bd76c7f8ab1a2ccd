import NavigationCore
import NavigationChecker
import NavigationGraph

/// The route map as the user wrote it: a transition over a route group or from the wildcard
/// source is one edge from (or to) one hub node, not one edge per member; events and deep links
/// are nodes with an edge to where they lead.
///
/// A router-pattern app ("any pushed screen of a tab can push any destination") writes a few
/// transitions over groups that expand to hundreds; drawn expanded they were a hairball of
/// crossing curves (the Mastodon sample: 515 edges, 3873×20002 pt). Folding them back keeps
/// one edge per transition written.
extension RouteDiagram {
    /// A hub node for a route group (or `*`, every route) that a transition is written over.
    struct GroupHub {
        /// The DOT identifier, unlike every route's and every other node's name.
        let id: String
        /// The group's name, or `*`.
        let name: String
        let label: String
        let members: [String]
    }

    /// A node for an event or a deep link, and where it leads.
    struct Marker {
        let id: String
        let label: String
        let isLink: Bool
    }

    /// What an edge of the map stands for.
    enum MapEdgeKind {
        case transition(TransitionStyle)
        /// An event step that shows a route (or selects a tab, drawn to its root).
        case event
        /// A deep link, drawn to the route it leads to.
        case link
    }

    /// One drawn edge between DOT identifiers (route names, hub ids, marker ids).
    struct MapEdge {
        let from: String
        let to: String
        let kind: MapEdgeKind
        let label: String
    }

    /// The hubs, markers and edges of the map, in a fixed order: transitions as written (each
    /// group expansion drawn once, at its first member), then events as declared, then links.
    ///
    /// - Complexity: O(transitions + events × steps + links + groups × members).
    func map() -> (hubs: [GroupHub], markers: [Marker], edges: [MapEdge]) {
        var taken = Set(graph.routes.map(\.name)).union(ownership().nodes.map(\.id))
        func unique(_ name: String) -> String {
            var candidate = name
            while !taken.insert(candidate).inserted { candidate = "_" + candidate }
            return candidate
        }
        var hubs: [GroupHub] = []
        var hubIDs: [String: String] = [:]
        let groups = Dictionary(graph.groups.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func hub(_ name: String) -> String {
            if let known = hubIDs[name] { return known }
            let id = unique("group:\(name)")
            hubIDs[name] = id
            let members = name == NavigationGraph<R>.Group.everyRoute ? graph.routes.map(\.name) : groups[name]?.members ?? []
            let label = name == NavigationGraph<R>.Group.everyRoute
                ? "any screen (*)"
                : "any of \(name)\n" + Self.wrapped(members, perLine: 3)
            hubs.append(GroupHub(id: id, name: name, label: label, members: members))
            return id
        }
        var edges: [MapEdge] = []
        var written: Set<String> = []
        for transition in graph.transitions {
            let source = transition.sourceGroup.map(hub) ?? transition.from
            let target = transition.targetGroup.map(hub) ?? transition.to
            let value = transition.value.map { "\($0)" } ?? ""
            let key = [source, target, transition.style.rawValue, transition.condition?.text ?? "", value].joined(separator: "\u{0}")
            guard written.insert(key).inserted else { continue }
            var label = transition.style == .push ? "" : transition.style.rawValue
            if let condition = transition.condition { label += (label.isEmpty ? "" : "\n") + "when \(condition.text)" }
            edges.append(MapEdge(from: source, to: target, kind: .transition(transition.style), label: label))
        }
        var markers: [Marker] = []
        let tabRoots = Dictionary(graph.tabs.map { ($0.id, $0.root) }, uniquingKeysWith: { first, _ in first })
        // An event that requests a route is drawn by ``ownership()``, with its request edges.
        for event in graph.events where !event.navigation.contains(where: { step in
            if case .go(let route, .request) = step { return graph.route(named: route) != nil }
            return false
        }) {
            var steps: [String] = []
            var targets: [(String, String)] = []
            for step in event.navigation {
                switch step {
                case .back: steps.append("back")
                case .dismiss: steps.append("dismiss")
                case .dismissAll: steps.append("dismissAll")
                case .popToRoot: steps.append("popToRoot")
                case .go(let route, let style):
                    steps.append("\(style.rawValue) \(route)")
                    // A request is drawn by the ownership edges.
                    if style != .request, graph.route(named: route) != nil { targets.append((route, style.rawValue)) }
                case .selectTab(let tab):
                    steps.append("tab \(tab.name)")
                    if let root = tabRoots[tab] { targets.append((root, "tab \(tab.name)")) }
                case .resetTabs(let tabs):
                    // Said in the note; the tabs' roots are where they already start.
                    steps.append(tabs.map { "resetTabs " + $0.map(\.name).joined(separator: ", ") } ?? "resetTabs")
                }
            }
            var label = "event \(event.name)"
            let changes = event.flagChanges.map { "\($0.flag.name) = \($0.value)" }
            if !changes.isEmpty { label += "\nset " + changes.joined(separator: ", ") }
            if !steps.isEmpty { label += "\nthen " + steps.joined(separator: ", ") }
            let id = unique("event:\(event.name)")
            markers.append(Marker(id: id, label: label, isLink: false))
            for (route, how) in targets { edges.append(MapEdge(from: id, to: route, kind: .event, label: how)) }
        }
        for link in graph.deepLinks?.links ?? [] where graph.route(named: link.routeName) != nil {
            let id = unique("link:\(link.mapping.patternText)")
            markers.append(Marker(id: id, label: "link \(link.mapping.patternText)", isLink: true))
            edges.append(MapEdge(from: id, to: link.routeName, kind: .link, label: ""))
        }
        return (hubs, markers, edges)
    }

    /// How many edges the route map draws: one per transition as written (a transition over a
    /// group once), per event step that shows a route, per deep link, and per ownership edge.
    public var drawnEdgeCount: Int { map().edges.count + ownership().edges.count }

    /// `names` joined with commas, `perLine` to a line.
    static func wrapped(_ names: [String], perLine: Int) -> String {
        stride(from: 0, to: names.count, by: perLine)
            .map { names[$0..<min($0 + perLine, names.count)].joined(separator: ", ") }
            .joined(separator: ",\n")
    }

    /// The DOT attributes of a map edge (its label as `labelAttribute`).
    static func dotAttributes(of edge: MapEdge, labelAttribute: String) -> String {
        var attributes: [String]
        switch edge.kind {
        case .transition(let style): attributes = [dotStyle(style)]
        case .event: attributes = ["style=dashed, color=\"\(eventColor)\", fontcolor=\"\(eventColor)\", arrowhead=vee"]
        case .link: attributes = ["style=dashed, color=\"\(linkColor)\", arrowhead=vee"]
        }
        if !edge.label.isEmpty { attributes.append("\(labelAttribute)=\(DiagramText.dot(edge.label))") }
        return attributes.joined(separator: ", ")
    }

    /// The DOT attributes of a hub: a folder, which is how a set of screens reads.
    static func dotAttributes(of hub: GroupHub) -> String {
        "label=\(DiagramText.dot(hub.label)), shape=folder, style=filled, fillcolor=\"#eef4ea\", color=\"#5b8a4a\""
    }

    /// The DOT attributes of an event (a note) or a deep link (a parallelogram).
    static func dotAttributes(of marker: Marker) -> String {
        marker.isLink
            ? "label=\(DiagramText.dot(marker.label)), shape=parallelogram, style=filled, fillcolor=\"#eaf2fb\", color=\"\(linkColor)\""
            : "label=\(DiagramText.dot(marker.label)), shape=note, style=filled, fillcolor=\"#fdf6e3\", color=\"\(eventColor)\""
    }

    /// The colour of event edges.
    static var eventColor: String { "#a66a00" }
    /// The colour of deep-link edges.
    static var linkColor: String { "#2f6f9f" }
}

extension RouteDiagram {
    /// The counterexample drawn only on the routes it visits and their direct neighbours (what
    /// leads to them and where they lead), not on the whole graph: on an app of a hundred
    /// routes the path stays on screen. Numbered red steps between the visible routes, as
    /// ``dot(highlighting:)`` draws them; a step that leaves the visible route where it was (an
    /// event that only sets a flag) is told by the storyboard, not drawn as a loop.
    ///
    /// - Parameters:
    ///   - trace: The counterexample.
    ///   - stepLabels: Each step's label by its number (the words a storyboard heads its frame
    ///     with, which say when a guard redirected the move); `nil` or a missing entry: the
    ///     action's label (`push home → orders`).
    /// - Complexity: O(transitions + steps).
    public func dot(focusingOn trace: CheckTrace<R>, stepLabels: [String]? = nil) -> String {
        let (visitedSet, shown, edges) = neighbourhood(of: trace)
        let violating = trace.finalState?.top.map(graph.routeName)
        var lines = [
            "digraph \(DiagramText.dot(graph.name)) {",
            "  graph [rankdir=LR, nodesep=0.5, ranksep=1.1, fontname=\"Helvetica\", fontsize=12, label=\(DiagramText.dot(graph.name + " — counterexample, the routes it visits and their neighbours")), labelloc=t];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f7f7f7\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=10, color=\"#bbbbbb\"];",
        ]
        for name in shown {
            var attributes = ["label=\(DiagramText.dot(name))"]
            if name == violating {
                attributes.append(TraceStyle.violatingNode)
            } else if !visitedSet.contains(name) {
                attributes.append("fillcolor=\"#ffffff\", color=\"#bbbbbb\", fontcolor=\"#777777\"")
            }
            lines.append("  \(DiagramText.dot(name)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges {
            lines.append("  \(DiagramText.dot(edge.from)) -> \(DiagramText.dot(edge.to)) [\(Self.dotStyle(edge.style)), color=\"#bbbbbb\"];")
        }
        var previous = trace.steps.first?.state.top.map(graph.routeName)
        for (number, step) in trace.steps.enumerated().dropFirst() {
            let current = step.state.top.map(graph.routeName)
            if let from = previous, let to = current, from != to {
                let label = stepLabels.flatMap { $0.indices.contains(number) ? $0[number] : nil } ?? step.label
                lines.append(TraceStyle.stepEdge(from: DiagramText.dot(from), to: DiagramText.dot(to), number: number, label: label))
            }
            previous = current
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// How much work ``dot(focusingOn:stepLabels:)``'s diagram is for `dot` (see ``LayoutSize``):
    /// the routes the trace visits, their neighbours and the transitions between them.
    ///
    /// - Parameter trace: The counterexample.
    /// - Complexity: O(transitions + steps).
    public func layoutSize(focusingOn trace: CheckTrace<R>) -> LayoutSize {
        let (_, shown, edges) = neighbourhood(of: trace)
        let index = Dictionary(shown.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let pairs = edges.compactMap { edge in index[edge.from].flatMap { from in index[edge.to].map { (from: from, to: $0) } } }
        // The steps' edges are labelled and do not constrain the layout (`constraint=false`),
        // but their labels make every edge two ranks long.
        return LayoutSize(nodes: shown.count, edges: pairs, labelledEdges: true)
    }

    /// The routes a trace shows on top, the routes it shows with their direct neighbours (in the
    /// order met), and the declared transitions that touch a shown route, each once.
    private func neighbourhood(of trace: CheckTrace<R>) -> (visited: Set<String>, shown: [String], edges: [(from: String, to: String, style: TransitionStyle)]) {
        let visited = trace.steps.compactMap { $0.state.top.map(graph.routeName) }
        let visitedSet = Set(visited)
        var shown: [String] = []
        var seen: Set<String> = []
        func show(_ name: String) { if graph.route(named: name) != nil, seen.insert(name).inserted { shown.append(name) } }
        visited.forEach(show)
        var edges: [(from: String, to: String, style: TransitionStyle)] = []
        var written: Set<String> = []
        for transition in graph.transitions where visitedSet.contains(transition.from) || visitedSet.contains(transition.to) {
            show(transition.from)
            show(transition.to)
            guard written.insert("\(transition.from)\u{0}\(transition.to)\u{0}\(transition.style.rawValue)").inserted else { continue }
            edges.append((transition.from, transition.to, transition.style))
        }
        return (visitedSet, shown, edges)
    }
}
