/// Which URLs an app accepts at all: schemes, web hosts and input limits.
///
/// Two kinds of scheme:
/// - **web** (`http`, `https`): the host must be one of ``hosts`` (compared case-insensitively)
///   and the path is matched as written: `https://shop.example/products/7` matches `/products/7`.
/// - **custom** (any other, e.g. `shop`): there is no real host, so what stands in the host's
///   place is read as the first path segment: `shop://products/7` matches `/products/7`.
///
/// Schemes are compared case-insensitively, unless ``matching`` says otherwise.
public struct DeepLinkConfiguration: Hashable, Sendable {
    /// Accepted schemes, lowercase; the first one is used for reverse routing unless a mapping
    /// names its ``DeepLinkMapping/preferredScheme``.
    public var schemes: [String]
    /// Accepted hosts for web schemes, lowercase; the first one is used for reverse routing unless
    /// a mapping names its ``DeepLinkMapping/preferredHost``.
    public var hosts: [String]
    /// Input bounds, checked first.
    public var limits: DeepLinkLimits
    /// How strictly URLs are matched (case, unknown query items, a trailing slash); lenient by default.
    public var matching: DeepLinkMatching

    /// - Parameters:
    ///   - schemes: The accepted schemes, the one reverse routing writes first.
    ///   - hosts: The accepted hosts for web schemes, the one reverse routing writes first.
    ///   - limits: Input bounds, checked first.
    ///   - matching: How strictly URLs are matched; ``DeepLinkMatching/lenient`` by default.
    public init(schemes: [String], hosts: [String] = [], limits: DeepLinkLimits = DeepLinkLimits(), matching: DeepLinkMatching = .lenient) {
        precondition(!schemes.isEmpty, "a deep-link configuration needs at least one scheme")
        self.schemes = schemes.map { $0.lowercased() }
        self.hosts = hosts.map { $0.lowercased() }
        self.limits = limits
        self.matching = matching
    }

    static func isWeb(_ scheme: String) -> Bool { scheme == "http" || scheme == "https" }
}
