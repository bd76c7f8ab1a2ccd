import NavigationCore

/// A condition written in a Swift graph: text in the condition language (`"top == cart and
/// signedIn"`), a typed condition (`.top(is: .cart) && .flag(.signedIn)`, see ``TypedCondition``),
/// or a named closure.
public enum GraphConditionSource<R: Route>: Sendable, ExpressibleByStringLiteral {
    /// Text in the condition language, parsed when the graph is built.
    case text(String)
    /// A Swift closure; lint and export cannot see inside it.
    case closure(name: String, @Sendable (NavigationState<R>) -> Bool)
    /// A condition written with the route enum's cases and ``FlagKey`` constants.
    case typed(TypedCondition)

    public init(stringLiteral value: String) { self = .text(value) }
}

/// One step an event takes after changing its flags, naming routes by value: `.push(.account(handle: "me"))`
/// pushes that account (one of the route's samples), as a transition would; `.show(route, style)`
/// shows a route in any ``TransitionStyle`` (`.show(.help, .modal(.sheet))`).
public enum GraphEventStep<R: GraphRoute>: Sendable {
    case back, dismiss, dismissAll, popToRoot
    /// Bring in the route in `style`, as a transition of that style would.
    case show(R, TransitionStyle)
    case selectTab(String)
    /// Put the named tabs (every tab for `nil`) back to their roots, dismissing their own modals
    /// and keeping the selection; written `.resetTabs()` or `.resetTabs(.home, .search)`.
    case resetTabs([String]?)

    /// Push the route onto the active stack.
    public static func push(_ route: R) -> Self { .show(route, .push) }
    /// Present the route as a sheet.
    public static func sheet(_ route: R) -> Self { .show(route, .sheet) }
    /// Present the route as a full-screen cover.
    public static func cover(_ route: R) -> Self { .show(route, .cover) }
    /// Replace the active stack's top with the route.
    public static func replace(_ route: R) -> Self { .show(route, .replace) }
    /// Request the route from its nearest visible owner.
    public static func request(_ route: R) -> Self { .show(route, .request) }
}

/// A scope that owns a route in a Swift graph, naming routes by value (see ``Owned``).
public enum GraphOwner<R: GraphRoute>: Sendable {
    /// Any route of this route's name on a visible stack.
    case route(R)
    /// The tab of this name.
    case tab(String)
    /// The app root.
    case app
}

/// What a route guard does when its condition fails, naming routes by value: the redirect
/// brings in the value written (one of the route's samples).
public enum GraphGuardFallback<R: GraphRoute>: Sendable {
    case cancel
    case redirect(R, style: TransitionStyle)
}

/// One end of a transition that may be a group: a route value, or a group's members.
enum GroupEnd<R: GraphRoute>: Sendable {
    case route(R)
    case group(RouteGroup<R>)
}

/// One declaration of a Swift graph, as the builder collects it. Made by ``Root``, ``Tab``,
/// ``TabBar``, ``Flag``, ``Push``/``Sheet``/``Cover``/``Replace``/``Request``, ``Owned``, ``Guard``, ``Event``, ``DeepLink``,
/// ``Invariant``, ``Property``, ``Within`` and ``Bounds``.
public struct GraphComponent<R: GraphRoute>: Sendable {
    enum Kind: Sendable {
        case root(R)
        case tab(String, root: R, when: GraphConditionSource<R>?, reselect: TabReselection?)
        case tabBar(tappableUnder: Set<ModalStyle>, fallback: String?, reselect: TabReselection, hiddenSelection: HiddenTabSelection)
        /// The graph's modal scope (no routes), or the scope of the routes named.
        case modalScope(ModalScope, routes: [R])
        case flag(String, initial: Bool)
        case transition(from: R, to: R, exact: Bool, style: TransitionStyle, condition: GraphConditionSource<R>?, reroute: GraphReroute<R>?)
        case group(RouteGroup<R>)
        case groupTransition(from: GroupEnd<R>, to: GroupEnd<R>, style: TransitionStyle, condition: GraphConditionSource<R>?, reroute: GraphReroute<R>?)
        case routeGuard(R, GraphConditionSource<R>, GraphGuardFallback<R>)
        case event(name: String, precondition: GraphConditionSource<R>?, changes: [(String, Bool)], steps: [GraphEventStep<R>])
        case deepLink(DeepLink<R>)
        case invariant(name: String, GraphConditionSource<R>)
        /// A ``Property``: can-reach, or never-until.
        case property(name: String, PropertyRuleSource)
        /// A `within:` limit: a route's or group's name, or `all`, and the most user actions.
        case tapLimit(target: String, limit: Int)
        case bounds(GraphBounds)
        case ownership(R, owners: [GraphOwner<R>], style: OwnershipStyle, priority: RequestPriority)
        case deepLinkSettings(schemes: [String], hosts: [String], matching: DeepLinkMatching, underModals: NavigationPlanUnderModals)
        /// A ``Feature``'s boundary: its name and the routes (qualified) the app may enter it at.
        case featureBoundary(name: String, entries: [String])
    }

    /// What a ``Property`` says, its conditions as written.
    enum PropertyRuleSource: Sendable {
        case canReach(from: GraphConditionSource<R>, target: GraphConditionSource<R>)
        case never(after: GraphConditionSource<R>, never: GraphConditionSource<R>, until: GraphConditionSource<R>?)
    }

    let kind: Kind
    /// The feature whose graph the component comes from, or `nil` for the app's own.
    let feature: String?
    let file: String
    let line: Int
    /// The column of the call that made the component, so lint findings and SARIF point at it.
    let column: Int

    init(kind: Kind, file: String, line: Int, column: Int = 1, feature: String? = nil) {
        self.kind = kind
        self.feature = feature
        self.file = file
        self.line = line
        self.column = column
    }

    /// Where the component was written, as lint findings and SARIF results show it: a
    /// feature's components at the `Feature` call, in its file (which may not be the graph's).
    var location: SourceLocation { SourceLocation(line: line, column: column, file: feature == nil ? nil : file) }
}

/// Something that can appear in a graph's builder block.
public protocol GraphContent<RouteType> {
    associatedtype RouteType: GraphRoute
    /// The declarations this item contributes.
    var components: [GraphComponent<RouteType>] { get }
}

/// Collects a Swift graph's declarations.
@resultBuilder
public enum NavigationGraphBuilder<R: GraphRoute> {
    public static func buildExpression<C: GraphContent>(_ content: C) -> [GraphComponent<R>] where C.RouteType == R { content.components }
    public static func buildBlock(_ parts: [GraphComponent<R>]...) -> [GraphComponent<R>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [GraphComponent<R>]?) -> [GraphComponent<R>] { part ?? [] }
    public static func buildEither(first: [GraphComponent<R>]) -> [GraphComponent<R>] { first }
    public static func buildEither(second: [GraphComponent<R>]) -> [GraphComponent<R>] { second }
    public static func buildArray(_ parts: [[GraphComponent<R>]]) -> [GraphComponent<R>] { parts.flatMap { $0 } }
}
