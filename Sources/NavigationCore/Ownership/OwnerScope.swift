/// A scope that can own routes: a route on some stack, a tab, or the app root.
///
/// A route's owner presents it when it is requested (see ``NavigationCommand/request(_:)``):
/// the request walks from the active scope outwards and the first scope that owns the route
/// presents it. Routes are named as ``RouteOwnership/routeName`` spells them.
///
/// ```swift
/// let owners: [OwnerScope] = [.route("article"), .tab("search"), .app]
/// ```
public enum OwnerScope: Hashable, Sendable, Codable {
    /// Any route of this name, wherever it sits on a visible stack.
    case route(String)
    /// A tab: it presents from its stack's current top.
    case tab(TabID)
    /// The app root, the outermost scope: it presents above the selected tab.
    case app
}

extension OwnerScope: CustomStringConvertible {
    /// `app`, `tab:<name>`, or the route's name: how graph documents write an owner.
    public var description: String {
        switch self {
        case .route(let name): name
        case .tab(let tab): "tab:\(tab.name)"
        case .app: "app"
        }
    }
}
