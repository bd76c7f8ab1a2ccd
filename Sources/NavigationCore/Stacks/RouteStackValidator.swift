/// A rule every stack must satisfy after every command.
///
/// The engine runs the validator on each stack a command changes. A command whose outcome
/// breaks the rule fails with ``NavigationFailure/validatorRejected(_:at:)`` and leaves the
/// state exactly as it was.
///
/// ```swift
/// let rules = NavigationRules<ShopRoute>(
///     stackValidator: .combined(.nonEmpty, .uniqueRoutes, .maxDepth(6))
/// )
/// ```
public struct RouteStackValidator<R: Route>: Sendable {
    /// A short name shown in diagnostics, e.g. `maxDepth(6)`.
    public let name: String
    private let check: @Sendable ([R]) -> RouteStackViolation<R>?

    /// Creates a validator from a check that returns a violation, or `nil` when the routes are fine.
    ///
    /// - Parameters:
    ///   - name: A short name for diagnostics.
    ///   - check: Called with the stack's routes, root first. Must be pure and deterministic:
    ///     the explorer calls it for every state it visits.
    public init(name: String, check: @escaping @Sendable ([R]) -> RouteStackViolation<R>?) {
        self.init(name: name, acceptsEveryNonEmptyStack: false, check: check)
    }

    @usableFromInline
    init(name: String, acceptsEveryNonEmptyStack: Bool, check: @escaping @Sendable ([R]) -> RouteStackViolation<R>?) {
        self.name = name
        self.acceptsEveryNonEmptyStack = acceptsEveryNonEmptyStack
        self.check = check
    }

    /// Whether this validator is known to accept every stack that holds a route (``any`` and
    /// ``nonEmpty``), so the engine can skip calling it after a push, or a pop that leaves a
    /// route. A validator made from a closure is never assumed to.
    let acceptsEveryNonEmptyStack: Bool

    /// Returns the first rule the routes break, or `nil`.
    public func violation(in routes: [R]) -> RouteStackViolation<R>? {
        check(routes)
    }

    /// Accepts every stack.
    @inlinable
    public static var any: Self {
        Self(name: "any", acceptsEveryNonEmptyStack: true) { _ in nil }
    }

    /// Rejects an empty stack: there must always be a screen to show.
    @inlinable
    public static var nonEmpty: Self {
        Self(name: "nonEmpty", acceptsEveryNonEmptyStack: true) { $0.isEmpty ? .empty : nil }
    }

    /// Requires `root` as the first route.
    @inlinable
    public static func rooted(at root: R) -> Self {
        Self(name: "rooted(at: \(root))") { routes in
            routes.first == root ? nil : .wrongRoot(expected: root, actual: routes.first)
        }
    }

    /// Rejects a stack that holds the same route twice.
    @inlinable
    public static var uniqueRoutes: Self {
        Self(name: "uniqueRoutes") { routes in
            var seen = Set<R>()
            for route in routes where !seen.insert(route).inserted {
                return .duplicateRoute(route)
            }
            return nil
        }
    }

    /// Rejects a stack deeper than `limit` routes (the root counts).
    @inlinable
    public static func maxDepth(_ limit: Int) -> Self {
        precondition(limit >= 1, "maxDepth needs a limit of at least 1, got \(limit)")
        return Self(name: "maxDepth(\(limit))") { routes in
            routes.count > limit ? .tooDeep(depth: routes.count, limit: limit) : nil
        }
    }

    /// Applies each validator in order; the first violation wins.
    public static func combined(_ validators: Self...) -> Self {
        combined(validators)
    }

    /// Applies each validator in order; the first violation wins.
    public static func combined(_ validators: [Self]) -> Self {
        Self(name: validators.map(\.name).joined(separator: " + ")) { routes in
            for validator in validators {
                if let violation = validator.violation(in: routes) { return violation }
            }
            return nil
        }
    }
}
