/// The shape of the URLs one mapping accepts, e.g. `/products/:id` or `/help/*`.
///
/// Syntax, segment by segment after a leading `/`:
/// - a literal (`products`) matches exactly that segment, compared after percent-decoding;
/// - `:name` matches any one segment and captures it as parameter `name`;
/// - `*`, last only, matches the rest of the path (zero or more segments) and captures it,
///   joined with `/`, as parameter `*`.
///
/// After the path, `?key=:name&…` declares optional query captures: when the URL has query
/// item `key`, its value is captured as parameter `name`. Query items the pattern does not
/// name are ignored.
public struct DeepLinkPattern: Hashable, Sendable, CustomStringConvertible {
    /// One path segment of a pattern.
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
        case wildcard
    }

    /// One optional query capture: URL item `key` into parameter `parameter`.
    public struct QueryCapture: Hashable, Sendable {
        public let key: String
        public let parameter: String
    }

    /// The pattern as written.
    public let text: String
    /// The path segments.
    public let segments: [Segment]
    /// The optional query captures.
    public let queryCaptures: [QueryCapture]

    public var description: String { text }

    /// Every parameter the pattern can capture: path parameters, query captures, and `*` for a
    /// terminal wildcard.
    public var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
            + queryCaptures.map(\.parameter)
            + (segments.last == .wildcard ? ["*"] : [])
    }

    /// Parses a pattern, returning the problems found instead of throwing, so a matcher can
    /// report every problem of every pattern at once.
    public static func parse(_ text: String) -> (pattern: DeepLinkPattern?, problems: [DeepLinkDiagnostic.Kind]) {
        var problems: [DeepLinkDiagnostic.Kind] = []
        var pathPart = Substring(text)
        var queryPart: Substring = ""
        if let question = pathPart.firstIndex(of: "?") {
            queryPart = pathPart[pathPart.index(after: question)...]
            pathPart = pathPart[..<question]
        }
        var rawSegments = pathPart.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if rawSegments.first == "" { rawSegments.removeFirst() }
        if rawSegments.last == "" { rawSegments.removeLast() }

        var names = Set<String>()
        func claim(_ name: String) {
            if !isIdentifier(name) {
                problems.append(.invalidParameterName(name))
            } else if !names.insert(name).inserted {
                problems.append(.duplicateParameterName(name))
            }
        }

        var segments: [Segment] = []
        for (index, raw) in rawSegments.enumerated() {
            if raw == "*" {
                if index != rawSegments.count - 1 { problems.append(.nonTerminalWildcard) }
                segments.append(.wildcard)
            } else if raw.hasPrefix(":") {
                let name = String(raw.dropFirst())
                claim(name)
                segments.append(.parameter(name))
            } else if raw.isEmpty || raw == "." || raw == ".." {
                problems.append(.emptyOrDotSegment(index: index))
            } else {
                segments.append(.literal(raw))
            }
        }

        var captures: [QueryCapture] = []
        for item in queryPart.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].hasPrefix(":"), !parts[0].isEmpty else {
                problems.append(.invalidQueryCapture(String(item)))
                continue
            }
            let name = String(parts[1].dropFirst())
            claim(name)
            captures.append(QueryCapture(key: String(parts[0]), parameter: name))
        }

        guard problems.isEmpty else { return (nil, problems) }
        return (DeepLinkPattern(text: text, segments: segments, queryCaptures: captures), [])
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// The parameters this pattern captures from the path segments `path` and the query items
    /// of `url`, or `nil` when the path does not fit.
    public func match(_ path: [String], in url: DeepLinkURL) -> DeepLinkParameters? {
        var values: [String: String] = [:]
        var index = 0
        for segment in segments {
            switch segment {
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
            case .parameter(let name):
                guard index < path.count else { return nil }
                values[name] = path[index]
            case .wildcard:
                values["*"] = path[index...].joined(separator: "/")
                index = path.count
                continue
            }
            index += 1
        }
        guard index == path.count else { return nil }
        for capture in queryCaptures {
            if let value = url.queryValue(capture.key) { values[capture.parameter] = value }
        }
        return DeepLinkParameters(values)
    }

    /// Whether every path this pattern's successor `later` accepts is already accepted by this
    /// pattern, so `later` can never win.
    func covers(_ later: DeepLinkPattern) -> Bool {
        for (index, segment) in segments.enumerated() {
            if segment == .wildcard { return true }
            guard index < later.segments.count else { return false }
            switch (segment, later.segments[index]) {
            case (.literal(let mine), .literal(let theirs)) where mine == theirs: continue
            case (.parameter, .literal), (.parameter, .parameter): continue
            default: return false
            }
        }
        return segments.count == later.segments.count
    }

    /// The pattern with parameter names erased, for spotting duplicates.
    var shape: [Segment] {
        segments.map { if case .parameter = $0 { .parameter("") } else { $0 } }
    }
}
