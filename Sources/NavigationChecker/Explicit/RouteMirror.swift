import NavigationCore
import NavigationGraph

/// A graph over an app's own route type restated over `DynamicRoute`, so the explicit engine
/// searches it with the code specialised for documents' routes.
///
/// An app's test target calls `Checker(graph).run()` with its own route enum from another
/// module, where nothing of the search can be specialised for that type: every state step runs
/// on generic metadata lookups, 14–25× slower than the same search over `DynamicRoute`. A
/// graph whose meaning is all data (route names, sample values, conditions written in the
/// language) says the same over `DynamicRoute`: each route value becomes the `DynamicRoute` of
/// its name and parameter values, which is exactly what the graph's conditions read of it
/// (`routeName` and `Condition.routeArguments(_:)`). The search over the mirror is the same
/// search; only the traces are rebuilt, by replaying their actions (`ExplorerAction` indexes
/// transitions, events and samples, which the mirror keeps in place) through the app's own
/// runtime (see `Checker.run(linted:stateGraphLimit:stateLimit:)`).
///
/// A graph has no mirror (`init` gives `nil`) when the document form could not carry it:
/// a condition written as a Swift closure, the app's own middleware, or deep links (whose
/// `route:` and `parameters:` closures are Swift code); or when two route values would become
/// one `DynamicRoute` (a payload its parameter values do not show). Such a graph is searched
/// over its own type, as before. Where a route value prints otherwise than its mirror
/// (`account(handle: "me")` against `account(handle: me)`), a failure's message, which may
/// quote routes, would read differently, so only a result that finds nothing is kept
/// (``printsAlike``).
package struct RouteMirror<R: Route> {
    /// The graph over `DynamicRoute`.
    package let graph: NavigationGraph<DynamicRoute>
    /// Whether every route value prints as its mirror does, so any message reads the same.
    package let printsAlike: Bool

    /// The mirror of `graph`, or `nil` when its routes are `DynamicRoute` already or the mirror
    /// would not mean the same (see the type's discussion).
    package init?(_ graph: NavigationGraph<R>) {
        guard R.self != DynamicRoute.self, let (mapping, printsAlike) = Self.mapping(graph),
              let mirror = Self.restate(graph, routes: mapping, routeName: { $0.name }) else { return nil }
        self.graph = mirror
        self.printsAlike = printsAlike
    }

    /// `graph` with every route value `routes` maps, and `routeName` to name them; `nil` when a
    /// value is missing from `routes`, or the graph holds Swift code its data cannot say: a
    /// condition written as a closure, middleware, or deep links.
    ///
    /// The graph keeps every declaration in place (transitions, events, samples), so an
    /// `ExplorerAction` means the same step in both.
    package static func restate<Target: Route>(_ graph: NavigationGraph<R>, routes mapping: [R: Target],
                                               routeName: @escaping @Sendable (Target) -> String) -> NavigationGraph<Target>? {
        guard graph.deepLinks == nil, graph.middleware.entries.isEmpty else { return nil }
        func route(_ value: R) -> Target? { mapping[value] }
        func condition(_ condition: GraphCondition<R>) -> GraphCondition<Target>? {
            condition.expression.map { GraphCondition<Target>($0, text: condition.text, location: condition.location) }
        }
        func optionalCondition(_ written: GraphCondition<R>?) -> GraphCondition<Target>?? {
            guard let written else { return .some(nil) }
            return condition(written).map { .some($0) }
        }
        var routes: [RouteDeclaration<Target>] = []
        for declaration in graph.routes {
            let samples = declaration.samples.compactMap(route)
            guard samples.count == declaration.samples.count else { return nil }
            var entryGuard: RouteGuard<Target>?
            if let written = declaration.entryGuard {
                guard let guardCondition = condition(written.condition) else { return nil }
                let redirect = written.redirectValue.flatMap(route)
                guard (redirect == nil) == (written.redirectValue == nil) else { return nil }
                entryGuard = RouteGuard(guardCondition, otherwise: written.otherwise, redirectValue: redirect)
            }
            let ownership = declaration.ownership.map {
                RouteDeclaration<Target>.Ownership(owners: $0.owners, style: $0.style, priority: $0.priority)
            }
            routes.append(RouteDeclaration(name: declaration.name, samples: samples, entryGuard: entryGuard, location: declaration.location,
                                           ownership: ownership, modalScope: declaration.modalScope))
        }
        var tabs: [NavigationGraph<Target>.Tab] = []
        for tab in graph.tabs {
            guard let shown = optionalCondition(tab.condition) else { return nil }
            tabs.append(.init(id: tab.id, root: tab.root, when: shown, reselect: tab.reselect, location: tab.location))
        }
        var events: [EventDeclaration<Target>] = []
        for event in graph.events {
            guard let precondition = optionalCondition(event.precondition) else { return nil }
            var values: [Target?] = []
            for value in event.navigationValues {
                guard let value else { values.append(nil); continue }
                guard let mirrored = route(value) else { return nil }
                values.append(mirrored)
            }
            events.append(EventDeclaration(name: event.name, precondition: precondition, flagChanges: event.flagChanges,
                                           navigation: event.navigation, navigationValues: values, location: event.location))
        }
        var transitions: [TransitionDeclaration<Target>] = []
        for transition in graph.transitions {
            guard let when = optionalCondition(transition.condition) else { return nil }
            var value: Target?
            if let written = transition.value {
                guard let mirrored = route(written) else { return nil }
                value = mirrored
            }
            var reroute: TransitionReroute<Target>?
            if let written = transition.reroute {
                guard let rerouteCondition = condition(written.condition) else { return nil }
                reroute = TransitionReroute(to: written.route, when: rerouteCondition)
            }
            transitions.append(TransitionDeclaration(from: transition.from, to: transition.to, style: transition.style, condition: when,
                                                     location: transition.location, value: value, sourceGroup: transition.sourceGroup,
                                                     targetGroup: transition.targetGroup, reroute: reroute,
                                                     sourceList: transition.sourceList, targetList: transition.targetList))
        }
        var invariants: [NavigationGraph<Target>.Invariant] = []
        for invariant in graph.invariants {
            guard let holds = condition(invariant.condition) else { return nil }
            invariants.append(.init(name: invariant.name, condition: holds, location: invariant.location))
        }
        var properties: [NavigationGraph<Target>.PropertyDeclaration] = []
        for property in graph.properties {
            switch property.rule {
            case .canReach(let from, let target):
                guard let from = condition(from), let target = condition(target) else { return nil }
                properties.append(.init(name: property.name, rule: .canReach(from: from, target: target), location: property.location))
            case .never(let after, let never, let until):
                guard let after = condition(after), let never = condition(never), let until = optionalCondition(until) else { return nil }
                properties.append(.init(name: property.name, rule: .never(after: after, never: never, until: until), location: property.location))
            }
        }
        let tabBar = NavigationGraph<Target>.TabBar(
            tappableUnder: Set(graph.tabBar.tappableUnder), fallback: graph.tabBar.fallback, reselect: graph.tabBar.reselect,
            hiddenSelection: graph.tabBar.hiddenSelection, location: graph.tabBar.location)
        var mirror = NavigationGraph<Target>(
            name: graph.name, summary: graph.summary, routes: routes, tabs: tabs, root: graph.root,
            flags: graph.flags.map { .init(name: $0.name, initial: $0.initial, location: $0.location) },
            events: events, transitions: transitions, deepLinks: nil, invariants: invariants, bounds: graph.bounds,
            routeName: routeName, origin: graph.origin,
            groups: graph.groups.map { .init(name: $0.name, members: $0.members, location: $0.location) },
            tabBar: tabBar, modalScope: graph.modalScope)
        mirror.properties = properties
        mirror.tapLimits = graph.tapLimits.map { .init(target: $0.target, limit: $0.limit, location: $0.location) }
        mirror.standaloneFeature = graph.standaloneFeature
        return mirror
    }

    /// Every route value the graph can bring into a state, each with its `DynamicRoute`, and
    /// whether each prints as its mirror; `nil` when two values would become one route.
    ///
    /// Without closures or deep links a state holds only values the graph writes: route
    /// samples (roots, transitions without a value, event steps, redirects and requests by
    /// name bring in a sample), transitions' and event steps' written values, and guards'
    /// redirect values.
    private static func mapping(_ graph: NavigationGraph<R>) -> (routes: [R: DynamicRoute], printsAlike: Bool)? {
        var values: [R] = graph.routes.flatMap(\.samples)
        values += graph.transitions.compactMap(\.value)
        values += graph.events.flatMap { $0.navigationValues.compactMap { $0 } }
        values += graph.routes.compactMap { $0.entryGuard?.redirectValue }
        var mapping: [R: DynamicRoute] = [:]
        var seen: Set<DynamicRoute> = []
        var printsAlike = true
        for value in values where mapping[value] == nil {
            let mirrored = DynamicRoute(graph.routeName(value), arguments: Condition.routeArguments(value))
            guard seen.insert(mirrored).inserted else { return nil }
            if printsAlike && mirrored.description != String(describing: value) { printsAlike = false }
            mapping[value] = mirrored
        }
        return (mapping, printsAlike)
    }
}
