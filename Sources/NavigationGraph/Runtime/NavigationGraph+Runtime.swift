import NavigationCore

/// Why a graph could not be turned into a runtime: a name it needs is not declared. Lint
/// reports these first, with locations; this error is the backstop.
public struct GraphRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension NavigationGraph {
    /// The state the app starts in: every tab at its root (or the one stack at ``root``),
    /// the first tab selected (or, when the tab bar does not show it initially, the tab its
    /// ``TabBar/fallback`` rule picks), flags at their initial values.
    public func initialState() throws(GraphRuntimeError) -> NavigationState<R> {
        let initialFlags = FlagSet(flags.filter(\.initial).map(\.name))
        if tabs.isEmpty {
            guard let root, let route = representative(of: root) else {
                throw GraphRuntimeError(message: "graph '\(name)' has no tabs and no declared root route; add 'root: <route>' or 'tabs:'")
            }
            return NavigationState(root: route, flags: initialFlags)
        }
        var navigationTabs: [NavigationTab<R>] = []
        for tab in tabs {
            guard let route = representative(of: tab.root) else {
                throw GraphRuntimeError(message: "tab '\(tab.id)' has root '\(tab.root)', which is not a declared route")
            }
            navigationTabs.append(NavigationTab(id: tab.id, root: route))
        }
        do {
            var state = try NavigationState(tabs: navigationTabs, selected: tabs[0].id, flags: initialFlags)
            makeTabBarRules().settleSelection(&state)
            return state
        } catch {
            throw GraphRuntimeError(message: error.description)
        }
    }

    /// The tab bar the runtime enforces: each tab's condition compiled, the modal styles the
    /// tab bar stays tappable under, the fallback tab, what re-selecting each tab does and
    /// whether a hidden selection falls back or stays. ``makeExecutor()`` puts these in its
    /// engine's rules, so the app's store and the explorer show, offer and fall back alike.
    public func makeTabBarRules() -> TabBarRules<R> {
        var conditions: [TabID: TabBarRules<R>.Condition] = [:]
        for tab in tabs {
            guard let condition = tab.condition else { continue }
            conditions[tab.id] = .init(condition.text, condition.compile(routeName: routeName))
        }
        var reselectByTab: [TabID: TabReselection] = [:]
        for tab in tabs { if let reselect = tab.reselect, reselect != tabBar.reselect { reselectByTab[tab.id] = reselect } }
        return TabBarRules(tappableUnder: Set(tabBar.tappableUnder), conditions: conditions, fallback: tabBar.fallback,
                           reselect: tabBar.reselect, reselectByTab: reselectByTab, hiddenSelection: tabBar.hiddenSelection)
    }

    /// Whom each presented modal belongs to (``modalScope``, and each route's own
    /// ``RouteDeclaration/modalScope`` where it differs). ``makeExecutor()`` puts these in its
    /// engine's rules. A graph whose modals are all the window's asks no route (its rules do
    /// not `ModalScopeRules.mayScopeToTab`), so its states are those it had before scopes.
    public func makeModalScopeRules() -> ModalScopeRules<R> {
        var overrides: [String: ModalScope] = [:]
        for route in routes {
            // The first declaration of a name wins, as for ownership (lint reports the duplicate).
            guard overrides[route.name] == nil else { continue }
            overrides[route.name] = route.modalScope ?? modalScope
        }
        let graphScope = modalScope
        let differing = overrides.filter { $0.value != graphScope }
        guard !differing.isEmpty else { return ModalScopeRules(graphScope) }
        let routeName = self.routeName
        return ModalScopeRules(graphScope) { differing[routeName($0)] }
    }

    /// The executor the app and the explorer both run: the engine, with the graph's tab bar in
    /// its rules (``makeTabBarRules()``) and the graph's guards as middleware (named
    /// `route guards`), followed by the app's own ``middleware``, with every transition that
    /// reroutes registered as a `ReroutableAction` (``reroutableActions()``), so that a
    /// pending retry of it runs.
    @_specialize(exported: true, where R == DynamicRoute)
    public func makeExecutor() -> NavigationExecutor<R> {
        var executor = NavigationExecutor<R>(engine: NavigationEngine(rules: NavigationRules(tabBar: makeTabBarRules(), ownership: makeOwnership(),
                                                                                                   modalScope: makeModalScopeRules())))
        let guards = routes.compactMap { declaration in
            declaration.entryGuard.map { (declaration.name, $0) }
        }
        if !guards.isEmpty {
            executor.middleware.add(RouteGuardMiddleware(graph: self, guards: guards), name: "route guards")
        }
        for entry in middleware.entries {
            executor.middleware.add(entry.middleware, name: entry.name)
        }
        for action in reroutableActions() { executor.register(action) }
        return executor
    }

    /// The graph with `middleware` appended to the app's ``middleware``: registered once, run by
    /// the store built from the graph and by the explorer alike.
    ///
    /// ```swift
    /// let graph = NavigationGraph<AppRoute>.app.addingMiddleware(SignInGuard(), name: "sign-in guard")
    /// let store = try NavigationStore(graph: graph)   // runs the guard
    /// let result = try Checker(graph).run()            // explores with it
    /// ```
    public func addingMiddleware(_ middleware: any NavigationMiddleware<R>, name: String) -> Self {
        var graph = self
        graph.middleware.add(middleware, name: name)
        return graph
    }

    /// The graph's declared events as the runtime fires them: each precondition compiled, each
    /// flag change a `setFlag` step, each navigation step the command the explorer runs for it.
    /// `NavigationStore(graph:)` registers these, and the explorer fires these values
    /// (through `NavigationExecutor.fire(_:on:)`), so an event means one thing in both.
    ///
    /// A step brings in the route value written for it, else its route's first sample
    /// (``destination(ofStep:in:)``). A step that goes to a route the graph does not declare is
    /// left out (lint reports it).
    public func makeEvents() -> [AppEvent<R>] {
        events.map { declaration in
            let precondition = declaration.precondition.map { condition in
                AppEvent<R>.Precondition(condition.text, condition.compile(routeName: routeName))
            }
            var steps = declaration.flagChanges.map { change in AppEvent<R>.Step.command(.setFlag(change.flag, change.value)) }
            for (index, navigation) in declaration.navigation.enumerated() {
                switch navigation {
                case .back: steps.append(.command(.pop))
                case .dismiss: steps.append(.command(.dismiss))
                case .dismissAll: steps.append(.command(.dismissAll))
                case .popToRoot: steps.append(.command(.popToRoot))
                case .selectTab(let tab): steps.append(.command(.selectTab(tab)))
                case .resetTabs(let tabs): steps.append(.command(.resetTabs(tabs)))
                case .go(let name, let style):
                    guard let route = destination(ofStep: index, in: declaration) else { continue }
                    if let command = Self.command(to: route, style: style) {
                        steps.append(.command(command))
                    } else {
                        steps.append(AppEvent<R>.Step("\(style.rawValue) \(name)") { state in Self.command(to: route, style: style, in: state) })
                    }
                }
            }
            return AppEvent(name: declaration.name, precondition: precondition, steps: steps)
        }
    }

    /// The routes' ownership, as the engine resolves requests by it, or `nil` when no route is
    /// owned. A route declared twice is owned as its first declaration says (lint reports the
    /// duplicate).
    public func makeOwnership() -> RouteOwnership<R>? {
        var seen = Set<String>()
        let declarations = routes.compactMap { route -> RouteOwnership<R>.Declaration? in
            guard let ownership = route.ownership, !ownership.owners.isEmpty, seen.insert(route.name).inserted else { return nil }
            return RouteOwnership<R>.Declaration(route: route.name, owners: ownership.owners, style: ownership.style, priority: ownership.priority)
        }
        guard !declarations.isEmpty else { return nil }
        return RouteOwnership(validated: declarations, routeName: routeName)
    }

    /// The action a transition with a ``TransitionDeclaration/reroute`` performs, bringing in
    /// `destination`: it reroutes to the reroute's route while its condition holds, and else
    /// runs the transition's command. It is unavailable (a pending retry of it is given up)
    /// when the transition's source route is on no shown stack (the selected tab's, or a
    /// presented modal's): the move belongs to that screen, so a retry after the user left it
    /// for another tab does not run; and when the transition's own condition (`when:`) no
    /// longer holds: the graph no longer offers the move. `nil` for a transition without a reroute, or one whose
    /// reroute names an undeclared route (lint reports it).
    ///
    /// The action's name is the move as traces label it, e.g. `push product → checkout`
    /// (with the destination's value when the route has several samples): the executor finds a
    /// pending retry's action by it (``makeExecutor()`` registers every one).
    public func reroutableAction(for transition: TransitionDeclaration<R>, to destination: R) -> ReroutableAction<R>? {
        guard let reroute = transition.reroute, let target = representative(of: reroute.route) else { return nil }
        let fails = reroute.condition.compile(routeName: routeName)
        let style = transition.style
        let source = transition.from
        let routeName = self.routeName
        let several = targets(of: transition).count > 1
        var name = "\(style.rawValue) \(source) → \(several ? "\(destination)" : transition.to)"
        // Two rerouting declarations of one move (under two conditions) are two actions: each
        // needs its own name, or a pending retry would run the other's.
        let twins = transitions.filter { $0.from == source && $0.to == transition.to && $0.style == style && $0.reroute != nil }
        if twins.count > 1, let position = twins.firstIndex(where: { Self.sameDeclaration($0, transition) }) { name += " #\(position + 1)" }
        // The move is offered only while its own condition holds: a retry after the flow
        // (sign-in clearing a cart, say) must not take a move the graph no longer offers.
        let offered = transition.condition.map { (text: $0.text, holds: $0.compile(routeName: routeName)) }
        return ReroutableAction(name: name) { state in
            if source != "*" && !Self.isShown(source, in: state, routeName: routeName) {
                return .unavailable("\(source) is no longer shown (on the selected tab's stack or a presented modal)")
            }
            if let offered, !offered.holds(state) {
                return .unavailable("the move's condition '\(offered.text)' no longer holds")
            }
            return fails(state) ? .reroute(target) : .run(Self.command(to: destination, style: style, in: state))
        }
    }

    /// The action a navigator performs for the move from `source` to `destination` in `style`,
    /// in `state`: of the transitions declaring that move, the first the graph offers there (its
    /// condition holds and it brings in `destination`), as the explorer takes it, when that one
    /// declares a reroute. `nil` when it declares none or no declaration is offered: then the
    /// move is the plain command, which the engine's rules judge.
    ///
    /// ```swift
    /// let action = graph.reroutableAction(from: "product", to: .checkout, style: .push, in: store.state)
    /// ```
    public func reroutableAction(from source: String, to destination: R, style: TransitionStyle, in state: NavigationState<R>) -> ReroutableAction<R>? {
        let name = routeName(destination)
        let offered = transitions.first { transition in
            transition.from == source && transition.to == name && transition.style == style
                && targets(of: transition).contains(destination)
                && (transition.condition.map { $0.compile(routeName: routeName)(state) } ?? true)
        }
        return offered.flatMap { reroutableAction(for: $0, to: destination) }
    }

    /// Whether two transitions are one declaration: where it is written, and what it says
    /// (two that agree on every part behave alike, so sharing a name is harmless).
    private static func sameDeclaration(_ a: TransitionDeclaration<R>, _ b: TransitionDeclaration<R>) -> Bool {
        a.location == b.location && a.value == b.value && a.condition?.text == b.condition?.text
            && a.reroute?.route == b.reroute?.route && a.reroute?.condition.text == b.reroute?.condition.text
    }

    /// Whether a route named `name` is on the selected tab's stack or a presented modal's.
    private static func isShown(_ name: String, in state: NavigationState<R>, routeName: (R) -> String) -> Bool {
        if state.tabs[state.selectedTabIndex].stack.routes.contains(where: { routeName($0) == name }) { return true }
        return state.modals.contains { $0.stack.routes.contains { routeName($0) == name } }
    }

    /// Every reroutable action of the graph's transitions (``reroutableAction(for:to:)``), in
    /// declaration order, one per target.
    public func reroutableActions() -> [ReroutableAction<R>] {
        transitions.flatMap { transition in targets(of: transition).compactMap { reroutableAction(for: transition, to: $0) } }
    }

    /// Whether any transition, event step, guard redirect or deep link requests a route, or a
    /// transition may reroute.
    public var hasRequests: Bool {
        !requestedRouteNames.isEmpty
    }

    /// The names of the routes a transition, a reroute, an event step, a guard redirect or a
    /// deep link requests.
    public var requestedRouteNames: Set<String> {
        var names = Set(transitions.filter { $0.style == .request }.map(\.to) + transitions.compactMap(\.reroute?.route))
        for event in events {
            for case .go(let route, .request) in event.navigation { names.insert(route) }
        }
        for route in routes {
            if case .redirect(let target, .request)? = route.entryGuard?.otherwise { names.insert(target) }
        }
        for link in deepLinks?.links ?? [] where link.plan.mode == .request { names.insert(link.routeName) }
        return names
    }

    /// The deep-link pipeline of the graph's links, or `nil` when it declares none.
    public func makeDeepLinkPipeline() -> DeepLinkPipeline<R>? {
        guard let deepLinks else { return nil }
        return DeepLinkPipeline(configuration: deepLinks.configuration, matcher: DeepLinkMatcher(deepLinks.links.map(\.mapping)))
    }

    /// The single command that takes a transition of `style` to `destination` from `state`.
    /// A `replace` swaps the visible route in one step, so a guard sees (and can refuse) it whole.
    public static func command(to destination: R, style: TransitionStyle, in state: NavigationState<R>) -> NavigationCommand<R> {
        switch style {
        case .presentation(let presentation): presentation.command(showing: destination, in: state)
        case .request: .request(destination)
        }
    }

    /// The command that follows a transition of `style` to `destination` in any state, or `nil`
    /// for a replace, whose command depends on the active stack.
    public static func command(to destination: R, style: TransitionStyle) -> NavigationCommand<R>? {
        switch style {
        case .presentation(let presentation): presentation.command(showing: destination)
        case .request: .request(destination)
        }
    }
}

/// The graph's route guards, as middleware: a command that brings a guarded route on top in a
/// state where its condition fails is cancelled or redirected.
struct RouteGuardMiddleware<R: Route>: NavigationMiddleware {
    private struct CompiledGuard: Sendable {
        let routeName: String
        let condition: @Sendable (NavigationState<R>) -> Bool
        let conditionText: String
        let redirect: (route: R, style: TransitionStyle)?
    }

    /// The decision, as a closure made in `init`: made where the route type is known, so a
    /// specialized `makeExecutor` (as for `DynamicRoute`) gets specialized code behind this
    /// protocol's generic witness.
    private let decide: @Sendable (NavigationCommand<R>, MiddlewareContext<R>) -> MiddlewareDecision<R>

    init(graph: NavigationGraph<R>, guards: [(String, RouteGuard<R>)]) {
        let routeName = graph.routeName
        let guardedNames = Set(guards.map(\.0))
        let compiled = guards.map { name, routeGuard in
            var redirect: (route: R, style: TransitionStyle)?
            if case .redirect(_, let style) = routeGuard.otherwise, let route = graph.redirectDestination(of: routeGuard) {
                redirect = (route, style)
            }
            return CompiledGuard(routeName: name, condition: routeGuard.condition.compile(routeName: graph.routeName),
                                 conditionText: routeGuard.condition.text, redirect: redirect)
        }
        // Whether each declared sample route is guarded, so the common case hashes a route
        // instead of its name; routes built elsewhere (by deep links) are looked up by name.
        var samples: [R: Bool] = [:]
        for route in graph.routes {
            for sample in route.samples { samples[sample] = guardedNames.contains(route.name) }
        }
        let guardedSamples = samples
        let isGuarded: @Sendable (R) -> Bool = { route in guardedSamples[route] ?? guardedNames.contains(routeName(route)) }
        decide = { command, context in Self.decision(for: command, context, guards: compiled, isGuarded: isGuarded, routeName: routeName) }
    }

    func willExecute(_ command: NavigationCommand<R>, context: MiddlewareContext<R>) -> MiddlewareDecision<R> {
        decide(command, context)
    }

    private static func decision(for command: NavigationCommand<R>, _ context: MiddlewareContext<R>, guards: [CompiledGuard],
                                 isGuarded: (R) -> Bool, routeName: @Sendable (R) -> String) -> MiddlewareDecision<R> {
        // Only the route a command brings on top can trip a guard; find it without a dry run,
        // and dry-run only when that route is guarded.
        let incoming: R?
        switch command {
        case .push(let route), .present(let route, _, _): incoming = route
        case .pushAll(let routes), .replace(let routes): incoming = routes.last
        case .pushUnderModals(let routes):
            // The route lands under the modals: its guard judges it, not the visible top.
            guard let last = routes.last, isGuarded(last) else { return .proceed }
            guard let outcome = context.outcome(of: command) else { return .proceed }
            return decision(of: guards, guarding: routeName(last), on: outcome, context)
        case .request(let route):
            return requestDecision(for: command, route: route, context, guards: guards, isGuarded: isGuarded, routeName: routeName)
        // A pop shows a route that was already on the stack, and the rest bring no route on
        // top; reaching a guarded route that way is what the checker's guard-bypass property
        // reports. Listed rather than `default:` so a new kind of command must be decided here.
        case .pop, .popCount, .popTo, .popToRoot, .dismiss, .dismissAll, .selectTab, .resetTabs, .setFlag, .setPendingDeepLink: return .proceed
        // Middleware sees single steps only: the executor runs a composite's parts through the
        // chain one by one.
        case .sequence, .whenCancelled: return .proceed
        }
        guard let incoming, isGuarded(incoming) else { return .proceed }
        return judge(guards, on: command, context, routeName: routeName)
    }

    /// A request's guard runs before the request is resolved: it is judged on the state the
    /// request would produce, or, when the request would be dropped, on the state it is made in,
    /// so a redirect (to sign-in, say) wins over the drop. A redirect to an owned route is
    /// itself a request.
    private static func requestDecision(for command: NavigationCommand<R>, route: R, _ context: MiddlewareContext<R>, guards: [CompiledGuard],
                                        isGuarded: (R) -> Bool, routeName: @Sendable (R) -> String) -> MiddlewareDecision<R> {
        guard isGuarded(route) else { return .proceed }
        return decision(of: guards, guarding: routeName(route), on: context.outcome(of: command) ?? context.state, context)
    }

    /// The decision of the guards of the route `command` brings on top, judged on the state it
    /// would produce.
    private static func judge(_ guards: [CompiledGuard], on command: NavigationCommand<R>, _ context: MiddlewareContext<R>,
                              routeName: @Sendable (R) -> String) -> MiddlewareDecision<R> {
        guard let outcome = context.outcome(of: command), let top = outcome.top else { return .proceed }
        return decision(of: guards, guarding: routeName(top), on: outcome, context)
    }

    /// What the guards of the route called `name` decide, their conditions judged on `judged`:
    /// the first that fails redirects (from the state the command was asked in) or cancels.
    private static func decision(of guards: [CompiledGuard], guarding name: String, on judged: NavigationState<R>,
                                 _ context: MiddlewareContext<R>) -> MiddlewareDecision<R> {
        for routeGuard in guards where routeGuard.routeName == name && !routeGuard.condition(judged) {
            if let redirect = routeGuard.redirect {
                return .redirect(NavigationGraph<R>.command(to: redirect.route, style: redirect.style, in: context.state))
            }
            return .cancel(reason: "\(name) requires \(routeGuard.conditionText)")
        }
        return .proceed
    }
}
