import NavigationCore
import NavigationGraph

/// Ownership in the route diagram: who presents a requested route. A tab or the app that owns
/// routes is drawn as a scope node (a tab's inside its tab's cluster); each owner has a dashed
/// blue "owns" edge to each route it owns, labelled with the style it presents it in and a
/// high priority; an event that requests a route is drawn as a note with a request edge, and a
/// guard that redirects by request has a request edge from its route. A graph without ownership
/// or requests draws none of them, so its diagram is unchanged.
extension RouteDiagram {
    /// A node of the diagram that is not a route: a scope that owns routes (a tab, the app) or
    /// an event that requests a route.
    struct ExtraNode {
        /// The DOT identifier, unlike every route's name (see ``ownership()``).
        let id: String
        let label: String
        /// The tab whose cluster holds it, for a tab scope.
        let tab: TabID?
        let isEvent: Bool
    }

    /// An edge that is not a declared transition: an owner's "owns" edge, or an event's request.
    struct ExtraEdge {
        /// The DOT identifiers of its ends: a route's name or an ``ExtraNode``'s id.
        let from: String
        let to: String
        let label: String
        let isOwnership: Bool
    }

    /// The scope and event nodes and the ownership and request edges, in a fixed order: scopes
    /// in the order routes name them, each route's owners as declared, then guards that redirect
    /// by request, then events as declared. Owners and requests that name no declared route or
    /// tab (a lint error) are left out.
    ///
    /// - Complexity: O(routes × owners + events × steps).
    func ownership() -> (nodes: [ExtraNode], edges: [ExtraEdge]) {
        var taken = Set(graph.routes.map(\.name))
        /// `name`, or with leading underscores until no route (or other node) is called so.
        func unique(_ name: String) -> String {
            var candidate = name
            while !taken.insert(candidate).inserted { candidate = "_" + candidate }
            return candidate
        }
        let tabs = Set(graph.tabs.map(\.id))
        var nodes: [ExtraNode] = []
        var scopeIDs: [OwnerScope: String] = [:]
        var edges: [ExtraEdge] = []
        for route in graph.routes {
            guard let ownership = route.ownership else { continue }
            var label = "owns (\(ownership.style.rawValue)"
            if ownership.priority != .normal { label += ", \(ownership.priority.rawValue) priority" }
            label += ")"
            for owner in ownership.owners {
                let from: String
                switch owner {
                case .route(let name):
                    guard graph.route(named: name) != nil else { continue }
                    from = name
                case .tab(let tab):
                    guard tabs.contains(tab) else { continue }
                    from = scopeIDs[owner] ?? {
                        let id = unique(owner.description)
                        nodes.append(ExtraNode(id: id, label: "tab \(tab.name)", tab: tab, isEvent: false))
                        scopeIDs[owner] = id
                        return id
                    }()
                case .app:
                    from = scopeIDs[owner] ?? {
                        let id = unique(owner.description)
                        nodes.append(ExtraNode(id: id, label: "app", tab: nil, isEvent: false))
                        scopeIDs[owner] = id
                        return id
                    }()
                }
                edges.append(ExtraEdge(from: from, to: route.name, label: label, isOwnership: true))
            }
        }
        for route in graph.routes {
            guard case .redirect(let target, .request)? = route.entryGuard?.otherwise, graph.route(named: target) != nil else { continue }
            edges.append(ExtraEdge(from: route.name, to: target, label: "otherwise request", isOwnership: false))
        }
        for event in graph.events {
            let requested = event.navigation.compactMap { step -> String? in
                guard case .go(let route, .request) = step, graph.route(named: route) != nil else { return nil }
                return route
            }
            guard !requested.isEmpty else { continue }
            let id = unique("event:\(event.name)")
            nodes.append(ExtraNode(id: id, label: "event \(event.name)", tab: nil, isEvent: true))
            for route in requested { edges.append(ExtraEdge(from: id, to: route, label: "request", isOwnership: false)) }
        }
        return (nodes, edges)
    }

    /// The DOT attributes of an extra node: a tab scope as a tab, the app as a house, an event
    /// as a note.
    static func dotAttributes(of node: ExtraNode) -> String {
        let shape = node.isEvent ? "note" : node.tab == nil ? "house" : "tab"
        let fill = node.isEvent ? "#fdf6e3" : "#e8eef7"
        return "label=\(DiagramText.dot(node.label)), shape=\(shape), style=filled, fillcolor=\"\(fill)\""
    }

    /// The DOT attributes of an extra edge (its label as `labelAttribute`, see ``dot(highlighting:)``).
    static func dotAttributes(of edge: ExtraEdge, labelAttribute: String) -> String {
        let style = edge.isOwnership
            ? "style=dashed, color=\"\(ownerColor)\", fontcolor=\"\(ownerColor)\", arrowhead=vee"
            : dotStyle(.request)
        return "\(style), \(labelAttribute)=\(DiagramText.dot(edge.label))"
    }

    /// The colour of "owns" edges.
    static var ownerColor: String { "#3b6ea8" }
    /// The colour of request edges (a request transition, an event's request step).
    static var requestColor: String { "#8a4fa8" }
}
