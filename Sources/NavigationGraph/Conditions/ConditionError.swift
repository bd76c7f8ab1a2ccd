/// A condition that does not parse: what was expected, where, and how to fix it.
public struct ConditionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. "expected a route name after 'top ==', found end of condition".
    public let message: String
    /// Where, within the condition text.
    public let location: SourceLocation
    /// How to fix it.
    public let remedy: String

    public var description: String { "\(location): \(message); \(remedy)" }
}
