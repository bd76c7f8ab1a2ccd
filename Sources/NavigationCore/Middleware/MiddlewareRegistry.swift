/// A handle to a registered middleware, for removing or replacing it later.
public struct MiddlewareHandle: Hashable, Sendable, CustomStringConvertible {
    let id: UInt64
    public var description: String { "middleware#\(id)" }
}

/// The ordered list of middleware a command passes through, first to last.
///
/// ```swift
/// var registry = MiddlewareRegistry<ShopRoute>()
/// let guardHandle = registry.add(SignInGuard(), name: "sign-in guard")
/// registry.insert(logger, name: "logger", at: 0)   // runs first
/// registry.remove(guardHandle)
/// ```
public struct MiddlewareRegistry<R: Route>: Sendable {
    /// One registered middleware.
    public struct Entry: Sendable {
        public let handle: MiddlewareHandle
        /// The debug name shown in cancellations and diagnostics.
        public let name: String
        public let middleware: any NavigationMiddleware<R>
    }

    /// The middleware in the order it runs.
    public private(set) var entries: [Entry] = []
    private var nextID: UInt64 = 1

    public init() {}

    /// The debug names in the order the middleware runs.
    public var names: [String] { entries.map(\.name) }

    /// Whether no middleware is registered.
    public var isEmpty: Bool { entries.isEmpty }

    /// Appends `middleware` to the end of the chain.
    @discardableResult
    public mutating func add(_ middleware: any NavigationMiddleware<R>, name: String) -> MiddlewareHandle {
        insert(middleware, name: name, at: entries.count)
    }

    /// Inserts `middleware` at `index` in the chain (clamped to the chain's bounds).
    @discardableResult
    public mutating func insert(_ middleware: any NavigationMiddleware<R>, name: String, at index: Int) -> MiddlewareHandle {
        let handle = MiddlewareHandle(id: nextID)
        nextID += 1
        let position = min(max(index, 0), entries.count)
        entries.insert(Entry(handle: handle, name: name, middleware: middleware), at: position)
        return handle
    }

    /// Removes the middleware behind `handle`. Returns whether it was registered.
    @discardableResult
    public mutating func remove(_ handle: MiddlewareHandle) -> Bool {
        guard let index = entries.firstIndex(where: { $0.handle == handle }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Puts `middleware` in the place of the one behind `handle`, keeping the handle and, unless
    /// a new one is given, the name. Returns whether `handle` was registered.
    @discardableResult
    public mutating func replace(_ handle: MiddlewareHandle, with middleware: any NavigationMiddleware<R>, name: String? = nil) -> Bool {
        guard let index = entries.firstIndex(where: { $0.handle == handle }) else { return false }
        entries[index] = Entry(handle: handle, name: name ?? entries[index].name, middleware: middleware)
        return true
    }
}
