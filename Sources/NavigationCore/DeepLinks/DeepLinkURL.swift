/// A URL taken apart for deep-link matching: scheme, host, decoded path segments, query items.
///
/// The parser is deliberately strict and bounded: it checks ``DeepLinkLimits`` before anything
/// else, accepts printable ASCII only, refuses empty, `.` and `..` segments and malformed
/// percent escapes, and never resolves anything. A single trailing `/` is allowed; the fragment
/// is ignored.
public struct DeepLinkURL: Hashable, Sendable {
    /// One `name=value` query item, percent-decoded (`+` reads as a space).
    public struct QueryItem: Hashable, Sendable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The scheme, lowercased (`shop`, `https`).
    public let scheme: String
    /// The scheme as written (`Shop`), for matching with case (``DeepLinkMatching``).
    public let writtenScheme: String
    /// Whether the path ends with a `/` after a segment (or after a custom scheme's host):
    /// `shop://items/7/`, not `https://shop.example/`.
    public let endsWithSlash: Bool
    /// The host as written, still percent-encoded; empty for `scheme:/path`.
    public let host: String
    /// The path segments, percent-decoded.
    public let pathSegments: [String]
    /// The query items in the order they appear.
    public let queryItems: [QueryItem]

    /// Parses `text` within `limits`.
    ///
    /// - Throws: A ``DeepLinkRejection`` naming the first problem found.
    /// - Complexity: O(*n*) in the length of `text`, and `text` is bounded by `limits.maxLength`.
    public static func parse(_ text: String, limits: DeepLinkLimits = DeepLinkLimits()) throws(DeepLinkRejection) -> DeepLinkURL {
        let bytes = text.utf8
        guard bytes.count <= limits.maxLength else { throw .tooLong(length: bytes.count, limit: limits.maxLength) }
        for (offset, byte) in bytes.enumerated() where byte < 0x21 || byte > 0x7E {
            throw .invalidCharacter(offset: offset)
        }
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }

        guard let colon = rest.firstIndex(of: ":"), colon != rest.startIndex,
              rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
              rest[rest.startIndex].isLetter
        else { throw .missingScheme }
        let writtenScheme = String(rest[..<colon])
        let scheme = writtenScheme.lowercased()
        rest = rest[rest.index(after: colon)...]

        var host = ""
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            host = String(rest[..<end])
            rest = rest[end...]
        }

        var queryText: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }

        // A custom scheme's host is its first segment; a web URL's lone `/` is its root.
        let endsWithSlash = rest.hasSuffix("/") && (rest.count > 1 || (!host.isEmpty && !DeepLinkConfiguration.isWeb(scheme)))
        var rawSegments = rest.split(separator: "/", omittingEmptySubsequences: false)
        if rawSegments.first?.isEmpty == true { rawSegments.removeFirst() }
        if rawSegments.last?.isEmpty == true { rawSegments.removeLast() }
        guard rawSegments.count <= limits.maxSegments else {
            throw .tooManySegments(count: rawSegments.count, limit: limits.maxSegments)
        }
        var segments: [String] = []
        segments.reserveCapacity(rawSegments.count)
        for (index, raw) in rawSegments.enumerated() {
            guard !raw.isEmpty else { throw .emptySegment(index: index) }
            guard raw != "." && raw != ".." else { throw .dotSegment(index: index) }
            segments.append(try decode(raw, plusAsSpace: false))
        }

        let rawItems = queryText.split(separator: "&")
        guard rawItems.count <= limits.maxQueryItems else {
            throw .tooManyQueryItems(count: rawItems.count, limit: limits.maxQueryItems)
        }
        var items: [QueryItem] = []
        for raw in rawItems {
            let parts = raw.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0], plusAsSpace: true)
            let value = parts.count > 1 ? try decode(parts[1], plusAsSpace: true) : ""
            items.append(QueryItem(name: name, value: value))
        }
        return DeepLinkURL(scheme: scheme, writtenScheme: writtenScheme, endsWithSlash: endsWithSlash, host: host, pathSegments: segments,
                           queryItems: items)
    }

    private static func decode(_ component: Substring, plusAsSpace: Bool) throws(DeepLinkRejection) -> String {
        do {
            return try PercentEncoding.decode(component.utf8, plusAsSpace: plusAsSpace)
        } catch .malformedEscape {
            throw .malformedPercentEncoding(component: String(component))
        } catch {
            throw .invalidUTF8(component: String(component))
        }
    }

    /// The path segments to match, with the host read as the first segment (custom schemes such
    /// as `shop://products/7`, where `products` is written in the host's place).
    public func segmentsWithHost(limits: DeepLinkLimits) throws(DeepLinkRejection) -> [String] {
        guard !host.isEmpty else { return pathSegments }
        guard host != "." && host != ".." else { throw .dotSegment(index: 0) }
        guard pathSegments.count + 1 <= limits.maxSegments else {
            throw .tooManySegments(count: pathSegments.count + 1, limit: limits.maxSegments)
        }
        return [try Self.decode(Substring(host), plusAsSpace: false)] + pathSegments
    }

    /// The first value of the query item `name`, if present.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}
