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
    /// Every declaration records the line and column it was written at, so lint findings,
    /// SARIF results and build errors point at the Swift call. A route is located at the first
    /// declaration that names it, or at this call when none does.
    ///
    /// - Throws: ``GraphBuildError`` with the Swift line of the declaration, for a condition that
    ///   does not parse, two roots, a root and tabs, a second guard on one route, or a deep link
    ///   that stands for no declared sample.
    public init(
        _ name: String, summary: String = "", fileID: String = #fileID, line: Int = #line, column: Int = #column,
        @NavigationGraphBuilder<R> _ content: () -> [GraphComponent<R>]
    ) throws(GraphBuildError) {
        let components = content()
        try SwiftGraphAssembler<R>.checkFeatureBoundaries(components)
        var builder = SwiftGraphAssembler<R>(graphLocation: SourceLocation(line: line, column: column))
        // Groups first: a condition anywhere may name one declared later.
        for component in components { try builder.declareGroups(of: component) }
        // Tabs next: `tab hidden` in any condition reads their conditions.
        for component in components { try builder.declareTabs(of: component) }
        for component in components { try builder.add(component) }
        self = try builder.graph(name: name, summary: summary, origin: fileID)
    }
}

/// Turns a Swift graph's declarations into the model, one at a time.
struct SwiftGraphAssembler<R: GraphRoute> {
    private var root: (R, GraphComponent<R>)?
    private var tabs: [NavigationGraph<R>.Tab] = []
    private var tabBar: (NavigationGraph<R>.TabBar, GraphComponent<R>)?
    private var modalScope: (ModalScope, GraphComponent<R>)?
    private var routeModalScopes: [String: ModalScope] = [:]
    private var flags: [NavigationGraph<R>.Flag] = []
    private var transitions: [TransitionDeclaration<R>] = []
    private var guards: [String: RouteGuard<R>] = [:]
    private var ownerships: [String: RouteDeclaration<R>.Ownership] = [:]
    private var events: [EventDeclaration<R>] = []
    private var deepLinks: [(DeepLink<R>, GraphComponent<R>)] = []
    private var invariants: [NavigationGraph<R>.Invariant] = []
    private var properties: [NavigationGraph<R>.PropertyDeclaration] = []
    private var tapLimits: [NavigationGraph<R>.TapLimit] = []
    private var bounds = GraphBounds()
    private var deepLinkSchemes: [String] = []
    private var deepLinkHosts: [String] = []
    private var deepLinkMatching = DeepLinkMatching.lenient
    /// `DeepLinkSchemes(underModals:)`: what a pushing link that says nothing does with open modals.
    private var deepLinkUnderModals = NavigationPlanUnderModals.dismiss
    private var groups: [NavigationGraph<R>.Group] = []
    private var groupMembers: [String: [String]] = [:]
    /// The tabs shown under a condition, with it: what `tab hidden` is replaced by; `nil` in a
    /// graph without tabs (see ``declareTabs(of:)``).
    private var tabsShownWhen: [(tab: String, condition: Condition)]?
    /// A tab shown under a Swift closure, which `tab hidden` cannot be written out from.
    private var closureTab: String?
    private let representatives: [String: R]
    private let routeNames: [String]
    /// Where the graph itself was written: the location of a route no declaration names.
    private let graphLocation: SourceLocation
    /// The first declaration naming each route, by route name.
    private var firstMention: [String: SourceLocation] = [:]

    init(graphLocation: SourceLocation) {
        self.graphLocation = graphLocation
        var representatives: [String: R] = [:]
        var names: [String] = []
        for sample in R.graphSamples where representatives[sample.graphName] == nil {
            representatives[sample.graphName] = sample
            names.append(sample.graphName)
        }
        self.representatives = representatives
        self.routeNames = names
    }

    /// Records the groups `component` declares or uses; two different groups of one name are an error.
    mutating func declareGroups(of component: GraphComponent<R>) throws(GraphBuildError) {
        var used: [RouteGroup<R>] = []
        switch component.kind {
        case .group(let group): used = [group]
        case .groupTransition(let from, let to, _, _, _):
            for end in [from, to] { if case .group(let group) = end, !group.isEveryRoute { used.append(group) } }
        default: return
        }
        for group in used {
            guard !group.name.isEmpty, !group.name.contains(where: \.isWhitespace), group.name != NavigationGraph<R>.Group.everyRoute,
                  !ConditionParser.reserved.contains(group.name) else {
                throw GraphBuildError(message: "'\(group.name)' cannot name a group",
                                      remedy: "use one word that is not '*' or a keyword of the condition language, so conditions can name it",
                                      file: component.file, line: component.line, column: component.column)
            }
            var members: [String] = []
            for member in group.members where !members.contains(member.graphName) { members.append(member.graphName) }
            if let existing = groupMembers[group.name] {
                guard existing == members else {
                    throw GraphBuildError(message: "two different groups are called '\(group.name)'",
                                          remedy: "give each group its own name", file: component.file, line: component.line, column: component.column)
                }
                continue
            }
            guard !members.isEmpty else {
                throw GraphBuildError(message: "group '\(group.name)' has no routes", remedy: "list its routes", file: component.file, line: component.line, column: component.column)
            }
            groupMembers[group.name] = members
            groups.append(.init(name: group.name, members: members, location: component.location))
        }
    }

    /// Records the condition of the tab `component` declares, for `tab hidden`; a tab's own
    /// condition cannot say `tab hidden` (whether it is shown would read itself).
    mutating func declareTabs(of component: GraphComponent<R>) throws(GraphBuildError) {
        guard case .tab(let name, _, let source, _) = component.kind else { return }
        var shownWhen = tabsShownWhen ?? []
        defer { tabsShownWhen = shownWhen }
        guard let source else { return }
        let condition = try Self.condition(source, of: component, groups: groupMembers, routes: Set(routeNames))
        guard let expression = condition.expression else {
            closureTab = closureTab ?? name
            return
        }
        if expression.readsSelectedTabHidden {
            throw GraphBuildError(message: "tab '\(name)''s condition says 'tab hidden'",
                                  remedy: "a tab's condition decides whether it is shown, so it cannot read whether the selected tab is shown; name flags or routes instead",
                                  file: component.file, line: component.line, column: component.column)
        }
        shownWhen.append((tab: name, condition: expression))
    }

    /// `condition` with `tab hidden` replaced by the tabs' conditions
    /// (``Condition/expandingSelectedTabHidden(_:)``); the text stays as written. In a graph
    /// without tabs no tab is hidden: the atom stays, and is false.
    private func resolvingTabHidden(_ condition: GraphCondition<R>, of component: GraphComponent<R>) throws(GraphBuildError) -> GraphCondition<R> {
        guard let expression = condition.expression, expression.readsSelectedTabHidden, let tabsShownWhen else { return condition }
        if let closureTab {
            throw GraphBuildError(message: "'tab hidden' reads the tabs' conditions, and tab '\(closureTab)' is shown under a Swift closure",
                                  remedy: "write that tab's condition in the condition language (typed or text)",
                                  file: component.file, line: component.line, column: component.column)
        }
        return GraphCondition(expression.expandingSelectedTabHidden(tabsShownWhen), text: condition.text, location: condition.location)
    }

    mutating func add(_ component: GraphComponent<R>) throws(GraphBuildError) {
        let location = component.location
        func fail(_ message: String, _ remedy: String) -> GraphBuildError {
            GraphBuildError(message: message, remedy: remedy, file: component.file, line: component.line, column: component.column)
        }
        let groupMembers = groupMembers
        let declaredRoutes = Set(routeNames)
        let assembler = self
        func condition(_ source: GraphConditionSource<R>) throws(GraphBuildError) -> GraphCondition<R> {
            try assembler.resolvingTabHidden(Self.condition(source, of: component, groups: groupMembers, routes: declaredRoutes), of: component)
        }
        // A route no sample is named like is lint's to report (unknown-route), as for documents.
        func exactly(_ route: R, from source: String) throws(GraphBuildError) -> R {
            guard representatives[route.graphName] == nil || R.graphSamples.contains(route) else {
                throw fail("the transition \(source) → \(route) brings in \(route), which is not one of the route samples",
                           "add \(route) to graphSamples, so the explorer knows it, or write 'eachSampleOf:' to bring in every declared sample")
            }
            return route
        }
        // A reroute requests its route by name, which brings in the route's first sample.
        func rerouted(_ reroute: GraphReroute<R>) throws(GraphBuildError) -> TransitionReroute<R> {
            if let first = R.graphSamples.first(where: { $0.graphName == reroute.route.graphName }), first != reroute.route {
                throw fail("the reroute to \(reroute.route) names a value, but a reroute requests its route by name, which brings in \(first)",
                           "write .to(\(first), when: …), the route's first sample in graphSamples")
            }
            return TransitionReroute(to: reroute.route.graphName, when: try condition(reroute.condition))
        }
        for route in Self.routesNamed(by: component.kind) where firstMention[route.graphName] == nil {
            firstMention[route.graphName] = location
        }
        switch component.kind {
        case .root(let route):
            if root != nil { throw fail("a second root route", "a graph has one root; keep one 'Root'") }
            root = (route, component)
        case .tab(let name, let rootRoute, let source, let reselect):
            if tabs.contains(where: { $0.id.name == name }) { throw fail("tab '\(name)' is declared twice", "give each tab a unique name") }
            tabs.append(.init(id: TabID(name), root: rootRoute.graphName,
                              when: try source.map { source throws(GraphBuildError) in try condition(source) }, reselect: reselect, location: location))
        case .tabBar(let tappableUnder, let fallback, let reselect, let hiddenSelection):
            if tabBar != nil { throw fail("a second tab bar", "a graph has one tab bar; keep one 'TabBar'") }
            tabBar = (NavigationGraph<R>.TabBar(tappableUnder: tappableUnder, fallback: fallback.map { TabID($0) }, reselect: reselect,
                                                hiddenSelection: hiddenSelection, location: location), component)
        case .modalScope(let scope, let routes):
            if routes.isEmpty {
                if modalScope != nil { throw fail("a second graph-wide modal scope", "a graph has one; keep one 'Modals(scope:)' and name routes in the others") }
                modalScope = (scope, component)
            }
            for route in routes {
                if routeModalScopes[route.graphName] != nil {
                    throw fail("route '\(route.graphName)' is given a modal scope twice", "name each route in one 'Modals(scope:for:)'")
                }
                routeModalScopes[route.graphName] = scope
            }
        case .flag(let name, let initial):
            flags.append(.init(name: FlagName(name), initial: initial, location: location))
        case .transition(let from, let to, let exact, let style, let source, let reroute):
            let value = exact ? try exactly(to, from: from.graphName) : nil
            transitions.append(TransitionDeclaration(from: from.graphName, to: to.graphName, style: style,
                                                     condition: try source.map { source throws(GraphBuildError) in try condition(source) }, location: location,
                                                     value: value, reroute: try reroute.map { reroute throws(GraphBuildError) in try rerouted(reroute) }))
        case .group:
            break
        case .groupTransition(let from, let to, let style, let source, let reroute):
            let sources: (names: [String], group: String?) = switch from {
            case .route(let route): ([route.graphName], nil)
            case .group(let group): (group.isEveryRoute ? self.routeNames : groupMembers[group.name] ?? [], group.name)
            }
            var targets: [R] = []
            var targetGroup: String?
            switch to {
            case .route(let route): targets = [route]
            case .group(let group):
                if group.isEveryRoute { throw fail("'everyRoute' is a destination", "every route can only be a source; name the destination route or group") }
                for member in group.members where !targets.contains(member) { targets.append(member) }
                targetGroup = group.name
            }
            let when = try source.map { source throws(GraphBuildError) in try condition(source) }
            let fallback = try reroute.map { reroute throws(GraphBuildError) in try rerouted(reroute) }
            for sourceName in sources.names {
                for target in targets {
                    transitions.append(TransitionDeclaration(from: sourceName, to: target.graphName, style: style, condition: when, location: location,
                                                             value: try exactly(target, from: sourceName), sourceGroup: sources.group, targetGroup: targetGroup,
                                                             reroute: fallback))
                }
            }
        case .routeGuard(let route, let source, let fallback):
            if guards[route.graphName] != nil {
                throw fail("route '\(route.graphName)' has a second guard", "combine the conditions into one with 'and'")
            }
            let otherwise: RouteGuard<R>.Otherwise
            var redirectValue: R?
            switch fallback {
            case .cancel: otherwise = .cancel
            case .redirect(let target, let style):
                redirectValue = try requireSample(target, "the guard of '\(route.graphName)' redirects to", component)
                otherwise = .redirect(to: target.graphName, style: style)
            }
            guards[route.graphName] = RouteGuard(try condition(source), otherwise: otherwise, redirectValue: redirectValue)
        case .event(let name, let precondition, let changes, let steps):
            var values: [R?] = []
            for step in steps {
                switch step {
                case .show(let route, _):
                    values.append(try requireSample(route, "event '\(name)' brings in", component))
                default: values.append(nil)
                }
            }
            events.append(EventDeclaration(
                name: name, precondition: try precondition.map { source throws(GraphBuildError) in try condition(source) },
                flagChanges: changes.map { (flag: FlagName($0.0), value: $0.1) }, navigation: steps.map(Self.navigation),
                navigationValues: values, location: location))
        case .deepLink(let link):
            deepLinks.append((link, component))
        case .invariant(let name, let source):
            invariants.append(.init(name: name, condition: try condition(source), location: location))
        case .property(let name, let source):
            let rule: NavigationGraph<R>.PropertyDeclaration.Rule = switch source {
            case .canReach(let from, let target): .canReach(from: try condition(from), target: try condition(target))
            case .never(let after, let never, let until):
                .never(after: try condition(after), never: try condition(never),
                       until: try until.map { source throws(GraphBuildError) in try condition(source) })
            }
            properties.append(.init(name: name, rule: rule, location: location))
        case .tapLimit(let target, let limit):
            guard limit >= 0 else { throw fail("'Within(\(target), taps: \(limit))' has a negative limit", "write a limit of 0 or more taps") }
            tapLimits.append(.init(target: target, limit: limit, location: location))
        case .bounds(let newBounds):
            bounds = newBounds
        case .ownership(let route, let owners, let style, let priority):
            if ownerships[route.graphName] != nil {
                throw fail("route '\(route.graphName)' is owned twice", "list all its owners in one 'Owned'")
            }
            guard !owners.isEmpty else { throw fail("route '\(route.graphName)' is owned by nobody", "name an owner: a route, a tab or .app") }
            ownerships[route.graphName] = .init(owners: owners.map(Self.scope), style: style, priority: priority)
        case .deepLinkSettings(let schemes, let hosts, let matching, let underModals):
            deepLinkSchemes = schemes
            deepLinkHosts = hosts
            deepLinkMatching = matching
            deepLinkUnderModals = underModals
        case .featureBoundary:
            // Checked before assembling (checkFeatureBoundaries); it declares nothing.
            break
        }
    }

    /// The routes a declaration names by value, in the order written.
    private static func routesNamed(by kind: GraphComponent<R>.Kind) -> [R] {
        func members(_ end: GroupEnd<R>) -> [R] {
            switch end {
            case .route(let route): [route]
            case .group(let group): group.members
            }
        }
        switch kind {
        case .root(let route), .tab(_, root: let route, _, _): return [route]
        case .transition(let from, let to, _, _, _, let reroute): return [from, to] + (reroute.map { [$0.route] } ?? [])
        case .group(let group): return group.members
        case .groupTransition(let from, let to, _, _, let reroute): return members(from) + members(to) + (reroute.map { [$0.route] } ?? [])
        case .routeGuard(let route, _, let fallback):
            if case .redirect(let target, _) = fallback { return [route, target] }
            return [route]
        case .event(_, _, _, let steps):
            return steps.compactMap { step in
                switch step {
                case .show(let route, _): route
                case .back, .dismiss, .dismissAll, .popToRoot, .selectTab, .resetTabs: nil
                }
            }
        case .deepLink(let link): return link.stack + (link.modal?.routes ?? [])
        case .ownership(let route, let owners, _, _):
            return [route] + owners.compactMap { if case .route(let owner) = $0 { owner } else { nil } }
        case .modalScope(_, let routes): return routes
        case .flag, .invariant, .property, .tapLimit, .bounds, .deepLinkSettings, .tabBar, .featureBoundary: return []
        }
    }

    /// Refuses a route value (`.top(isExactly: .account(id: "mee"))`, `top == account(id: mee)`)
    /// that is not one of `graphSamples`, as a transition's value is refused.
    private static func checkRouteValues(_ expression: Condition, text: String, of component: GraphComponent<R>) throws(GraphBuildError) {
        guard !expression.routeValues.isEmpty else { return }
        do {
            try expression.checkRouteValues { name in
                let samples = R.graphSamples.filter { $0.graphName == name }
                return samples.isEmpty ? nil : samples.map(\.graphArguments)
            }
        } catch {
            throw GraphBuildError(message: "condition '\(text)' at \(error.location): \(error.message)", remedy: error.remedy,
                                  file: component.file, line: component.line, column: component.column)
        }
    }

    private static func condition(_ source: GraphConditionSource<R>, of component: GraphComponent<R>,
                                  groups: [String: [String]], routes: Set<String>) throws(GraphBuildError) -> GraphCondition<R> {
        switch source {
        case .closure(let name, let closure): return GraphCondition(name, closure)
        case .typed(let typed):
            switch typed.form {
            case .closure(let name):
                throw GraphBuildError(message: "the closure condition '\(name)' is combined with '&&', '||' or '!'",
                                      remedy: "write the whole condition as one closure, or without closures (typed or text)",
                                      file: component.file, line: component.line, column: component.column)
            case .text(let text):
                return try condition(.text(text), of: component, groups: groups, routes: routes)
            case .expression(let expression):
                // The text must read back as the same expression, so documents, diagrams and
                // lint (which see the text) agree with what was written in Swift.
                let text = expression.description
                let anywhere = SourceLocation(line: 1, column: 1)
                guard let parsed = try? Condition.parse(text), parsed.relocated(to: anywhere) == expression.relocated(to: anywhere) else {
                    throw GraphBuildError(message: "the typed condition reads '\(text)' in the condition language, which means something else there",
                                          remedy: "a route, flag or tab name must be one word that is not a keyword of the condition language (\(ConditionParser.reserved.sorted().joined(separator: ", "))); rename it",
                                          file: component.file, line: component.line, column: component.column)
                }
                return try condition(.text(text), of: component, groups: groups, routes: routes)
            }
        case .text(let text):
            let expression: Condition
            do {
                expression = try Condition.parse(text).expandingGroups(groups, routes: routes)
            } catch {
                throw GraphBuildError(message: "condition '\(text)' does not parse at \(error.location): \(error.message)", remedy: error.remedy,
                                      file: component.file, line: component.line, column: component.column)
            }
            try checkRouteValues(expression, text: text, of: component)
            return GraphCondition(expression, text: text, location: component.location)
        }
    }

    /// The value an event step, a redirect or a deep link's plan entry brings in: the value
    /// written, as for a transition. It must be one of the route's samples, so the explorer
    /// knows it. A route no sample is named like is lint's to report (unknown-route), as for
    /// documents; it has no value here.
    private func requireSample(_ route: R, _ context: String, _ component: GraphComponent<R>) throws(GraphBuildError) -> R? {
        guard representatives[route.graphName] != nil else { return nil }
        guard R.graphSamples.contains(route) else {
            throw GraphBuildError(message: "\(context) \(route), which is not one of the route samples",
                                  remedy: "add \(route) to graphSamples, so the explorer knows it",
                                  file: component.file, line: component.line, column: component.column)
        }
        return route
    }

    private static func scope(_ owner: GraphOwner<R>) -> OwnerScope {
        switch owner {
        case .route(let route): .route(route.graphName)
        case .tab(let name): .tab(TabID(name))
        case .app: .app
        }
    }

    private static func navigation(_ step: GraphEventStep<R>) -> EventDeclaration<R>.Navigation {
        switch step {
        case .back: .back
        case .dismiss: .dismiss
        case .dismissAll: .dismissAll
        case .popToRoot: .popToRoot
        case .show(let route, let style): .go(route.graphName, style: style)
        case .selectTab(let tab): .selectTab(TabID(tab))
        case .resetTabs(let tabs): .resetTabs(tabs.map { $0.map { TabID($0) } })
        }
    }

    func graph(name: String, summary: String, origin: String) throws(GraphBuildError) -> NavigationGraph<R> {
        if let (_, component) = root, !tabs.isEmpty {
            throw GraphBuildError(message: "both a root and tabs are declared", remedy: "a tabbed app's roots are its tabs' roots; remove 'Root'",
                                  file: component.file, line: component.line, column: component.column)
        }
        let routes = routeNames.map { routeName in
            RouteDeclaration(name: routeName, samples: R.graphSamples.filter { $0.graphName == routeName }, entryGuard: guards[routeName],
                             location: firstMention[routeName] ?? graphLocation, ownership: ownerships[routeName],
                             modalScope: routeModalScopes[routeName])
        }
        var links: [DeepLinkDeclaration<R>] = []
        for (link, component) in deepLinks {
            guard let target = R.graphSamples.first(where: { link.parameters($0) != nil }) else {
                throw GraphBuildError(message: "deep link '\(link.pattern)' stands for none of the declared route samples",
                                      remedy: "make 'parameters' return values for the route it builds, and list that route in graphSamples",
                                      file: component.file, line: component.line, column: component.column)
            }
            let location = component.location
            if link.mode == .request && (link.tab != nil || !link.stack.isEmpty || link.modal != nil) {
                throw GraphBuildError(message: "deep link '\(link.pattern)' requests its route and also plans a tab, stack or modal",
                                      remedy: "drop 'tab:', 'stack:' and 'modal:': with 'mode: .request' the route's nearest visible owner decides where it shows",
                                      file: component.file, line: component.line, column: component.column)
            }
            if link.underModals == .keep && link.mode != .push {
                throw GraphBuildError(message: "deep link '\(link.pattern)' keeps the modals ('underModals: .keep') but does not push",
                                      remedy: "add 'mode: .push' to push onto the selected tab's stack under the modals, or drop 'underModals:' (a link that replaces a tab's stack selects the tab, which dismisses them)",
                                      file: component.file, line: component.line, column: component.column)
            }
            let requirement = try link.requirement.map { source throws(GraphBuildError) in
                try resolvingTabHidden(Self.condition(source, of: component, groups: groupMembers, routes: Set(routeNames)), of: component)
            }
            // An entry named like the link's route stands for the route the URL matched; any other
            // brings in the value written.
            var planValues: [R?] = []
            for entry in link.stack + (link.modal?.routes ?? []) {
                planValues.append(entry.graphName == target.graphName ? nil : try requireSample(entry, "deep link '\(link.pattern)' plans", component))
            }
            let plan = DeepLinkDeclaration<R>.PlanShape(
                tab: link.tab.map { TabID($0.name) }, stack: link.stack.map(\.graphName),
                modal: link.modal.map { .init(style: $0.style, routes: $0.routes.map(\.graphName)) }, mode: link.mode,
                underModals: link.underModals ?? (link.mode == .push ? deepLinkUnderModals : .dismiss),
                flags: Dictionary(link.flags.map { (FlagName($0.key.name), $0.value) }, uniquingKeysWith: { _, last in last }))
            var samples: [DeepLinkDeclaration<R>.Sample] = []
            for (url, expectation) in link.samples {
                var conditional: [DeepLinkDeclaration<R>.ConditionalExpectation] = []
                for entry in expectation.conditional {
                    conditional.append(.init(condition: try resolvingTabHidden(Self.condition(entry.condition, of: component, groups: groupMembers,
                                                                                              routes: Set(routeNames)), of: component),
                                             outcome: entry.outcome))
                }
                samples.append(.init(url: url, expect: expectation.otherwise, conditional: conditional, location: location))
            }
            links.append(DeepLinkDeclaration(
                pattern: link.pattern, routeName: target.graphName, plan: plan, requirement: requirement, whenUnmet: link.whenUnmet,
                samples: samples, location: location,
                route: link.route, parameters: link.parameters, representatives: representatives, graphRouteName: { $0.graphName },
                preferredScheme: link.preferredScheme, preferredHost: link.preferredHost, planValues: planValues))
        }
        if let (tabBar, component) = tabBar {
            guard !tabs.isEmpty else {
                throw GraphBuildError(message: "a tab bar is declared in a graph without tabs", remedy: "declare 'Tab's, or remove 'TabBar'",
                                      file: component.file, line: component.line)
            }
            if let fallback = tabBar.fallback, !tabs.contains(where: { $0.id == fallback }) {
                throw GraphBuildError(message: "the tab bar's fallback '\(fallback)' is not a declared tab",
                                      remedy: NameSuggestion.hint(for: fallback.name, in: tabs.map(\.id.name), kind: "tabs"),
                                      file: component.file, line: component.line)
            }
        }
        if let (scope, component) = modalScope, scope == .tab, tabs.isEmpty {
            throw GraphBuildError(message: "modals belong to their tab ('Modals(scope: .tab)') in a graph without tabs",
                                  remedy: "declare 'Tab's, or write 'Modals(scope: .window)' (a modal then belongs to the window)",
                                  file: component.file, line: component.line, column: component.column)
        }
        if !links.isEmpty && deepLinkSchemes.isEmpty, let (_, component) = deepLinks.first {
            throw GraphBuildError(message: "deep links are declared but no scheme is accepted",
                                  remedy: "add 'DeepLinkSchemes([\"myapp\", \"https\"], hosts: [\"example.com\"])'", file: component.file, line: component.line, column: component.column)
        }
        var graph = NavigationGraph(
            name: name, summary: summary, routes: routes, tabs: tabs, root: root?.0.graphName, flags: flags, events: events,
            transitions: transitions, deepLinks: links.isEmpty ? nil : .init(configuration: DeepLinkConfiguration(schemes: deepLinkSchemes, hosts: deepLinkHosts, matching: deepLinkMatching), links: links),
            invariants: invariants, bounds: bounds, routeName: { $0.graphName }, origin: origin, groups: groups,
            tabBar: tabBar?.0 ?? NavigationGraph<R>.TabBar(),
            modalScope: modalScope?.0 ?? .window)
        graph.properties = properties
        graph.tapLimits = tapLimits
        return graph
    }
}
