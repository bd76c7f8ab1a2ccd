import NavigationCore

/// An app's navigation as a typed graph: routes are nodes, allowed transitions are edges, and
/// flags, events, guards, deep links and invariants say which edges are open when.
///
/// A graph comes from a document under `Graphs/` (``GraphDocument/load(_:origin:features:)``, with
/// `DynamicRoute` routes) or from Swift. Either way it compiles to the runtime the app runs:
/// ``initialState()``, ``makeExecutor()`` (whose middleware enforces the guards) and
/// ``makeDeepLinkPipeline()``.
public struct NavigationGraph<R: Route>: Sendable {
    /// A tab: its name, the name of its root route and, for a tab the tab bar shows only in
    /// some states, the condition under which it is shown.
    public struct Tab: Hashable, Sendable {
        public let id: TabID
        public let root: String
        /// When the tab bar shows the tab (`signedIn`); `nil` for always. Selecting the tab is a
        /// step only while it holds, and the selection leaves the tab when it stops holding
        /// (see ``TabBar/fallback``).
        public let condition: GraphCondition<R>?
        /// What re-selecting this tab does to its stack, where it differs from the tab bar's
        /// ``TabBar/reselect``; `nil` to follow the tab bar.
        public let reselect: TabReselection?
        public let location: SourceLocation?

        public init(id: TabID, root: String, when condition: GraphCondition<R>? = nil, reselect: TabReselection? = nil,
                    location: SourceLocation? = nil) {
            self.id = id
            self.root = root
            self.condition = condition
            self.reselect = reselect
            self.location = location
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.id == rhs.id && lhs.root == rhs.root && lhs.condition?.text == rhs.condition?.text && lhs.reselect == rhs.reselect
                && lhs.location == rhs.location
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(root)
            hasher.combine(condition?.text)
            hasher.combine(reselect)
        }
    }

    /// How the tab bar behaves: under which modal styles the user can still tap it, and which
    /// tab is selected when the selected tab stops being shown.
    ///
    /// The default is an iPhone's: no tab can be tapped while any modal is presented (a
    /// full-screen cover hides the tab bar and a sheet covers it), and a hidden selected tab
    /// gives way to the first tab shown. An iPad-style app whose tab bar stays tappable above
    /// sheets declares `TabBar(tappableUnder: [.sheet])`; `[.sheet, .cover]` is the behaviour
    /// before this was declared.
    public struct TabBar: Hashable, Sendable {
        /// The modal styles under which the tab bar can be tapped, in `ModalStyle` order.
        public let tappableUnder: [ModalStyle]
        /// The tab selected when the selected tab stops being shown (when it is shown itself);
        /// `nil` for the first tab shown.
        public let fallback: TabID?
        /// What re-selecting the selected tab does to its stack (a tab may say otherwise,
        /// ``Tab/reselect``): `popToRoot` by default.
        public let reselect: TabReselection
        /// Whether the selection leaves a tab that stops being shown (`fallback`, the default)
        /// or stays on it (`stay`).
        public let hiddenSelection: HiddenTabSelection
        public let location: SourceLocation?

        public init(tappableUnder: Set<ModalStyle> = ModalStyle.tappableUnderByDefault, fallback: TabID? = nil,
                    reselect: TabReselection = .popToRoot, hiddenSelection: HiddenTabSelection = .fallback, location: SourceLocation? = nil) {
            self.tappableUnder = ModalStyle.allCases.filter(tappableUnder.contains)
            self.fallback = fallback
            self.reselect = reselect
            self.hiddenSelection = hiddenSelection
            self.location = location
        }

        /// Whether this is the default tab bar (declared or not).
        public var isDefault: Bool { declaresDefaultTappableUnder && fallback == nil && reselect == .popToRoot && hiddenSelection == .fallback }

        /// Whether ``tappableUnder`` is what a graph gets without declaring it.
        public var declaresDefaultTappableUnder: Bool { Set(tappableUnder) == ModalStyle.tappableUnderByDefault }
    }

    /// An app flag and its value at launch.
    public struct Flag: Hashable, Sendable {
        public let name: FlagName
        public let initial: Bool
        public let location: SourceLocation?

        public init(name: FlagName, initial: Bool, location: SourceLocation? = nil) {
            self.name = name
            self.initial = initial
            self.location = location
        }
    }

    /// A named condition that must hold in every reachable state.
    public struct Invariant: Sendable {
        public let name: String
        public let condition: GraphCondition<R>
        public let location: SourceLocation?

        public init(name: String, condition: GraphCondition<R>, location: SourceLocation? = nil) {
            self.name = name
            self.condition = condition
            self.location = location
        }
    }

    /// A named set of routes, e.g. `editors: [newStatus, reply, quote]`. Transitions from or to
    /// a group are expanded into one ordinary transition per member when the graph is built, and
    /// conditions naming a group mean any member (`stack contains editors`); the group itself is
    /// kept for lint, export and labels.
    public struct Group: Hashable, Sendable {
        /// The source that stands for every declared route: `from: "*"`.
        public static var everyRoute: String { "*" }

        public let name: String
        /// The member route names, in the order written.
        public let members: [String]
        public let location: SourceLocation?

        public init(name: String, members: [String], location: SourceLocation? = nil) {
            self.name = name
            self.members = members
            self.location = location
        }
    }

    /// Deep-link settings: accepted schemes and hosts.
    public struct DeepLinks: Sendable {
        public let configuration: DeepLinkConfiguration
        public let links: [DeepLinkDeclaration<R>]

        public init(configuration: DeepLinkConfiguration, links: [DeepLinkDeclaration<R>]) {
            self.configuration = configuration
            self.links = links
        }
    }

    public var name: String
    /// One line on what the graph shows.
    public var summary: String
    public var routes: [RouteDeclaration<R>] {
        didSet { routeIndexByName = Self.indexByName(routes) }
    }
    /// The tabs; when empty, the app has one stack rooted at ``root``.
    public var tabs: [Tab]
    /// How the tab bar behaves under modals and when the selected tab is hidden.
    public var tabBar = TabBar()
    /// Whom a presented modal belongs to unless its route says otherwise
    /// (``RouteDeclaration/modalScope``): the window (the default) or the tab it was presented
    /// from (a document's top-level `modalScope:`). See ``makeModalScopeRules()``.
    public var modalScope: ModalScope = .window
    /// The root route of an app without tabs.
    public var root: String?
    public var flags: [Flag]
    public var events: [EventDeclaration<R>]
    public var transitions: [TransitionDeclaration<R>]
    public var deepLinks: DeepLinks?
    public var invariants: [Invariant]
    /// The graph's own properties over paths (a document's `properties:`): can-reach and
    /// never-until, judged by both engines after the invariants.
    public var properties: [PropertyDeclaration] = []
    /// The `within:` limits: how many user actions the routes they name may need from launch.
    public var tapLimits: [TapLimit] = []
    public var bounds: GraphBounds
    /// The route groups, in declaration order. Their transitions are already expanded into
    /// ``transitions`` and their conditions into route names.
    public var groups: [Group]
    /// The name conditions and transitions use for a route.
    public let routeName: @Sendable (R) -> String
    /// Where the graph came from (a document path), for diagnostics.
    public var origin: String?
    /// What stands in for the app around a feature document verified by itself (see
    /// ``StandaloneFeature``); `nil` for an app graph, and for a graph built in Swift.
    public var standaloneFeature: StandaloneFeature?
    /// The app's own middleware, written in Swift, in the order it runs (after the graph's route
    /// guards). ``makeExecutor()`` includes it, so the store built from the graph and the
    /// explorer run exactly the same chain. A document never holds any.
    public var middleware = MiddlewareRegistry<R>()
    /// The position in ``routes`` of the first route of each name, so ``route(named:)`` does not
    /// scan: diagrams and the checker look routes up once per route and per transition, which was
    /// quadratic in graphs of thousands of routes. Rebuilt whenever ``routes`` changes.
    private var routeIndexByName: [String: Int]

    public init(
        name: String, summary: String = "", routes: [RouteDeclaration<R>], tabs: [Tab] = [], root: String? = nil,
        flags: [Flag] = [], events: [EventDeclaration<R>] = [], transitions: [TransitionDeclaration<R>] = [],
        deepLinks: DeepLinks? = nil, invariants: [Invariant] = [], bounds: GraphBounds = GraphBounds(),
        routeName: @escaping @Sendable (R) -> String, origin: String? = nil, groups: [Group] = [], tabBar: TabBar = TabBar(),
        modalScope: ModalScope = .window
    ) {
        self.modalScope = modalScope
        self.groups = groups
        self.tabBar = tabBar
        self.name = name
        self.summary = summary
        self.routes = routes
        self.routeIndexByName = Self.indexByName(routes)
        self.tabs = tabs
        self.root = root
        self.flags = flags
        self.events = events
        self.transitions = transitions
        self.deepLinks = deepLinks
        self.invariants = invariants
        self.bounds = bounds
        self.routeName = routeName
        self.origin = origin
    }

    /// The declaration of the route called `name`, if any (the first, should two share it).
    ///
    /// - Complexity: O(1) on average: routes are indexed by name when they are set.
    public func route(named name: String) -> RouteDeclaration<R>? {
        routeIndexByName[name].map { routes[$0] }
    }

    /// The position in ``routes`` of the route called `name` (the first, should two share it),
    /// if any: the index a checker keeps per-route figures at (coverage, tap distances, the
    /// covering paths' targets).
    ///
    /// ```swift
    /// let position = graph.routePosition(named: graph.routeName(state.top ?? root))
    /// ```
    ///
    /// - Parameter name: The route's name.
    /// - Complexity: O(1) on average: routes are indexed by name when they are set.
    public func routePosition(named name: String) -> Int? {
        routeIndexByName[name]
    }

    private static func indexByName(_ routes: [RouteDeclaration<R>]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(routes.count)
        for (position, route) in routes.enumerated() where index[route.name] == nil { index[route.name] = position }
        return index
    }

    /// The first sample of the route called `name`: the route an event step or a guard's
    /// redirect naming it brings in.
    public func representative(of name: String) -> R? {
        route(named: name)?.samples.first
    }

    /// The routes `transition` brings in, one move each: its written ``TransitionDeclaration/value``
    /// alone, or every declared sample of its destination when it names the route without a
    /// value; empty when the destination is not declared.
    public func targets(of transition: TransitionDeclaration<R>) -> [R] {
        if let value = transition.value { return [value] }
        return route(named: transition.to)?.samples ?? []
    }

    /// The route the navigation step at `index` of `event` brings in: its written value
    /// (``EventDeclaration/navigationValues``), or else the first sample of the route it names;
    /// `nil` for a step that brings in no route, or names an undeclared one.
    public func destination(ofStep index: Int, in event: EventDeclaration<R>) -> R? {
        guard event.navigation.indices.contains(index), case .go(let name, _) = event.navigation[index] else { return nil }
        if index < event.navigationValues.count, let value = event.navigationValues[index] { return value }
        return representative(of: name)
    }

    /// The route `routeGuard`'s redirect brings in: its written value
    /// (``RouteGuard/redirectValue``), or else the first sample of the route it names; `nil`
    /// for a guard that cancels, or redirects to an undeclared route.
    public func redirectDestination(of routeGuard: RouteGuard<R>) -> R? {
        guard case .redirect(let target, _) = routeGuard.otherwise else { return nil }
        return routeGuard.redirectValue ?? representative(of: target)
    }
}
