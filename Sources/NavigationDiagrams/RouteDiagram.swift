import NavigationCore
import NavigationGraph
import NavigationChecker

/// Diagrams of a graph's routes and transitions, as DOT (for Graphviz) and Mermaid (for
/// Markdown): a cluster per feature (see `FeatureNames`), per tab (titled with its condition
/// when the tab bar shows it only in some states) and per modal flow, an edge style per
/// transition kind, guard conditions as labels, the root drawn with a double border.
///
/// ```swift
/// let dot = RouteDiagram(graph).dot()
/// let overlay = RouteDiagram(graph).dot(highlighting: failure.trace)
/// ```
public struct RouteDiagram<R: Route> {
    let graph: NavigationGraph<R>

    public init(_ graph: NavigationGraph<R>) {
        self.graph = graph
    }

    /// Which cluster each route is drawn in. A route of a feature is drawn in its feature's
    /// cluster (one per feature, first). A tab's cluster holds its root and the routes only
    /// that tab's stack reaches by push or replace; a route two or more tabs reach (a shared
    /// detail screen) belongs to none of them and is drawn outside the clusters, so the diagram
    /// does not claim it for whichever tab came first. Then each modal flow (a sheet or cover
    /// target and what it pushes) takes the routes no earlier cluster has. Routes the root's own
    /// stack reaches (a graph without tabs) are drawn outside clusters.
    ///
    /// - Complexity: O(tabs × (routes + transitions)): each tab's reach is one breadth-first
    ///   search over the stack edges, indexed by source once; modal flows follow every edge at
    ///   most once overall.
    func clusters() -> [(title: String, routes: [String], tab: TabID?)] {
        var stackEdges: [String: [String]] = [:]
        // A push or a replace stays on the stack it starts from; a modal starts a flow of its own.
        for transition in graph.transitions where transition.style.presentation.map({ $0.modalStyle == nil }) ?? false {
            stackEdges[transition.from, default: []].append(transition.to)
        }
        var assigned: Set<String> = []
        var clusters: [(String, [String], TabID?)] = []
        // A graph composed of features: a cluster per feature first (in the order its routes are
        // declared), then the app's own tabs and modal flows.
        var featureOrder: [String] = []
        var featureRoutes: [String: [String]] = [:]
        for route in graph.routes {
            guard let feature = FeatureNames.feature(of: route.name) else { continue }
            if featureRoutes[feature] == nil { featureOrder.append(feature) }
            featureRoutes[feature, default: []].append(route.name)
            assigned.insert(route.name)
        }
        for feature in featureOrder { clusters.append(("feature \(feature)", featureRoutes[feature] ?? [], nil)) }
        /// The routes reachable from `start` by stack edges and not in `excluded`, breadth first.
        func reach(from start: String, excluding excluded: Set<String>) -> [String] {
            var order: [String] = []
            var seen: Set<String> = []
            func visit(_ name: String) {
                guard graph.route(named: name) != nil, !excluded.contains(name), seen.insert(name).inserted else { return }
                order.append(name)
            }
            visit(start)
            // `order` is the queue: routes are appended once and read in turn.
            var head = 0
            while head < order.count {
                for target in stackEdges[order[head]] ?? [] { visit(target) }
                head += 1
            }
            return order
        }
        if let root = graph.root { assigned.formUnion(reach(from: root, excluding: assigned)) }
        let tabRoots = Set(graph.tabs.map(\.root))
        let tabReaches = graph.tabs.map { reach(from: $0.root, excluding: assigned) }
        var reachingTabs: [String: Int] = [:]
        for routes in tabReaches { for name in routes { reachingTabs[name, default: 0] += 1 } }
        for (tab, routes) in zip(graph.tabs, tabReaches) {
            // A tab root stays in its own tab, however many tabs reach it.
            let own = routes.filter { name in
                !assigned.contains(name) && (name == tab.root || (!tabRoots.contains(name) && reachingTabs[name] == 1))
            }
            assigned.formUnion(own)
            // A tab the tab bar shows only in some states says when, in its title.
            clusters.append(("tab \(tab.id.name)" + (tab.condition.map { " (when \($0.text))" } ?? ""), own, tab.id))
        }
        // A group a transition is written over is a box of its members that no tab holds (the
        // router's destinations, which every tab reaches), so its hub sits among them.
        let used = Set(graph.transitions.flatMap { [$0.sourceGroup, $0.targetGroup].compactMap { $0 } })
        for group in graph.groups where used.contains(group.name) {
            var seen: Set<String> = []
            let members = group.members.filter { graph.route(named: $0) != nil && !assigned.contains($0) && seen.insert($0).inserted }
            guard members.count > 1 else { continue }
            assigned.formUnion(members)
            clusters.append(("group \(group.name)", members, nil))
        }
        // Shared routes are drawn outside; modal flows do not take them either.
        for (name, count) in reachingTabs where count > 1 { assigned.insert(name) }
        // A modal flow starts at a modal transition's destination, or at a route an event presents.
        var modalStarts = graph.transitions.compactMap { transition -> (String, String)? in
            transition.style.presentation?.modalStyle == nil ? nil : (transition.style.rawValue, transition.to)
        }
        for event in graph.events {
            for case .go(let route, let style) in event.navigation where style.presentation?.modalStyle != nil {
                modalStarts.append((style.rawValue, route))
            }
        }
        for (style, start) in modalStarts {
            let routes = reach(from: start, excluding: assigned)
            assigned.formUnion(routes)
            guard !routes.isEmpty else { continue }
            clusters.append(("\(style) \(start)", routes, nil))
        }
        return clusters
    }

    func label(_ route: RouteDeclaration<R>) -> String {
        var text = route.name
        if route.samples.count > 1 { text += " ×\(route.samples.count)" }
        if let entryGuard = route.entryGuard { text += "\nrequires \(entryGuard.condition.text)" }
        return text
    }

    static func dotStyle(_ style: TransitionStyle) -> String {
        switch style {
        case .presentation(.push): "style=solid"
        case .presentation(.modal(let modal)): modal.edgeLook.dot
        case .presentation(.replace): "style=dotted"
        // The owner that presents it depends on the state: drawn from the requester, open-headed
        // and purple, apart from the blue "owns" edges that say where it lands.
        case .request: "style=dashed, arrowhead=open, color=\"\(requestColor)\", fontcolor=\"\(requestColor)\""
        }
    }

    /// The route graph as DOT; with `trace`, the counterexample drawn over it: numbered red
    /// steps between the visible routes, the route shown at the violation filled red.
    ///
    /// In a graph with modal clusters, edge labels are external labels (`xlabel`): Graphviz's
    /// `dot` (2.43, Debian's) frees memory twice when it cleans up the layout of a graph with
    /// clusters and labelled edges (AddressSanitizer shows it on the shop graph; the process
    /// aborts once the heap is corrupted). External labels are placed after layout and do not
    /// take that path.
    public func dot(highlighting trace: CheckTrace<R>? = nil) -> String {
        let clusters = clusters()
        let labelAttribute = clusters.isEmpty ? "label" : "xlabel"
        // External labels get no room of their own in the layout, so give them some.
        // At most 1,200 points (1,600 pixels) wide: a wider layout is scaled down to fit a page.
        let spacing = (clusters.isEmpty ? "nodesep=0.45, ranksep=0.8" : "nodesep=0.5, ranksep=1.0") + ", size=\"16.66,1000\""
        var lines = [
            "digraph \(DiagramText.dot(graph.name)) {",
            "  graph [rankdir=LR, \(spacing), fontname=\"Helvetica\", fontsize=12, label=\(DiagramText.dot(graph.name + (trace == nil ? "" : " — counterexample"))), labelloc=t];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f7f7f7\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        let roots = Set(graph.tabs.map(\.root) + (graph.root.map { [$0] } ?? []))
        let violating = trace?.finalState?.top.map(graph.routeName)
        func node(_ route: RouteDeclaration<R>, indent: String) -> String {
            var attributes = ["label=\(DiagramText.dot(label(route)))"]
            if roots.contains(route.name) { attributes.append("peripheries=2") }
            if route.entryGuard != nil { attributes.append("color=\"#b36b00\"") }
            if route.name == violating { attributes.append(TraceStyle.violatingNode) }
            return "\(indent)\(DiagramText.dot(route.name)) [\(attributes.joined(separator: ", "))];"
        }
        var drawn: Set<String> = []
        let ownership = ownership()
        let map = map()
        func extraNode(_ extra: ExtraNode, indent: String) -> String {
            "\(indent)\(DiagramText.dot(extra.id)) [\(Self.dotAttributes(of: extra))];"
        }
        // A hub sits in the cluster that holds all its members, else outside.
        let hubClusters = Dictionary(map.hubs.compactMap { hub -> (String, Int)? in
            let members = Set(hub.members)
            return clusters.firstIndex { members.isSubset(of: $0.routes) }.map { (hub.id, $0) }
        }, uniquingKeysWith: { first, _ in first })
        for (index, cluster) in clusters.enumerated() {
            lines.append("  subgraph \(DiagramText.dot("cluster_\(index)")) {")
            lines.append("    label=\(DiagramText.dot(cluster.title)); style=\"rounded,dashed\"; color=\"#999999\";")
            for hub in map.hubs where hubClusters[hub.id] == index { lines.append("    \(DiagramText.dot(hub.id)) [\(Self.dotAttributes(of: hub))];") }
            for name in cluster.routes { if let route = graph.route(named: name) { lines.append(node(route, indent: "    ")); drawn.insert(name) } }
            // A tab that owns routes is drawn in its own cluster.
            for extra in ownership.nodes where extra.tab != nil && extra.tab == cluster.tab { lines.append(extraNode(extra, indent: "    ")) }
            // A group's members, which its hub connects, would stand in one tall column: in
            // columns of `rows`, held by invisible edges (not drawn, not counted).
            let rows = 12
            if cluster.title.hasPrefix("group "), cluster.routes.count > rows {
                for (index, name) in cluster.routes.enumerated().dropLast(rows) {
                    lines.append("    \(DiagramText.dot(name)) -> \(DiagramText.dot(cluster.routes[index + rows])) [style=invis];")
                }
            }
            lines.append("  }")
        }
        for route in graph.routes where !drawn.contains(route.name) { lines.append(node(route, indent: "  ")) }
        for hub in map.hubs where hubClusters[hub.id] == nil { lines.append("  \(DiagramText.dot(hub.id)) [\(Self.dotAttributes(of: hub))];") }
        for marker in map.markers { lines.append("  \(DiagramText.dot(marker.id)) [\(Self.dotAttributes(of: marker))];") }
        for extra in ownership.nodes where extra.tab == nil { lines.append(extraNode(extra, indent: "  ")) }
        for edge in map.edges {
            var attributes = Self.dotAttributes(of: edge, labelAttribute: labelAttribute)
            // Under a trace every declared edge fades, its label too.
            if trace != nil { attributes += ", color=\"#aaaaaa\", fontcolor=\"#888888\"" }
            lines.append("  \(DiagramText.dot(edge.from)) -> \(DiagramText.dot(edge.to)) [\(attributes)];")
        }
        for edge in ownership.edges {
            let faded = trace == nil ? "" : ", color=\"#aaaaaa\", fontcolor=\"#888888\""
            lines.append("  \(DiagramText.dot(edge.from)) -> \(DiagramText.dot(edge.to)) [\(Self.dotAttributes(of: edge, labelAttribute: labelAttribute))\(faded)];")
        }
        if let trace {
            var previous = trace.steps.first?.state.top.map(graph.routeName)
            for (number, step) in trace.steps.enumerated().dropFirst() {
                let current = step.state.top.map(graph.routeName)
                if let from = previous, let to = current {
                    lines.append(TraceStyle.stepEdge(from: DiagramText.dot(from), to: DiagramText.dot(to), number: number, label: step.label,
                                                     labelAttribute: labelAttribute))
                }
                previous = current
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// How much work ``dot(highlighting:)``'s text is for Graphviz's `dot` layout (see
    /// ``LayoutSize``): a node per route (and per unknown name a transition mentions), an edge
    /// per transition. A trace's steps do not constrain the layout, but without clusters their
    /// labels are ordinary labels, which lengthen every edge.
    ///
    /// - Complexity: O(routes + transitions).
    public func layoutSize(highlightingTrace: Bool = false) -> LayoutSize {
        // Numbered in the order the DOT text declares them (clusters first), which is the order
        // `dot` searches for cycles in.
        let clusters = clusters()
        let ownership = ownership()
        var index: [String: Int] = [:]
        for name in clusters.flatMap(\.routes) + graph.routes.map(\.name) + ownership.nodes.map(\.id) where index[name] == nil { index[name] = index.count }
        func node(_ name: String) -> Int {
            if let known = index[name] { return known }
            index[name] = index.count
            return index.count - 1
        }
        let map = map()
        for name in map.hubs.map(\.id) + map.markers.map(\.id) where index[name] == nil { index[name] = index.count }
        let edges = map.edges.map { (from: node($0.from), to: node($0.to)) } + ownership.edges.map { (from: node($0.from), to: node($0.to)) }
        let labelled = clusters.isEmpty
            && (highlightingTrace || !ownership.edges.isEmpty || map.edges.contains { !$0.label.isEmpty })
        return LayoutSize(nodes: index.count, edges: edges, labelledEdges: labelled)
    }

    /// The route graph as a Mermaid flowchart, for Markdown: push `-->`, sheet `-.->`,
    /// cover `==>`, replace `--o`, request `-.-o`; conditions as edge labels; tabs and modal
    /// flows as subgraphs. With ownership, a scope that owns routes is a node (a tab `[/…/]` in
    /// its tab's subgraph, the app `{{…}}`), an event that requests a route a flag `>…]`, and
    /// "owns" edges `-.->` labelled with the style and priority are drawn in blue.
    public func mermaid() -> String {
        var identifiers: [String: String] = [:]
        for (index, route) in graph.routes.enumerated() { identifiers[route.name] = "r\(index)" }
        let ownership = ownership()
        for (index, extra) in ownership.nodes.enumerated() { identifiers[extra.id] = "s\(index)" }
        let map = map()
        for (index, hub) in map.hubs.enumerated() { identifiers[hub.id] = "g\(index)" }
        for (index, marker) in map.markers.enumerated() { identifiers[marker.id] = "m\(index)" }
        let clusters = clusters()
        let hubClusters = Dictionary(map.hubs.compactMap { hub -> (String, Int)? in
            let members = Set(hub.members)
            return clusters.firstIndex { members.isSubset(of: $0.routes) }.map { (hub.id, $0) }
        }, uniquingKeysWith: { first, _ in first })
        func hubNode(_ hub: GroupHub) -> String { "\(identifiers[hub.id] ?? "unknown")[[\(DiagramText.mermaid(hub.label))]]" }
        func extraNode(_ extra: ExtraNode) -> String {
            let text = DiagramText.mermaid(extra.label)
            let id = identifiers[extra.id] ?? "unknown"
            return extra.isEvent ? "\(id)>\(text)]" : extra.tab == nil ? "\(id){{\(text)}}" : "\(id)[/\(text)/]"
        }
        func id(_ name: String) -> String { identifiers[name] ?? "unknown" }
        var lines = ["flowchart LR"]
        let roots = Set(graph.tabs.map(\.root) + (graph.root.map { [$0] } ?? []))
        var drawn: Set<String> = []
        func node(_ route: RouteDeclaration<R>) -> String {
            let text = label(route)
            return roots.contains(route.name) ? "\(id(route.name))(((\(DiagramText.mermaid(text)))))" : "\(id(route.name))(\(DiagramText.mermaid(text)))"
        }
        for (index, cluster) in clusters.enumerated() {
            lines.append("  subgraph c\(index) [\(DiagramText.mermaid(cluster.title))]")
            for hub in map.hubs where hubClusters[hub.id] == index { lines.append("    " + hubNode(hub)) }
            for name in cluster.routes { if let route = graph.route(named: name) { lines.append("    " + node(route)); drawn.insert(name) } }
            for extra in ownership.nodes where extra.tab != nil && extra.tab == cluster.tab { lines.append("    " + extraNode(extra)) }
            lines.append("  end")
        }
        for route in graph.routes where !drawn.contains(route.name) { lines.append("  " + node(route)) }
        for hub in map.hubs where hubClusters[hub.id] == nil { lines.append("  " + hubNode(hub)) }
        for marker in map.markers {
            let text = DiagramText.mermaid(marker.label)
            lines.append("  \(id(marker.id))\(marker.isLink ? "[/\(text)/]" : ">\(text)]")")
        }
        for extra in ownership.nodes where extra.tab == nil { lines.append("  " + extraNode(extra)) }
        // Mermaid styles a link by its position among all links.
        var links = 0
        var ownerLinks: [Int] = []
        for edge in map.edges where identifiers[edge.from] != nil && identifiers[edge.to] != nil {
            links += 1
            let arrow = switch edge.kind {
            case .transition(.presentation(.push)): "-->"
            case .transition(.presentation(.modal(let modal))): modal.edgeLook.mermaid
            case .transition(.presentation(.replace)): "--o"
            case .transition(.request): "-.-o"
            case .event, .link: "-.->"
            }
            let label = edge.label.replacingOccurrences(of: "\n", with: ", ")
            lines.append("  \(id(edge.from)) \(arrow)\(label.isEmpty ? "" : "|\(DiagramText.mermaid(label))|") \(id(edge.to))")
        }
        for edge in ownership.edges {
            lines.append("  \(id(edge.from)) \(edge.isOwnership ? "-.->" : "-.-o")|\(DiagramText.mermaid(edge.label))| \(id(edge.to))")
            if edge.isOwnership { ownerLinks.append(links) }
            links += 1
        }
        if !ownerLinks.isEmpty {
            lines.append("  linkStyle \(ownerLinks.map(String.init).joined(separator: ",")) stroke:\(Self.ownerColor),color:\(Self.ownerColor)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
