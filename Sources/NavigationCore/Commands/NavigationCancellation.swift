/// A middleware's refusal of a command: who refused and why.
public struct NavigationCancellation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The debug name of the middleware that cancelled.
    public let middleware: String
    /// The middleware's reason.
    public let reason: String

    public init(middleware: String, reason: String) {
        self.middleware = middleware
        self.reason = reason
    }

    public var description: String { "\(middleware): \(reason)" }
}
