/// An ordered stack of routes: the root first, the visible screen last.
///
/// A `RouteStack` is a plain value. It changes only through ``NavigationEngine``, which checks
/// the stack's ``RouteStackValidator`` after every command, so an app can never reach a stack
/// its rules forbid.
///
/// ```swift
/// let stack = RouteStack<ShopRoute>([.catalog, .product(id: 7)])
/// stack.top   // .product(id: 7)
/// stack.depth // 2
/// ```
public struct RouteStack<R: Route>: Hashable, Sendable {
    /// The routes from the root (first) to the visible screen (last).
    public internal(set) var routes: [R]

    /// Creates a stack holding `routes`, root first.
    public init(_ routes: [R]) {
        self.routes = routes
    }

    /// Creates a stack holding only `root`.
    public init(root: R) {
        self.routes = [root]
    }

    /// The first route, or `nil` when the stack is empty.
    @inlinable
    public var root: R? { routes.first }

    /// The visible route, or `nil` when the stack is empty.
    @inlinable
    public var top: R? { routes.last }

    /// The number of routes on the stack.
    @inlinable
    public var depth: Int { routes.count }

    /// Whether the stack holds no route.
    @inlinable
    public var isEmpty: Bool { routes.isEmpty }

    /// Whether `route` is anywhere on the stack.
    @inlinable
    public func contains(_ route: R) -> Bool { routes.contains(route) }

    /// How many times `route` is on the stack.
    @inlinable
    public func count(of route: R) -> Int {
        routes.reduce(0) { $1 == route ? $0 + 1 : $0 }
    }
}

extension RouteStack: CustomStringConvertible {
    public var description: String {
        "[" + routes.map { String(describing: $0) }.joined(separator: " › ") + "]"
    }
}
