/// The ordered deep-link mappings of an app: URL → route (first declared match wins) and
/// route → URL path (reverse routing).
///
/// Building a matcher checks how the patterns were written and lists every problem in
/// ``diagnostics``: duplicates, patterns shadowed by an earlier wildcard or parameter,
/// non-terminal wildcards, invalid parameter names. The strict initializer throws instead.
///
/// ```swift
/// let matcher = try DeepLinkMatcher<ShopRoute>(strict: [product, cart])
/// ```
public struct DeepLinkMatcher<R: Route>: Sendable {
    /// The mappings in declaration order.
    public let mappings: [DeepLinkMapping<R>]
    /// Every authoring problem found, in mapping order.
    public let diagnostics: [DeepLinkDiagnostic]
    private let patterns: [DeepLinkPattern?]

    /// Builds a matcher, recording problems in ``diagnostics``. A pattern that does not parse
    /// never matches; a shadowed one is kept but can never win.
    public init(_ mappings: [DeepLinkMapping<R>]) {
        self.mappings = mappings
        var diagnostics: [DeepLinkDiagnostic] = []
        var patterns: [DeepLinkPattern?] = []
        for (index, mapping) in mappings.enumerated() {
            let (pattern, problems) = DeepLinkPattern.parse(mapping.patternText)
            for problem in problems {
                diagnostics.append(DeepLinkDiagnostic(mappingIndex: index, pattern: mapping.patternText, kind: problem, earlierPattern: nil))
            }
            if let pattern {
                for (earlierIndex, earlier) in patterns.enumerated() {
                    guard let earlier, earlier.covers(pattern) else { continue }
                    let kind: DeepLinkDiagnostic.Kind =
                        earlier.shape == pattern.shape ? .duplicatePattern(earlier: earlierIndex)
                        : earlier.segments.last == .wildcard ? .wildcardShadowing(by: earlierIndex)
                        : .parameterShadowing(by: earlierIndex)
                    diagnostics.append(DeepLinkDiagnostic(mappingIndex: index, pattern: mapping.patternText, kind: kind, earlierPattern: earlier.text))
                    break
                }
            }
            patterns.append(pattern)
        }
        self.patterns = patterns
        self.diagnostics = diagnostics
    }

    /// Builds a matcher, throwing every authoring problem found.
    ///
    /// - Throws: ``DeepLinkMatcherError`` when ``diagnostics`` would not be empty.
    public init(strict mappings: [DeepLinkMapping<R>]) throws(DeepLinkMatcherError) {
        self.init(mappings)
        guard diagnostics.isEmpty else { throw DeepLinkMatcherError(diagnostics: diagnostics) }
    }

    /// A matched link: the mapping that won, the parameters it captured and the route they mean.
    public struct Match: Sendable {
        public let mappingIndex: Int
        public let parameters: DeepLinkParameters
        public let route: R
        /// The mapping that won.
        public let mapping: DeepLinkMapping<R>
    }

    /// The first mapping whose pattern fits `segments` (and `url`'s query), and its route.
    ///
    /// - Parameters:
    ///   - segments: The path segments to match (a custom scheme's host first).
    ///   - url: The parsed URL, for its query items.
    ///   - unknownQuery: Whether a query item a pattern does not capture keeps that pattern from fitting.
    /// - Returns: `nil` when no pattern fits.
    /// - Throws: The winning mapping's ``DeepLinkRejection/invalidParameter(name:value:reason:)``
    ///   when its parameters do not make a route; later mappings are not tried.
    public func match(_ segments: [String], in url: DeepLinkURL, unknownQuery: DeepLinkMatching.UnknownQuery = .ignore) throws(DeepLinkRejection) -> Match? {
        for (index, pattern) in patterns.enumerated() {
            guard let pattern, let parameters = pattern.match(segments, in: url, unknownQuery: unknownQuery) else { continue }
            let mapping = mappings[index]
            return Match(mappingIndex: index, parameters: parameters, route: try mapping.makeRoute(parameters), mapping: mapping)
        }
        return nil
    }

    /// The URL path (and query) that stands for `route`, e.g. `/products/7?ref=mail`.
    ///
    /// Every value is percent-encoded outside `A–Z a–z 0–9 - _ ~`, so any value survives the
    /// trip back through ``match(_:in:unknownQuery:)``.
    ///
    /// - Throws: ``DeepLinkReverseError`` when no mapping stands for `route`, or a parameter
    ///   it needs is missing or empty.
    public func path(for route: R) throws(DeepLinkReverseError) -> String {
        try reverse(route).path
    }

    /// The URL path that stands for `route` and the mapping that wrote it (the first that
    /// stands for the route), whose preferred scheme and host a full URL uses.
    ///
    /// - Throws: what ``path(for:)`` throws.
    public func reverse(_ route: R) throws(DeepLinkReverseError) -> (path: String, mapping: DeepLinkMapping<R>) {
        for (index, mapping) in mappings.enumerated() {
            guard let pattern = patterns[index], let parameters = mapping.makeParameters(route) else { continue }
            var path = ""
            for segment in pattern.segments {
                switch segment {
                case .literal(let literal):
                    path += "/" + PercentEncoding.encode(literal)
                case .parameter(let name):
                    guard let value = parameters[name], !value.isEmpty else {
                        throw .missingParameter(name, pattern: pattern.text)
                    }
                    if let accepted = pattern.parameterPatterns[name], !accepted.accepts(value) {
                        throw .valueOutsidePattern(name, value: value, pattern: pattern.text)
                    }
                    path += "/" + PercentEncoding.encode(value)
                case .affixed(let prefix, let name, let suffix):
                    guard let value = parameters[name], !value.isEmpty else {
                        throw .missingParameter(name, pattern: pattern.text)
                    }
                    if let accepted = pattern.parameterPatterns[name], !accepted.accepts(value) {
                        throw .valueOutsidePattern(name, value: value, pattern: pattern.text)
                    }
                    path += "/" + PercentEncoding.encodeAffix(prefix) + PercentEncoding.encode(value) + PercentEncoding.encodeAffix(suffix)
                case .wildcard:
                    let rest = parameters["*"] ?? ""
                    for part in rest.split(separator: "/", omittingEmptySubsequences: false) where !rest.isEmpty {
                        guard !part.isEmpty else { throw .missingParameter("*", pattern: pattern.text) }
                        path += "/" + PercentEncoding.encode(String(part))
                    }
                }
            }
            if path.isEmpty { path = "/" }
            let query = pattern.queryCaptures.compactMap { capture in
                parameters[capture.parameter].map { PercentEncoding.encode(capture.key) + "=" + PercentEncoding.encode($0) }
            }
            if !query.isEmpty { path += "?" + query.joined(separator: "&") }
            return (path, mapping)
        }
        throw .noMapping(String(describing: route))
    }
}

/// Why reverse routing could not make a URL for a route.
public enum DeepLinkReverseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No mapping stands for the route.
    case noMapping(String)
    /// The mapping needs parameter `name`, and it is missing or empty (an empty segment would
    /// not survive the trip back).
    case missingParameter(String, pattern: String)
    /// The value of parameter `name` is outside what the pattern lets it be (`:id([0-9]+)` for
    /// `abc`): a URL made with it would not match back.
    case valueOutsidePattern(String, value: String, pattern: String)

    public var description: String {
        switch self {
        case .noMapping(let route): "no deep-link mapping stands for \(route); add one whose parameters closure returns a value for it"
        case .missingParameter(let name, let pattern): "pattern '\(pattern)' needs a non-empty value for parameter '\(name)'"
        case .valueOutsidePattern(let name, let value, let pattern):
            "pattern '\(pattern)' does not accept '\(value)' for parameter '\(name)'; widen the parameter's pattern or change the value"
        }
    }
}
