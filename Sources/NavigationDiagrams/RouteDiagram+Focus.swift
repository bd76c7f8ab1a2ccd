import NavigationCore
import NavigationGraph

/// Focus diagrams: one route, what leads to it and where it leads, for graphs past what the
/// overview can show (see `DiagramPolicy` in NavigationVerification).
///
/// A focus diagram is cut from the route map (see ``RouteDiagram/drawnEdgeCount``), so it draws
/// what the user wrote: a transition over a group is one edge from or to the group's hub, and a
/// route that belongs to a group a transition is written over shows that hub, with the group's
/// own edges, joined to the route by a dotted "one of" edge. Events and deep links that lead to
/// the route are drawn as on the map. Each diagram is small (its route's neighbours and its
/// groups' neighbours), so `dot` lays one out in milliseconds whatever the graph's size.
extension RouteDiagram {
    /// A focus diagram's DOT text for each of `routes` (names not declared are left out), in
    /// the order given.
    ///
    /// ```swift
    /// for (route, dot) in RouteDiagram(graph).focusDiagrams(for: ["status", "account"]) {
    ///     let svg = try GraphvizRenderer.shared.render(dot, format: .svg)
    /// }
    /// ```
    ///
    /// - Parameter routes: The routes to draw a diagram for, each by its name.
    /// - Returns: Each route's name with its diagram as DOT.
    /// - Complexity: O(transitions + events + links + groups × members) once, then for each
    ///   route O(its edges and its groups' edges).
    public func focusDiagrams(for routes: [String]) -> [(route: String, dot: String)] {
        let map = map()
        let ownership = ownership()
        var touching: [String: [Int]] = [:]
        for (index, edge) in map.edges.enumerated() {
            touching[edge.from, default: []].append(index)
            if edge.to != edge.from { touching[edge.to, default: []].append(index) }
        }
        var ownershipTouching: [String: [Int]] = [:]
        for (index, edge) in ownership.edges.enumerated() {
            ownershipTouching[edge.from, default: []].append(index)
            if edge.to != edge.from { ownershipTouching[edge.to, default: []].append(index) }
        }
        var hubsOf: [String: [GroupHub]] = [:]
        for hub in map.hubs where touching[hub.id] != nil {
            var seen: Set<String> = []
            for member in hub.members where seen.insert(member).inserted { hubsOf[member, default: []].append(hub) }
        }
        let hubsByID = Dictionary(map.hubs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let markersByID = Dictionary(map.markers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let extrasByID = Dictionary(ownership.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let roots = Set(graph.tabs.map(\.root) + (graph.root.map { [$0] } ?? []))

        return routes.compactMap { name -> (String, String)? in
            guard graph.route(named: name) != nil else { return nil }
            let hubs = hubsOf[name] ?? []
            // The route's own edges, then each of its groups' edges, each once, in map order.
            var edgeIndices: [Int] = []
            var seenEdges: Set<Int> = []
            for id in [name] + hubs.map(\.id) {
                for index in touching[id] ?? [] where seenEdges.insert(index).inserted { edgeIndices.append(index) }
            }
            edgeIndices.sort()
            var nodes: [String] = [name]
            var seenNodes: Set<String> = [name]
            func add(_ id: String) { if seenNodes.insert(id).inserted { nodes.append(id) } }
            hubs.forEach { add($0.id) }
            for index in edgeIndices {
                add(map.edges[index].from)
                add(map.edges[index].to)
            }
            let ownershipIndices = ownershipTouching[name] ?? []
            for index in ownershipIndices {
                add(ownership.edges[index].from)
                add(ownership.edges[index].to)
            }

            var lines = [
                "digraph \(DiagramText.dot(graph.name)) {",
                "  graph [rankdir=LR, nodesep=0.4, ranksep=0.9, fontname=\"Helvetica\", fontsize=12, "
                    + "label=\(DiagramText.dot("\(graph.name) — \(name): what leads to it and where it leads")), labelloc=t];",
                "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f7f7f7\", fontname=\"Helvetica\", fontsize=11];",
                "  edge [fontname=\"Helvetica\", fontsize=10];",
            ]
            for id in nodes {
                if let route = graph.route(named: id) {
                    var attributes = ["label=\(DiagramText.dot(label(route)))"]
                    if roots.contains(id) { attributes.append("peripheries=2") }
                    if id == name {
                        attributes.append("fillcolor=\"#fff3c4\", color=\"#e36209\", penwidth=2")
                    } else if route.entryGuard != nil {
                        attributes.append("color=\"#b36b00\"")
                    }
                    lines.append("  \(DiagramText.dot(id)) [\(attributes.joined(separator: ", "))];")
                } else if let hub = hubsByID[id] {
                    // The hub's members are listed on the map; here its name and size say enough.
                    let title = hub.name == NavigationGraph<R>.Group.everyRoute ? "any screen (*)" : "any of \(hub.name)"
                    let count = Set(hub.members).count
                    let hubLabel = "\(title)\n\(count) \(count == 1 ? "route" : "routes")"
                    lines.append("  \(DiagramText.dot(id)) [label=\(DiagramText.dot(hubLabel)), shape=folder, style=filled, fillcolor=\"#eef4ea\", color=\"#5b8a4a\"];")
                } else if let marker = markersByID[id] {
                    lines.append("  \(DiagramText.dot(id)) [\(Self.dotAttributes(of: marker))];")
                } else if let extra = extrasByID[id] {
                    lines.append("  \(DiagramText.dot(id)) [\(Self.dotAttributes(of: extra))];")
                } else {
                    // A name a transition mentions that no route declares (a lint error): drawn plain.
                    lines.append("  \(DiagramText.dot(id)) [label=\(DiagramText.dot(id)), style=dashed];")
                }
            }
            for hub in hubs {
                lines.append("  \(DiagramText.dot(name)) -> \(DiagramText.dot(hub.id)) [style=dotted, arrowhead=none, color=\"#5b8a4a\", fontcolor=\"#5b8a4a\", label=\"one of\"];")
            }
            for index in edgeIndices {
                let edge = map.edges[index]
                lines.append("  \(DiagramText.dot(edge.from)) -> \(DiagramText.dot(edge.to)) [\(Self.dotAttributes(of: edge, labelAttribute: "label"))];")
            }
            for index in ownershipIndices {
                let edge = ownership.edges[index]
                lines.append("  \(DiagramText.dot(edge.from)) -> \(DiagramText.dot(edge.to)) [\(Self.dotAttributes(of: edge, labelAttribute: "label"))];")
            }
            lines.append("}")
            return (name, lines.joined(separator: "\n") + "\n")
        }
    }
}
