extension NavigationGraph {
    /// A `within:` entry: the routes it names must each be shown within `limit` user actions
    /// from launch (the checker's `within` property).
    ///
    /// ```yaml
    /// within:
    ///   checkout: 3      # a route
    ///   editors: 2       # a group: each member
    ///   all: 6           # every route
    /// ```
    public struct TapLimit: Hashable, Sendable {
        /// What stands for every declared route: `all`.
        public static var everyRoute: String { "all" }

        /// A route name, a group name, or ``everyRoute``.
        public let target: String
        /// The most user actions a named route may need.
        public let limit: Int
        public let location: SourceLocation?

        public init(target: String, limit: Int, location: SourceLocation? = nil) {
            self.target = target
            self.limit = limit
            self.location = location
        }
    }

    /// The route names `target` stands for: every route for `all`, a group's members, or the
    /// route itself; in declaration (or membership) order, empty for a name not declared.
    public func routes(namedBy target: String) -> [String] {
        if target == TapLimit.everyRoute { return routes.map(\.name) }
        if let group = groups.first(where: { $0.name == target }) { return group.members }
        return route(named: target) == nil ? [] : [target]
    }
}
