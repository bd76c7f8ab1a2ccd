import NavigationCore

/// Values by route, for lookups the explorer makes on every state: for ``DynamicRoute``s (what
/// documents load into) an array indexed by the route's process-wide number, so nothing is
/// hashed; for other route types a dictionary.
struct RouteMap<R: Route, Value> {
    private var byNumber: [Value?] = []
    private var byRoute: [R: Value] = [:]

    init() {}

    subscript(route: R) -> Value? {
        get {
            if R.self == DynamicRoute.self {
                let number = Self.number(of: route)
                return number < byNumber.count ? byNumber[number] : nil
            }
            return byRoute[route]
        }
        set {
            if R.self == DynamicRoute.self {
                let number = Self.number(of: route)
                if number >= byNumber.count {
                    byNumber.append(contentsOf: repeatElement(nil, count: number + 1 - byNumber.count))
                }
                byNumber[number] = newValue
            } else {
                byRoute[route] = newValue
            }
        }
    }

    /// A ``DynamicRoute``'s number; only called when `R` is `DynamicRoute`.
    private static func number(of route: R) -> Int {
        Int(unsafeBitCast(route, to: DynamicRoute.self).internedNumber)
    }
}

extension RouteMap: Sendable where Value: Sendable {}
