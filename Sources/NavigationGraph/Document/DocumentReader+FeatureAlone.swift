import NavigationCore

/// A feature document verified by itself: what the app that would include it does is stubbed,
/// so that nothing the feature cannot declare (a tab, the route an exit leads to) is an error
/// its author could only fix in another document (see ``StandaloneFeature``).
extension DocumentReader {
    /// `graph`, a feature document's own graph with its exits as stub routes, with the app
    /// standing in for what the including graph would provide: a requested exit is owned by
    /// `app` (pushed), an owner `tab:<name>` is read as `app`, and flags no event changes are
    /// named (they keep their initial values).
    static func standingAlone(_ graph: Graph, exits: [String]) -> Graph {
        let requested = graph.requestedRouteNames
        let requestedExits = exits.filter(requested.contains)
        var appTabs: Set<String> = []
        var result = graph
        result.routes = graph.routes.map { route in
            let ownership: RouteDeclaration<DynamicRoute>.Ownership
            if requestedExits.contains(route.name) {
                // An exit is a stub of the feature's own making, so it has no owner of its own.
                ownership = .init(owners: [.app])
            } else if let declared = route.ownership, declared.owners.contains(where: { if case .tab = $0 { true } else { false } }) {
                var owners: [OwnerScope] = []
                for owner in declared.owners {
                    var standIn = owner
                    if case .tab(let tab) = owner {
                        appTabs.insert(tab.name)
                        standIn = .app
                    }
                    if !owners.contains(standIn) { owners.append(standIn) }
                }
                ownership = .init(owners: owners, style: declared.style, priority: declared.priority)
            } else {
                return route
            }
            return RouteDeclaration(name: route.name, samples: route.samples, entryGuard: route.entryGuard, location: route.location, ownership: ownership,
                                    modalScope: route.modalScope)
        }
        let changed = Set(graph.events.flatMap { $0.flagChanges.map(\.flag.name) })
        result.standaloneFeature = StandaloneFeature(exits: exits, requestedExits: requestedExits.sorted(), appTabs: appTabs.sorted(),
                                                     fixedFlags: graph.flags.map(\.name.name).filter { !changed.contains($0) }.sorted())
        return result
    }
}
