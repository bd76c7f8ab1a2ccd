/// A problem in how deep-link patterns were written, found when a matcher is built.
public struct DeepLinkDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// The pattern has the same shape as an earlier one (parameter names aside).
        case duplicatePattern(earlier: Int)
        /// An earlier pattern ending in `*` accepts every URL this one accepts.
        case wildcardShadowing(by: Int)
        /// An earlier pattern with a parameter where this one has a literal accepts every URL
        /// this one accepts, e.g. `/products/:id` before `/products/featured`.
        case parameterShadowing(by: Int)
        /// `*` appears before the last segment.
        case nonTerminalWildcard
        /// A `:name` whose name is not an identifier (letters, digits, `_`, not starting with a digit).
        case invalidParameterName(String)
        /// The same parameter name is captured twice in one pattern.
        case duplicateParameterName(String)
        /// A query part that is not `key=:name`.
        case invalidQueryCapture(String)
        /// An empty, `.` or `..` segment in the pattern.
        case emptyOrDotSegment(index: Int)
        /// A segment with two parameters, e.g. `:from-:to`: no rule says where one value ends.
        case twoParametersInSegment(String)
        /// A segment with text around a parameter that also holds `*`, e.g. `:id*`.
        case wildcardInSegment(String)
        /// A parameter's pattern outside the documented subset (``DeepLinkParameterPattern``),
        /// e.g. `:id(\d+)` or `:id([a-z]*)`.
        case invalidParameterPattern(String)
    }

    /// The index of the mapping whose pattern has the problem.
    public let mappingIndex: Int
    /// The pattern as written.
    public let pattern: String
    /// What is wrong.
    public let kind: Kind
    /// The pattern an earlier mapping declared, when the problem is shadowing or duplication.
    public let earlierPattern: String?

    public var description: String {
        let subject = "deep-link pattern #\(mappingIndex) '\(pattern)'"
        let earlier = earlierPattern ?? "an earlier pattern"
        switch kind {
        case .duplicatePattern(let index):
            return "\(subject) duplicates #\(index) '\(earlier)'; remove one of them"
        case .wildcardShadowing(let index):
            return "\(subject) can never match: wildcard pattern #\(index) '\(earlier)' accepts all its URLs first; declare it before #\(index)"
        case .parameterShadowing(let index):
            return "\(subject) can never match: #\(index) '\(earlier)' captures the same URLs with a parameter first; declare the literal pattern first"
        case .nonTerminalWildcard:
            return "\(subject) has '*' before its last segment; a wildcard must end the pattern"
        case .invalidParameterName(let name):
            return "\(subject) has invalid parameter name '\(name)'; use letters, digits and '_', not starting with a digit"
        case .duplicateParameterName(let name):
            return "\(subject) captures parameter '\(name)' twice; rename one"
        case .invalidQueryCapture(let item):
            return "\(subject) has query part '\(item)'; write query captures as key=:name"
        case .emptyOrDotSegment(let index):
            return "\(subject) has an empty, '.' or '..' segment at \(index); remove it"
        case .twoParametersInSegment(let segment):
            return "\(subject) has two parameters in segment '\(segment)', which is ambiguous: no rule says where the first value ends; put each parameter in its own segment, or separate them with '/'"
        case .wildcardInSegment(let segment):
            return "\(subject) has '*' in segment '\(segment)' next to a parameter; a wildcard is a whole segment of its own, at the end"
        case .invalidParameterPattern(let segment):
            return "\(subject) has a parameter pattern in '\(segment)' outside what patterns accept; write one bracket of ASCII characters and ranges, "
                + "then +, {n}, {m,} or {m,n}, e.g. :id([A-Za-z0-9-]+)"
        }
    }
}

/// The error a strict ``DeepLinkMatcher`` initializer throws: every diagnostic found.
public struct DeepLinkMatcherError: Error, Hashable, Sendable, CustomStringConvertible {
    public let diagnostics: [DeepLinkDiagnostic]

    public init(diagnostics: [DeepLinkDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
