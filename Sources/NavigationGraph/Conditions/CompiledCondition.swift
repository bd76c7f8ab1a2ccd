import NavigationCore

/// A condition resolved once against a route type, ready to evaluate over states.
///
/// Compiling turns the syntax tree into a tree of closures with every name already bound, so
/// evaluating costs a few comparisons and never touches the text again.
///
/// ```swift
/// let condition = try Condition.parse("top == checkout implies signedIn")
/// let check = condition.compile(routeName: { (route: DynamicRoute) in route.name })
/// check(state) // true or false
/// ```
public struct CompiledCondition<R: Route>: Sendable {
    /// The condition that was compiled.
    public let source: Condition
    private let evaluate: @Sendable (NavigationState<R>) -> Bool

    /// Whether the condition holds in `state`.
    public func callAsFunction(_ state: NavigationState<R>) -> Bool { evaluate(state) }

    /// The evaluating closure itself, for callers that keep it (one call less per evaluation).
    var evaluator: @Sendable (NavigationState<R>) -> Bool { evaluate }

    init(source: Condition, evaluate: @escaping @Sendable (NavigationState<R>) -> Bool) {
        self.source = source
        self.evaluate = evaluate
    }
}

extension Condition {
    /// Binds the condition to a route type.
    ///
    /// - Parameter routeName: The name a route is known by in conditions (for a route with
    ///   parameters, its case name: `product`, whatever its `id`).
    @_specialize(exported: true, where R == DynamicRoute)
    public func compile<R: Route>(routeName: @escaping @Sendable (R) -> String) -> CompiledCondition<R> {
        CompiledCondition(source: self, evaluate: closure(routeName))
    }

    // Specialized too: the closures it returns are what the explorer calls for every state,
    // and without this they ran as generic code (a profile showed `state.top` costing thousands
    // of instructions through metadata lookups).
    @_specialize(where R == DynamicRoute)
    private func closure<R: Route>(_ routeName: @escaping @Sendable (R) -> String) -> @Sendable (NavigationState<R>) -> Bool {
        switch self {
        case .constant(let value):
            return { _ in value }
        case .flag(let name):
            let flag = FlagName(name.text)
            return { $0.flags.contains(flag) }
        case .not(let inner):
            let inner = inner.closure(routeName)
            return { !inner($0) }
        case .and(let a, let b):
            let (a, b) = (a.closure(routeName), b.closure(routeName))
            return { a($0) && b($0) }
        case .or(let a, let b):
            let (a, b) = (a.closure(routeName), b.closure(routeName))
            return { a($0) || b($0) }
        case .implies(let a, let b):
            let (a, b) = (a.closure(routeName), b.closure(routeName))
            return { !a($0) || b($0) }
        // Each route atom has two closures: names alone compare names (as before values existed,
        // and as fast), a route value (`account(id: me)`) tests each route with `matcher`.
        case .isNamed(.top, let name, let equal):
            guard name.arguments.isEmpty else {
                let matches = Self.matcher(name, routeName)
                return { state in (state.top.map(matches) ?? false) == equal }
            }
            let text = name.text
            return { state in (state.top.map(routeName) == text) == equal }
        case .isNamed(.modal, let name, let equal):
            guard name.arguments.isEmpty else {
                let matches = Self.matcher(name, routeName)
                return { state in (state.modals.last?.stack.root.map(matches) ?? false) == equal }
            }
            let text = name.text
            return { state in (state.modals.last?.stack.root.map(routeName) == text) == equal }
        case .isNamed(.tab, let name, let equal):
            let text = name.text
            return { state in (state.selectedTab.name == text) == equal }
        case .isNamed(.below, let name, let equal):
            guard name.arguments.isEmpty else {
                let matches = Self.matcher(name, routeName)
                return { state in
                    let routes = state.activeStack.routes
                    return (routes.count > 1 && matches(routes[routes.count - 2])) == equal
                }
            }
            let text = name.text
            return { state in
                let routes = state.activeStack.routes
                return (routes.count > 1 && routeName(routes[routes.count - 2]) == text) == equal
            }
        case .noModal(let equal):
            return { state in state.modals.isEmpty == equal }
        case .selectedTabHidden:
            // A graph's front doors replace it by the tabs' conditions; alone, no tab bar is known.
            return { _ in false }
        case .tabStackContains(let tab, let route):
            guard route.arguments.isEmpty else {
                let (tab, matches) = (TabID(tab.text), Self.matcher(route, routeName))
                return { state in state.tabs.contains { $0.id == tab && $0.stack.routes.contains(where: matches) } }
            }
            let (tab, text) = (TabID(tab.text), route.text)
            return { state in state.tabs.contains { $0.id == tab && $0.stack.routes.contains { routeName($0) == text } } }
        case .modalsContain(let name):
            guard name.arguments.isEmpty else {
                let matches = Self.matcher(name, routeName)
                return { state in state.modals.contains { $0.stack.routes.contains(where: matches) } }
            }
            let text = name.text
            return { state in state.modals.contains { $0.stack.routes.contains { routeName($0) == text } } }
        case .stackContains(let name):
            guard name.arguments.isEmpty else {
                let matches = Self.matcher(name, routeName)
                return { state in state.activeStack.routes.contains(where: matches) }
            }
            let text = name.text
            return { state in state.activeStack.routes.contains { routeName($0) == text } }
        case .compare(.depth, let comparison, let value):
            return { comparison.holds($0.depth, value) }
        case .compare(.modalDepth, let comparison, let value):
            return { comparison.holds($0.modals.count, value) }
        case .compare(.count(let name), let comparison, let value):
            guard name.arguments.isEmpty else {
                let matches = Self.matcher(name, routeName)
                return { state in comparison.holds(state.activeStack.routes.reduce(0) { matches($1) ? $0 + 1 : $0 }, value) }
            }
            let text = name.text
            return { state in
                comparison.holds(state.activeStack.routes.reduce(0) { routeName($1) == text ? $0 + 1 : $0 }, value)
            }
        }
    }
}

extension Condition {
    /// The test whether a route is what a route value names (``Name/matches(_:routeName:routeArguments:)``).
    static func matcher<R: Route>(_ name: Name, _ routeName: @escaping @Sendable (R) -> String) -> @Sendable (R) -> Bool {
        { route in name.matches(route, routeName: routeName, routeArguments: Condition.routeArguments) }
    }

    /// A route's parameter values: a document's `DynamicRoute` carries them, a Swift graph's
    /// route enum gives them as ``GraphRoute/graphArguments``; any other route type has none
    /// (a route value then names nothing of it).
    ///
    /// - Parameter route: A route of any type.
    /// - Returns: Its parameter values by name, in declaration order; empty without any.
    public static func routeArguments<R: Route>(_ route: R) -> [DynamicRoute.Argument] {
        if let route = route as? DynamicRoute { return route.arguments }
        if let route = route as? any GraphRoute { return route.graphArguments }
        return []
    }
}
