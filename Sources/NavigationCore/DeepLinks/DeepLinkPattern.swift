/// The shape of the URLs one mapping accepts, e.g. `/products/:id` or `/help/*`.
///
/// Syntax, segment by segment after a leading `/`:
/// - a literal (`products`) matches exactly that segment, compared after percent-decoding;
/// - `:name` matches any one segment and captures it as parameter `name`;
/// - text around a parameter in one segment is matched literally and the rest captured:
///   `/@:user` matches `/@alice` with `user` = `alice`, `/:id.json` matches `/7.json` with
///   `id` = `7`. The name runs while it is made of letters, digits and `_`; the captured part is
///   never empty. One parameter per segment: `/:a-:b` is refused, since no rule could split
///   `x-y-z` between the two;
/// - `*`, last only, matches the rest of the path (zero or more segments) and captures it,
///   joined with `/`, as parameter `*`.
///
/// A parameter may say what it accepts, in parentheses after its name:
/// `/items/:id([A-Za-z0-9-]+)` (see ``DeepLinkParameterPattern``); a value outside it means the
/// pattern does not fit.
///
/// After the path, `?key=:name&…` declares optional query captures: when the URL has query
/// item `key`, its value is captured as parameter `name`. Query items the pattern does not
/// name are ignored, unless the configuration's ``DeepLinkMatching/unknownQuery`` rejects them.
public struct DeepLinkPattern: Hashable, Sendable, CustomStringConvertible {
    /// One path segment of a pattern.
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
        /// A parameter with literal text before and/or after it in the same segment, e.g.
        /// `@:user` (prefix `@`) or `:id.json` (suffix `.json`).
        case affixed(prefix: String, parameter: String, suffix: String)
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
    /// What each constrained parameter accepts (`:id([0-9]+)`), by parameter name.
    public let parameterPatterns: [String: DeepLinkParameterPattern]

    public var description: String { text }

    /// Every parameter the pattern can capture: path parameters, query captures, and `*` for a
    /// terminal wildcard.
    public var parameterNames: [String] {
        segments.compactMap {
            switch $0 {
            case .parameter(let name), .affixed(_, let name, _): name
            case .literal, .wildcard: nil
            }
        }
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
        var constraints: [String: DeepLinkParameterPattern] = [:]
        /// Takes `(…)` off the front of `text` as parameter `name`'s pattern; `false` when it is malformed.
        func constraint(_ name: String, in text: inout Substring) -> Bool {
            guard text.hasPrefix("(") else { return true }
            guard let close = text.firstIndex(of: "]").flatMap({ text[$0...].firstIndex(of: ")") }),
                  let parsed = DeepLinkParameterPattern.parse(text[text.index(after: text.startIndex)..<close]) else { return false }
            constraints[name] = parsed
            text = text[text.index(after: close)...]
            return true
        }
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
            } else if raw.isEmpty || raw == "." || raw == ".." {
                problems.append(.emptyOrDotSegment(index: index))
            } else if let colon = raw.firstIndex(of: ":") {
                let prefix = String(raw[..<colon])
                let rest = raw[raw.index(after: colon)...]
                let name = String(rest.prefix { isIdentifierCharacter($0) })
                var remainder = rest.dropFirst(name.count)
                guard constraint(name, in: &remainder) else {
                    problems.append(.invalidParameterPattern(raw))
                    continue
                }
                let suffix = String(remainder)
                if suffix.contains(":") {
                    problems.append(.twoParametersInSegment(raw))
                } else if suffix.contains("*") || prefix.contains("*") {
                    problems.append(.wildcardInSegment(raw))
                } else {
                    claim(name)
                    segments.append(prefix.isEmpty && suffix.isEmpty ? .parameter(name) : .affixed(prefix: prefix, parameter: name, suffix: suffix))
                }
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
            var name = String(parts[1].dropFirst())
            // `key=:name([a-z]+)`: the name, then what it accepts.
            let identifier = String(name.prefix { isIdentifierCharacter($0) })
            var remainder = parts[1].dropFirst().dropFirst(identifier.count)
            if remainder.hasPrefix("(") {
                guard constraint(identifier, in: &remainder), remainder.isEmpty else {
                    problems.append(.invalidParameterPattern(String(item)))
                    continue
                }
                name = identifier
            }
            claim(name)
            captures.append(QueryCapture(key: String(parts[0]), parameter: name))
        }

        guard problems.isEmpty else { return (nil, problems) }
        return (DeepLinkPattern(text: text, segments: segments, queryCaptures: captures, parameterPatterns: constraints), [])
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// The parameters this pattern captures from the path segments `path` and the query items
    /// of `url`, or `nil` when the path does not fit.
    ///
    /// With `unknownQuery` `.reject`, a query item the pattern does not capture keeps it from fitting.
    public func match(_ path: [String], in url: DeepLinkURL, unknownQuery: DeepLinkMatching.UnknownQuery = .ignore) -> DeepLinkParameters? {
        var values: [String: String] = [:]
        var index = 0
        for segment in segments {
            switch segment {
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
            case .parameter(let name):
                guard index < path.count else { return nil }
                values[name] = path[index]
            case .affixed(let prefix, let name, let suffix):
                guard index < path.count, let value = Self.between(prefix, suffix, in: path[index]) else { return nil }
                values[name] = value
            case .wildcard:
                values["*"] = path[index...].joined(separator: "/")
                index = path.count
                continue
            }
            index += 1
        }
        guard index == path.count else { return nil }
        if unknownQuery == .reject, url.queryItems.contains(where: { item in !queryCaptures.contains { $0.key == item.name } }) { return nil }
        for capture in queryCaptures {
            if let value = url.queryValue(capture.key) { values[capture.parameter] = value }
        }
        for (name, pattern) in parameterPatterns {
            if let value = values[name], !pattern.accepts(value) { return nil }
        }
        return DeepLinkParameters(values)
    }

    /// What lies between `prefix` and `suffix` in `segment`, when the segment starts and ends
    /// with them and something (never empty) is left between.
    static func between(_ prefix: String, _ suffix: String, in segment: String) -> String? {
        guard segment.count > prefix.count + suffix.count, segment.hasPrefix(prefix), segment.hasSuffix(suffix) else { return nil }
        return String(segment.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// Whether every path this pattern's successor `later` accepts is already accepted by this
    /// pattern, so `later` can never win.
    /// A parameter that says what it accepts covers only what it accepts: a literal it accepts,
    /// a parameter whose pattern it contains; anything else is taken as a mere overlap.
    func covers(_ later: DeepLinkPattern) -> Bool {
        for (index, segment) in segments.enumerated() {
            if segment == .wildcard { return true }
            guard index < later.segments.count else { return false }
            switch (segment, later.segments[index]) {
            case (.literal(let mine), .literal(let theirs)) where mine == theirs: continue
            case (.parameter(let name), .literal(let theirs)) where parameterPatterns[name].map({ $0.accepts(theirs) }) ?? true: continue
            case (.parameter(let name), .parameter(let theirs))
                where parameterPatterns[name].map({ $0.accepts(everyValueOf: later.parameterPatterns[theirs]) }) ?? true: continue
            case (.parameter(let name), .affixed) where parameterPatterns[name] == nil: continue
            case (.affixed(let prefix, let name, let suffix), .literal(let theirs))
                where Self.between(prefix, suffix, in: theirs).map({ value in parameterPatterns[name].map { $0.accepts(value) } ?? true }) ?? false: continue
            case (.affixed(let prefix, let name, let suffix), .affixed(let theirPrefix, _, let theirSuffix))
                where parameterPatterns[name] == nil && theirPrefix.hasPrefix(prefix) && theirSuffix.hasSuffix(suffix): continue
            default: return false
            }
        }
        return segments.count == later.segments.count
    }

    /// The pattern with parameter names erased, for spotting duplicates.
    var shape: [Segment] {
        segments.map {
            switch $0 {
            case .parameter: .parameter("")
            case .affixed(let prefix, _, let suffix): .affixed(prefix: prefix, parameter: "", suffix: suffix)
            case .literal, .wildcard: $0
            }
        }
    }
}
