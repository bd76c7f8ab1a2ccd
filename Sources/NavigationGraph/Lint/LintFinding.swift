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
    /// Where in the graph document, when the graph came from one; in a feature's document when
    /// ``SourceLocation/file`` says so.
    public let location: SourceLocation?
    /// The feature the finding is about (`people` for a finding about `people.detail` or written
    /// in the people feature's document), or `nil` for the app graph's own declarations.
    public let feature: String?

    public init(rule: String, severity: Severity, message: String, remedy: String, location: SourceLocation?, feature: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.remedy = remedy
        self.location = location
        self.feature = feature
    }

    /// `file:line:column: severity: message [rule]; remedy`, in the feature's file when the
    /// finding is written in one, `file` otherwise.
    public func formatted(file: String?) -> String {
        let place = "\(location?.path(in: file) ?? file ?? "<graph>"):\(location.map { "\($0.line):\($0.column)" } ?? "1:1")"
        let about = feature.map { " (feature \($0))" } ?? ""
        return "\(place): \(severity.rawValue): \(message)\(about) [\(rule)]; \(remedy)"
    }

    public var description: String { formatted(file: nil) }

    /// The same finding about `feature`.
    func about(_ feature: String?) -> LintFinding {
        LintFinding(rule: rule, severity: severity, message: message, remedy: remedy, location: location, feature: feature)
    }
}
