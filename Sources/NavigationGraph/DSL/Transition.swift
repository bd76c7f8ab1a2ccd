import NavigationCore

/// Marks the style of a ``Transition`` at the type level, so `Push`, `Sheet`, `Cover` and
/// `Replace` read as their own declarations.
public protocol TransitionStyleMarker: Sendable {
    static var style: TransitionStyle { get }
}

public enum PushStyle: TransitionStyleMarker { public static var style: TransitionStyle { .push } }
public enum SheetStyle: TransitionStyleMarker { public static var style: TransitionStyle { .sheet } }
public enum CoverStyle: TransitionStyleMarker { public static var style: TransitionStyle { .cover } }
public enum ReplaceStyle: TransitionStyleMarker { public static var style: TransitionStyle { .replace } }
public enum RequestStyle: TransitionStyleMarker { public static var style: TransitionStyle { .request } }
/// Marks a ``Show``, whose style is a value given to each initialiser rather than its type; its
/// own ``style`` is never read.
public enum ValueStyle: TransitionStyleMarker { public static var style: TransitionStyle { .push } }

/// An allowed move between two routes, offered only while `when` holds:
/// `Push(.catalog, .product(id: 1))`, `Sheet(.catalog, .signIn, when: "not signedIn")`.
///
/// The destination's value is what the move brings in: `Push(.profile, .accountDetail(id: "me"))`
/// pushes `accountDetail(id: "me")` and no other account. To let the explorer try every declared
/// sample of a route instead, name it with `eachSampleOf:`:
/// `Push(.timeline, eachSampleOf: .status(id: 1))` pushes each `.status` in ``GraphRoute/graphSamples``.
/// A written value must be one of the route's samples. The source is a route name: the move is
/// offered whatever value of `from` is on top.
///
/// `reroute:` makes the move fail with "reroute to X" while a condition holds: X is requested
/// and the move tried once more (``GraphReroute``):
/// `Push(.product, .checkout, reroute: .to(.accountPicker, when: "not (stack contains accountPicker)"))`.
public struct Transition<R: GraphRoute, Style: TransitionStyleMarker>: GraphContent {
    public let components: [GraphComponent<R>]

    /// A move that brings in exactly `to`.
    public init(_ from: R, _ to: R, when condition: GraphConditionSource<R>? = nil, reroute: GraphReroute<R>? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(from, to, exact: true, style: Style.style, condition: condition, reroute: reroute, fileID: fileID, line: line, column: column)
    }

    /// A move that brings in each declared sample of the route `to` names (its value only picks
    /// the route).
    public init(_ from: R, eachSampleOf to: R, when condition: GraphConditionSource<R>? = nil, reroute: GraphReroute<R>? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(from, to, exact: false, style: Style.style, condition: condition, reroute: reroute, fileID: fileID, line: line, column: column)
    }

    /// The one route-to-route component every initialiser makes.
    init(_ from: R, _ to: R, exact: Bool, style: TransitionStyle, condition: GraphConditionSource<R>?, reroute: GraphReroute<R>?,
         fileID: String, line: Int, column: Int) {
        components = [GraphComponent(kind: .transition(from: from, to: to, exact: exact, style: style, condition: condition, reroute: reroute),
                                     file: fileID, line: line, column: column)]
    }

    /// A move from each member of `from` (or from every route, for ``RouteGroup/everyRoute``) to exactly `to`.
    public init(_ from: RouteGroup<R>, _ to: R, when condition: GraphConditionSource<R>? = nil, reroute: GraphReroute<R>? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .groupTransition(from: .group(from), to: .route(to), style: Style.style, condition: condition, reroute: reroute), file: fileID, line: line, column: column)]
    }

    /// A move from `from` to each member of `to`, each the value written in the group.
    public init(_ from: R, _ to: RouteGroup<R>, when condition: GraphConditionSource<R>? = nil, reroute: GraphReroute<R>? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .groupTransition(from: .route(from), to: .group(to), style: Style.style, condition: condition, reroute: reroute), file: fileID, line: line, column: column)]
    }

    /// A move from each member of `from` (or every route) to each member of `to`.
    public init(_ from: RouteGroup<R>, _ to: RouteGroup<R>, when condition: GraphConditionSource<R>? = nil, reroute: GraphReroute<R>? = nil, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .groupTransition(from: .group(from), to: .group(to), style: Style.style, condition: condition, reroute: reroute), file: fileID, line: line, column: column)]
    }
}

public typealias Push<R: GraphRoute> = Transition<R, PushStyle>
public typealias Sheet<R: GraphRoute> = Transition<R, SheetStyle>
public typealias Cover<R: GraphRoute> = Transition<R, CoverStyle>
public typealias Replace<R: GraphRoute> = Transition<R, ReplaceStyle>
/// A request: `Request(.article, .login)` asks for `login`, and its nearest visible owner
/// (see ``Owned``) presents it, or the request is dropped.
public typealias Request<R: GraphRoute> = Transition<R, RequestStyle>
/// A move in a style given as a value: `Show(.catalog, .help, as: .modal(.sheet))`. Every style,
/// a modal style without a declaration of its own included, can be written this way.
public typealias Show<R: GraphRoute> = Transition<R, ValueStyle>

extension Transition where Style == ValueStyle {
    /// A move in `style` that brings in exactly `to`.
    public init(_ from: R, _ to: R, as style: TransitionStyle, when condition: GraphConditionSource<R>? = nil, reroute: GraphReroute<R>? = nil,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(from, to, exact: true, style: style, condition: condition, reroute: reroute, fileID: fileID, line: line, column: column)
    }

    /// A move in `style` that brings in each declared sample of the route `to` names.
    public init(_ from: R, eachSampleOf to: R, as style: TransitionStyle, when condition: GraphConditionSource<R>? = nil, reroute: GraphReroute<R>? = nil,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(from, to, exact: false, style: style, condition: condition, reroute: reroute, fileID: fileID, line: line, column: column)
    }
}
