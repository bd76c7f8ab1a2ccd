/// How strictly URLs are matched, so that the checker matches links as the app does.
///
/// The defaults are lenient, as the pipeline always was: schemes and web hosts compare ignoring
/// case, query items no pattern names are ignored, and one trailing `/` is allowed. An app that
/// matches links with a whole-URL regex (`^jellyfin://items/([A-Za-z0-9-]+)$`) is stricter,
/// and silently ignores `Jellyfin://items/7`, `jellyfin://items/7?x=1` and `jellyfin://items/7/`;
/// ``strict`` says the same:
///
/// ```swift
/// DeepLinkConfiguration(schemes: ["jellyfin"], matching: .strict)
/// DeepLinkConfiguration(schemes: ["jellyfin"], matching: DeepLinkMatching(unknownQuery: .reject))
/// ```
///
/// A scheme or host compared with case is compared as written with the configured names, which
/// are lowercase: `Jellyfin://` is then `.rejected(.schemeNotAllowed)` and `https://Media.example`
/// `.rejected(.hostNotAllowed)`. (With a custom scheme what stands in the host's place is the
/// first path segment, compared as written like every literal.) An unknown query item or a
/// trailing slash makes the URL fit no pattern: `.unhandled`, as a regex that does not match.
/// What each parameter accepts is said in its pattern (``DeepLinkParameterPattern``).
public struct DeepLinkMatching: Hashable, Sendable {
    /// A part of the URL that can be compared with case.
    public enum Part: String, Hashable, Sendable, CaseIterable, Codable {
        case scheme, host
    }

    /// What a query item no pattern names does to a URL.
    public enum UnknownQuery: String, Hashable, Sendable, CaseIterable, Codable {
        /// It is ignored (the default).
        case ignore
        /// The URL fits no pattern that does not capture it.
        case reject
    }

    /// What a `/` ending a path does to a URL.
    public enum TrailingSlash: String, Hashable, Sendable, CaseIterable, Codable {
        /// It is ignored: `/items/7/` is `/items/7` (the default).
        case ignore
        /// The URL fits no pattern.
        case reject
    }

    /// The parts compared with case; empty by default.
    public var caseSensitive: Set<Part>
    /// What a query item the winning pattern does not capture does; ignored by default.
    public var unknownQuery: UnknownQuery
    /// What a `/` ending the path does; ignored by default.
    public var trailingSlash: TrailingSlash

    /// - Parameters:
    ///   - caseSensitive: The parts compared with case (`[.scheme, .host]`); none by default.
    ///   - unknownQuery: Whether a query item the pattern does not capture is ignored or makes the URL fit no pattern.
    ///   - trailingSlash: Whether a `/` ending the path is ignored or makes the URL fit no pattern.
    public init(caseSensitive: Set<Part> = [], unknownQuery: UnknownQuery = .ignore, trailingSlash: TrailingSlash = .ignore) {
        self.caseSensitive = caseSensitive
        self.unknownQuery = unknownQuery
        self.trailingSlash = trailingSlash
    }

    /// Today's matching: case-insensitive scheme and host, unknown query items and a trailing slash ignored.
    public static let lenient = DeepLinkMatching()
    /// A whole-URL regex's matching: scheme and host with case, no unknown query item, no trailing slash.
    public static let strict = DeepLinkMatching(caseSensitive: [.scheme, .host], unknownQuery: .reject, trailingSlash: .reject)
}
