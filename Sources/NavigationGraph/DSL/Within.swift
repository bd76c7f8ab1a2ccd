/// A limit on how many user actions a screen may need from launch, the Swift form of a
/// document's `within:` entry: `Within(.checkout, taps: 3)`, `Within(editors, taps: 2)` for
/// every member of a ``RouteGroup``, `Within.all(taps: 6)` for every route. The checker's
/// `within` property fails, with a shortest path, when a named route needs more.
public struct Within<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    /// A limit on `route`'s user actions from launch.
    ///
    /// - Parameters:
    ///   - route: the route.
    ///   - taps: the most user actions (taps, Back, swipes, tab selections) it may need.
    ///   - fileID: where the limit is written, for lint and reports.
    ///   - line: the line.
    ///   - column: the column.
    public init(_ route: R, taps: Int, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(target: route.graphName, taps: taps, fileID: fileID, line: line, column: column)
    }

    /// A limit on each member of `group`.
    ///
    /// - Parameters:
    ///   - group: the group, whose every member must be within the limit.
    ///   - taps: the most user actions each member may need.
    ///   - fileID: where the limit is written, for lint and reports.
    ///   - line: the line.
    ///   - column: the column.
    public init(_ group: RouteGroup<R>, taps: Int, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(target: group.name, taps: taps, fileID: fileID, line: line, column: column)
    }

    /// A limit on every declared route.
    ///
    /// - Parameters:
    ///   - taps: the most user actions any route may need.
    ///   - fileID: where the limit is written, for lint and reports.
    ///   - line: the line.
    ///   - column: the column.
    public static func all(taps: Int, fileID: String = #fileID, line: Int = #line, column: Int = #column) -> Within {
        Within(target: NavigationGraph<R>.TapLimit.everyRoute, taps: taps, fileID: fileID, line: line, column: column)
    }

    private init(target: String, taps: Int, fileID: String, line: Int, column: Int) {
        components = [GraphComponent(kind: .tapLimit(target: target, limit: taps), file: fileID, line: line, column: column)]
    }
}
