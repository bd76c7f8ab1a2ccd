/// Why a ``RouteStackValidator`` rejected a stack.
public enum RouteStackViolation<R: Route>: Hashable, Sendable {
    /// The stack would hold no route.
    case empty
    /// The stack would start with `actual` instead of `expected`.
    case wrongRoot(expected: R, actual: R?)
    /// `route` would be on the stack twice.
    case duplicateRoute(R)
    /// The stack would hold `depth` routes, more than `limit`.
    case tooDeep(depth: Int, limit: Int)
    /// A custom validator's own reason.
    case custom(String)
}

extension RouteStackViolation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty:
            "the stack would be empty; keep at least its root route"
        case .wrongRoot(let expected, let actual):
            "the stack would start with \(actual.map { "\($0)" } ?? "nothing") instead of \(expected)"
        case .duplicateRoute(let route):
            "\(route) would be on the stack twice; pop back to it instead of pushing it again"
        case .tooDeep(let depth, let limit):
            "the stack would be \(depth) deep, over its limit of \(limit); pop before pushing more"
        case .custom(let reason):
            reason
        }
    }
}
