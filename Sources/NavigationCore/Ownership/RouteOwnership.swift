/// Which scopes own which routes, with the style and priority each route is presented in:
/// what a ``NavigationCommand/request(_:)`` is resolved against.
///
/// Screens ask for a route by name without knowing who presents it (as with Departure's
/// `Push`, `Sheet` and `Cover` ownership); the nearest visible owner presents it. Give the
/// ownership to the engine's rules, and every executor, store and the explorer resolve
/// requests the same way:
///
/// ```swift
/// let ownership = try RouteOwnership<AppRoute>([
///     .init(route: "article", owners: [.route("feed"), .route("search")], style: .push),
///     .init(route: "login", owners: [.app], style: .cover, priority: .high),
/// ], routeName: \.caseName)
/// let engine = NavigationEngine<AppRoute>(rules: NavigationRules(ownership: ownership))
/// ```
public struct RouteOwnership<R: Route>: Sendable {
    /// One owned route: its owners, the style they present it in, and its priority.
    public struct Declaration: Hashable, Sendable {
        /// The owned route's name.
        public let route: String
        /// The scopes that may present it, in any order: the nearest visible one does.
        public let owners: [OwnerScope]
        public let style: OwnershipStyle
        public let priority: RequestPriority

        public init(route: String, owners: [OwnerScope], style: OwnershipStyle = .push, priority: RequestPriority = .normal) {
            self.route = route
            self.owners = owners
            self.style = style
            self.priority = priority
        }
    }

    /// The declarations, in the order given.
    public let declarations: [Declaration]
    /// The name of a route, as declarations and ``OwnerScope/route(_:)`` spell it.
    public let routeName: @Sendable (R) -> String
    private let byRoute: [String: Declaration]

    /// Ownership made of `declarations`, naming routes with `routeName`.
    ///
    /// - Throws: ``OwnershipError`` when a route is declared twice or without owners.
    public init(_ declarations: [Declaration], routeName: @escaping @Sendable (R) -> String) throws(OwnershipError) {
        var byRoute: [String: Declaration] = [:]
        for declaration in declarations {
            guard !declaration.owners.isEmpty else { throw .noOwners(route: declaration.route) }
            guard byRoute[declaration.route] == nil else { throw .duplicateRoute(declaration.route) }
            byRoute[declaration.route] = declaration
        }
        self.declarations = declarations
        self.routeName = routeName
        self.byRoute = byRoute
    }

    /// Ownership of `declarations` that a caller has already checked: a route's first
    /// declaration wins and declarations without owners are left out.
    package init(validated declarations: [Declaration], routeName: @escaping @Sendable (R) -> String) {
        var byRoute: [String: Declaration] = [:]
        var kept: [Declaration] = []
        for declaration in declarations where !declaration.owners.isEmpty && byRoute[declaration.route] == nil {
            byRoute[declaration.route] = declaration
            kept.append(declaration)
        }
        self.declarations = kept
        self.routeName = routeName
        self.byRoute = byRoute
    }

    /// The declaration of the route called `name`, if it is owned.
    public func declaration(of name: String) -> Declaration? {
        byRoute[name]
    }

    /// Whether `route` is declared high priority: a modal layer rooted at it is a
    /// high-priority flow.
    public func isHighPriority(_ route: R) -> Bool {
        byRoute[routeName(route)]?.priority == .high
    }

    /// The level of the topmost modal layer rooted at a high-priority route, if one is up.
    public func highPriorityLevel(in state: NavigationState<R>) -> Int? {
        state.modals.indices.last { level in state.modals[level].stack.root.map(isHighPriority) ?? false }
    }
}
