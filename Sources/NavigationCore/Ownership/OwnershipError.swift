/// Why a ``RouteOwnership`` could not be made.
public enum OwnershipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two declarations own the same route.
    case duplicateRoute(String)
    /// A declaration names no owner.
    case noOwners(route: String)

    public var description: String {
        switch self {
        case .duplicateRoute(let route):
            "route '\(route)' is owned by two declarations; list all its owners in one"
        case .noOwners(let route):
            "route '\(route)' is declared owned but names no owner; add a route, a tab or the app as its owner"
        }
    }
}
