import NavigationCore

/// How a transition presents its destination.
public enum TransitionStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Push onto the active stack.
    case push
    /// Present as a sheet (the user can swipe it away).
    case sheet
    /// Present as a full-screen cover.
    case cover
    /// Replace the active stack's top with the destination.
    case replace
}

/// An allowed move from one route to another, and the condition under which it is offered.
public struct TransitionDeclaration<R: Route>: Sendable {
    public let from: String
    public let to: String
    public let style: TransitionStyle
    /// When present, the transition is only possible while the condition holds.
    public let condition: GraphCondition<R>?
    public let location: SourceLocation?

    public init(from: String, to: String, style: TransitionStyle = .push, condition: GraphCondition<R>? = nil, location: SourceLocation? = nil) {
        self.from = from
        self.to = to
        self.style = style
        self.condition = condition
        self.location = location
    }
}
