import NavigationCore

extension GraphLinter {
    /// The findings about modal scopes: `unused-modal-scope` (warning), a route whose own
    /// `modalScope` changes nothing because nothing presents it as a modal (no transition,
    /// event step, guard redirect, deep-link plan or owner shows it as a sheet or cover; a
    /// route pushed keeps the scope of the stack it is pushed on).
    static func modalScopeFindings<R: Route>(_ graph: NavigationGraph<R>) -> [LintFinding] {
        var presented = Set<String>()
        func note(_ route: String, _ style: TransitionStyle) {
            if case .presentation(.modal) = style { presented.insert(route) }
        }
        for transition in graph.transitions { note(transition.to, transition.style) }
        for event in graph.events {
            for case .go(let route, let style) in event.navigation { note(route, style) }
        }
        for route in graph.routes {
            if case .redirect(let target, let style)? = route.entryGuard?.otherwise { note(target, style) }
            if case .modal? = route.ownership?.style { presented.insert(route.name) }
        }
        for link in graph.deepLinks?.links ?? [] {
            // The modal's first route is its root, the one presented; a link's own route
            // stands for its entry (`DeepLinkPlanShape.routeNames`).
            if let root = link.plan.modal?.routes.first { presented.insert(root) }
        }
        return graph.routes.compactMap { route in
            guard let scope = route.modalScope, !presented.contains(route.name) else { return nil }
            return LintFinding(rule: "unused-modal-scope", severity: .warning,
                               message: "route '\(route.name)' says 'modalScope: \(scope.rawValue)', but nothing presents it as a sheet or cover, so the scope changes nothing",
                               remedy: "remove 'modalScope' from the route, or present it as a modal (a pushed route belongs to the stack it is pushed on)",
                               location: route.location)
        }
    }
}
