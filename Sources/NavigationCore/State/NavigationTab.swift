/// One tab of the app: its name and its own stack.
public struct NavigationTab<R: Route>: Hashable, Sendable {
    /// The tab's name.
    public let id: TabID
    /// The tab's stack; its root is the tab's root screen.
    public internal(set) var stack: RouteStack<R>

    public init(id: TabID, stack: RouteStack<R>) {
        self.id = id
        self.stack = stack
    }

    /// Creates a tab whose stack holds only `root`.
    public init(id: TabID, root: R) {
        self.init(id: id, stack: RouteStack(root: root))
    }
}

extension NavigationTab: Codable where R: Codable {}
