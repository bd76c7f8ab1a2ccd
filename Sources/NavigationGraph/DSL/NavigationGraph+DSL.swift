import NavigationCore

extension NavigationGraph where R: GraphRoute {
    /// Builds a graph over a ``GraphRoute`` enum from declarations.
    ///
    /// ```swift
    /// let shop = try NavigationGraph<ShopRoute>("Shop") {
    ///     Root(.catalog)
    ///     Flag("signedIn")
    ///     Guard(.checkout, "signedIn", otherwise: .redirect(.signIn, style: .sheet))
    ///     Push(.catalog, .product(id: 1))
    ///     Sheet(.catalog, .cart)
    ///     Event("signIn", when: "top == signIn", set: ["signedIn": true], then: [.dismiss])
    ///     Invariant("checkout needs sign-in", "top == checkout implies signedIn")
    /// }
    /// ```
    ///
    /// Routes come from `R.graphSamples`, grouped by ``GraphRoute/graphName`` in order. Names
    /// the declarations use but no sample has are reported by ``GraphLinter``, like a document's.
    ///
    /// - Throws: ``GraphBuildError`` with the Swift line of the declaration, for a condition that
    ///   does not parse, two roots, a root and tabs, a second guard on one route, or a deep link
    ///   that stands for no declared sample.
    public init(
        _ name: String, summary: String = "", fileID: String = #fileID,
        @NavigationGraphBuilder<R> _ content: () -> [GraphComponent<R>]
    ) throws(GraphBuildError) {
        var builder = SwiftGraphAssembler<R>()
        for component in content() { try builder.add(component) }
        self = try builder.graph(name: name, summary: summary, origin: fileID)
    }
}

/// Turns a Swift graph's declarations into the model, one at a time.
struct SwiftGraphAssembler<R: GraphRoute> {
    private var root: (R, GraphComponent<R>)?
    private var tabs: [NavigationGraph<R>.Tab] = []
    private var flags: [NavigationGraph<R>.Flag] = []
    private var transitions: [TransitionDeclaration<R>] = []
    private var guards: [String: RouteGuard<R>] = [:]
    private var events: [EventDeclaration<R>] = []
    private var deepLinks: [(DeepLink<R>, GraphComponent<R>)] = []
    private var invariants: [NavigationGraph<R>.Invariant] = []
    private var bounds = GraphBounds()
    private var deepLinkSchemes: [String] = []
    private var deepLinkHosts: [String] = []
    private let representatives: [String: R]
    private let routeNames: [String]

    init() {
        var representatives: [String: R] = [:]
        var names: [String] = []
        for sample in R.graphSamples where representatives[sample.graphName] == nil {
            representatives[sample.graphName] = sample
            names.append(sample.graphName)
        }
        self.representatives = representatives
        self.routeNames = names
    }

    mutating func add(_ component: GraphComponent<R>) throws(GraphBuildError) {
        let location = SourceLocation(line: component.line, column: 1)
        func fail(_ message: String, _ remedy: String) -> GraphBuildError {
            GraphBuildError(message: message, remedy: remedy, file: component.file, line: component.line)
        }
        func condition(_ source: GraphConditionSource<R>) throws(GraphBuildError) -> GraphCondition<R> {
            try Self.condition(source, of: component)
        }
        switch component.kind {
        case .root(let route):
            if root != nil { throw fail("a second root route", "a graph has one root; keep one 'Root'") }
            root = (route, component)
        case .tab(let name, let rootRoute):
            if tabs.contains(where: { $0.id.name == name }) { throw fail("tab '\(name)' is declared twice", "give each tab a unique name") }
            tabs.append(.init(id: TabID(name), root: rootRoute.graphName, location: location))
        case .flag(let name, let initial):
            flags.append(.init(name: FlagName(name), initial: initial, location: location))
        case .transition(let from, let to, let style, let source):
            transitions.append(TransitionDeclaration(from: from.graphName, to: to.graphName, style: style,
                                                     condition: try source.map { source throws(GraphBuildError) in try condition(source) }, location: location))
        case .routeGuard(let route, let source, let fallback):
            if guards[route.graphName] != nil {
                throw fail("route '\(route.graphName)' has a second guard", "combine the conditions into one with 'and'")
            }
            let otherwise: RouteGuard<R>.Otherwise = switch fallback {
            case .cancel: .cancel
            case .redirect(let target, let style): .redirect(to: target.graphName, style: style)
            }
            guards[route.graphName] = RouteGuard(try condition(source), otherwise: otherwise)
        case .event(let name, let precondition, let changes, let steps):
            events.append(EventDeclaration(
                name: name, precondition: try precondition.map { source throws(GraphBuildError) in try condition(source) },
                flagChanges: changes.map { (flag: FlagName($0.0), value: $0.1) }, navigation: steps.map(Self.navigation), location: location))
        case .deepLink(let link):
            deepLinks.append((link, component))
        case .invariant(let name, let source):
            invariants.append(.init(name: name, condition: try condition(source), location: location))
        case .bounds(let newBounds):
            bounds = newBounds
        case .deepLinkSettings(let schemes, let hosts):
            deepLinkSchemes = schemes
            deepLinkHosts = hosts
        }
    }

    private static func condition(_ source: GraphConditionSource<R>, of component: GraphComponent<R>) throws(GraphBuildError) -> GraphCondition<R> {
        switch source {
        case .closure(let name, let closure): return GraphCondition(name, closure)
        case .text(let text):
            do { return try GraphCondition.parse(text, location: SourceLocation(line: component.line, column: 1)) } catch {
                throw GraphBuildError(message: "condition '\(text)' does not parse at \(error.location): \(error.message)", remedy: error.remedy,
                                      file: component.file, line: component.line)
            }
        }
    }

    private static func navigation(_ step: GraphEventStep<R>) -> EventDeclaration<R>.Navigation {
        switch step {
        case .back: .back
        case .dismiss: .dismiss
        case .dismissAll: .dismissAll
        case .popToRoot: .popToRoot
        case .push(let route): .go(route.graphName, style: .push)
        case .sheet(let route): .go(route.graphName, style: .sheet)
        case .cover(let route): .go(route.graphName, style: .cover)
        case .replace(let route): .go(route.graphName, style: .replace)
        case .selectTab(let tab): .selectTab(TabID(tab))
        }
    }

    func graph(name: String, summary: String, origin: String) throws(GraphBuildError) -> NavigationGraph<R> {
        if let (_, component) = root, !tabs.isEmpty {
            throw GraphBuildError(message: "both a root and tabs are declared", remedy: "a tabbed app's roots are its tabs' roots; remove 'Root'",
                                  file: component.file, line: component.line)
        }
        let routes = routeNames.map { routeName in
            RouteDeclaration(name: routeName, samples: R.graphSamples.filter { $0.graphName == routeName }, entryGuard: guards[routeName])
        }
        var links: [DeepLinkDeclaration<R>] = []
        for (link, component) in deepLinks {
            guard let target = R.graphSamples.first(where: { link.parameters($0) != nil }) else {
                throw GraphBuildError(message: "deep link '\(link.pattern)' stands for none of the declared route samples",
                                      remedy: "make 'parameters' return values for the route it builds, and list that route in graphSamples",
                                      file: component.file, line: component.line)
            }
            let location = SourceLocation(line: component.line, column: 1)
            let requirement = try link.requirement.map { source throws(GraphBuildError) in try Self.condition(source, of: component) }
            let plan = DeepLinkDeclaration<R>.PlanShape(
                tab: link.tab.map { TabID($0) }, stack: link.stack.map(\.graphName),
                modal: link.modal.map { .init(style: $0.style, routes: $0.routes.map(\.graphName)) })
            links.append(DeepLinkDeclaration(
                pattern: link.pattern, routeName: target.graphName, plan: plan, requirement: requirement, whenUnmet: link.whenUnmet,
                samples: link.samples.map { .init(url: $0.0, expect: $0.1, location: location) }, location: location,
                route: link.route, parameters: link.parameters, representatives: representatives, graphRouteName: { $0.graphName }))
        }
        if !links.isEmpty && deepLinkSchemes.isEmpty, let (_, component) = deepLinks.first {
            throw GraphBuildError(message: "deep links are declared but no scheme is accepted",
                                  remedy: "add 'DeepLinkSchemes([\"myapp\", \"https\"], hosts: [\"example.com\"])'", file: component.file, line: component.line)
        }
        return NavigationGraph(
            name: name, summary: summary, routes: routes, tabs: tabs, root: root?.0.graphName, flags: flags, events: events,
            transitions: transitions, deepLinks: links.isEmpty ? nil : .init(configuration: DeepLinkConfiguration(schemes: deepLinkSchemes, hosts: deepLinkHosts), links: links),
            invariants: invariants, bounds: bounds, routeName: { $0.graphName }, origin: origin)
    }
}
