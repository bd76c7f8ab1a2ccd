/// One problem lint found in a graph.
public struct LintFinding: Hashable, Sendable, CustomStringConvertible {
    /// How serious a finding is. Errors stop exploration; warnings do not.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case warning, error

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
    }

    /// A stable identifier, e.g. `unknown-route`, for filtering and for SARIF rules.
    public let rule: String
    public let severity: Severity
    /// What is wrong.
    public let message: String
    /// How to fix it.
    public let remedy: String
    /// Where in the graph document, when the graph came from one.
    public let location: SourceLocation?

    /// `file:line:column: severity: message [rule]; remedy`.
    public func formatted(file: String?) -> String {
        let place = "\(file ?? "<graph>"):\(location.map { "\($0.line):\($0.column)" } ?? "1:1")"
        return "\(place): \(severity.rawValue): \(message) [\(rule)]; \(remedy)"
    }

    public var description: String { formatted(file: nil) }
}
