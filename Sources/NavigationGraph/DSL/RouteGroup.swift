import NavigationCore

/// A named set of routes a Swift graph uses as a transition's source or destination, and in
/// conditions (`"stack contains editors"` means any member):
///
/// ```swift
/// let editors = RouteGroup<AppRoute>("editors", [.newStatus, .reply(id: 1), .quote(id: 1)])
/// let graph = try NavigationGraph<AppRoute>("App") {
///     editors
///     Push(editors, .home)                  // from each editor
///     Sheet(.timeline, editors)             // to each editor, the value written
///     Push(.everyRoute, .profile(id: 1))    // from every route
///     Invariant("one editor", "count(newStatus) <= 1")
/// }
/// ```
///
/// Members are named by value like any destination; the group records their route names. A
/// transition over a group becomes one ordinary transition per member when the graph is built.
public struct RouteGroup<R: GraphRoute>: GraphContent, Sendable {
    /// The group's name, as conditions and exported documents write it.
    public let name: String
    /// The member routes, in the order given.
    public let members: [R]
    let isEveryRoute: Bool
    private let file: String
    private let line: Int
    private let column: Int

    public var components: [GraphComponent<R>] {
        isEveryRoute ? [] : [GraphComponent(kind: .group(self), file: file, line: line, column: column)]
    }

    /// A group called `name` of `members`.
    public init(_ name: String, _ members: [R], fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.name = name
        self.members = members
        self.isEveryRoute = false
        self.file = fileID
        self.line = line
        self.column = column
    }

    private init(everyRouteAt fileID: String, line: Int, column: Int) {
        name = NavigationGraph<R>.Group.everyRoute
        members = []
        isEveryRoute = true
        file = fileID
        self.line = line
        self.column = column
    }

    /// Every route of the graph, as a transition's source only: `Push(.everyRoute, .profile(id: 1))`
    /// offers the move whatever is on top. A document writes it `from: "*"`.
    public static var everyRoute: RouteGroup<R> { RouteGroup(everyRouteAt: #fileID, line: #line, column: #column) }
}
