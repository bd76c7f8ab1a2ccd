/// Which ``ModalScope`` each presented modal gets: one scope for the app, and, for apps that mix
/// an app-level sheet with per-tab sheets, a scope per presented route.
///
/// A modal is tab-scoped when its route's scope is ``ModalScope/tab`` and it is presented from
/// a tab's stack or from another tab-scoped modal; a modal presented over a window-level modal
/// belongs to the window whatever its route says, so a tab's own layers always lie below the
/// window's (see ``NavigationState/modals``).
///
/// ```swift
/// // Per-tab sheets, but the sign-in sheet is the app's:
/// let scopes = ModalScopeRules<AppRoute>(.tab) { route in route == .signIn ? .window : nil }
/// ```
public struct ModalScopeRules<R: Route>: Sendable {
    /// The scope of a presented route that ``routeScope`` says nothing about.
    public var scope: ModalScope
    /// A presented route's own scope, overriding ``scope``; `nil` (the function, or its answer)
    /// for the app's.
    public var routeScope: (@Sendable (R) -> ModalScope?)?

    /// Rules giving every modal `scope`, or, where `routeScope` answers, the route's own.
    ///
    /// - Parameters:
    ///   - scope: The app's scope (``ModalScope/window`` by default: today's meaning).
    ///   - routeScope: A presented route's own scope, or `nil` for the app's.
    public init(_ scope: ModalScope = .window, routeScope: (@Sendable (R) -> ModalScope?)? = nil) {
        self.scope = scope
        self.routeScope = routeScope
    }

    /// The scope `route` is presented in, from a tab's stack.
    @inlinable
    public func scope(of route: R) -> ModalScope {
        routeScope?(route) ?? scope
    }

    /// Whether some modal may be tab-scoped: the app's scope is ``ModalScope/tab`` or some route
    /// may say so. When `false`, every modal is the window's, as before modal scopes existed.
    public var mayScopeToTab: Bool { scope == .tab || routeScope != nil }
}
