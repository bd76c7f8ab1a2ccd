import NavigationCore

/// A condition in a graph: written in the condition language, or a Swift closure.
public struct GraphCondition<R: Route>: Sendable, CustomStringConvertible {
    /// The parsed expression, when the condition was written in the language.
    public let expression: Condition?
    /// How the condition reads: its text, or a closure's given name.
    public let text: String
    /// Where it was written in a graph document, if it came from one.
    public let location: SourceLocation?
    private let closure: (@Sendable (NavigationState<R>) -> Bool)?

    /// A condition in the language, e.g. `top == checkout implies signedIn`.
    public init(_ expression: Condition, text: String? = nil, location: SourceLocation? = nil) {
        self.expression = expression
        self.text = text ?? expression.description
        self.location = location
        self.closure = nil
    }

    /// A condition written in Swift. Lint cannot see inside it.
    public init(_ name: String, _ closure: @escaping @Sendable (NavigationState<R>) -> Bool) {
        self.expression = nil
        self.text = name
        self.location = nil
        self.closure = closure
    }

    /// Parses `text` as a condition.
    public static func parse(_ text: String, location: SourceLocation? = nil) throws(ConditionError) -> Self {
        Self(try Condition.parse(text), text: text, location: location)
    }

    /// The condition bound to `routeName`, ready to evaluate.
    // Specialized with a run-time type check rather than exported (an exported specialization of
    // this one failed to link under -cross-module-optimization): generic callers still reach the
    // specialized closures for DynamicRoute.
    @_specialize(where R == DynamicRoute)
    public func compile(routeName: @escaping @Sendable (R) -> String) -> @Sendable (NavigationState<R>) -> Bool {
        if let closure { return closure }
        guard let expression else { return { _ in true } }
        let compiled: CompiledCondition<R> = expression.compile(routeName: routeName)
        return compiled.evaluator
    }

    public var description: String { text }
}
