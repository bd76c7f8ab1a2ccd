import Testing
import NavigationCore

@Suite("DeepLinkURL: parsing hostile and ordinary URLs")
struct DeepLinkURLTests {
    @Test("an ordinary URL is taken apart and percent-decoded")
    func ordinary() throws {
        let url = try DeepLinkURL.parse("HTTPS://Shop.Example/products/caf%C3%A9/?q=red+shoes&x=%2B1&flag#section")
        #expect(url.scheme == "https")
        #expect(url.host == "Shop.Example")
        #expect(url.pathSegments == ["products", "café"])
        #expect(url.queryItems == [.init(name: "q", value: "red shoes"), .init(name: "x", value: "+1"), .init(name: "flag", value: "")])
    }

    @Test("a custom scheme reads its host as the first segment")
    func customSchemeHost() throws {
        let url = try DeepLinkURL.parse("shop://products/7")
        #expect(try url.segmentsWithHost(limits: DeepLinkLimits()) == ["products", "7"])
    }

    static let hostile: [(String, String, DeepLinkRejection)] = [
        ("too long", "shop://x/" + String(repeating: "a", count: 3_000), .tooLong(length: 3_009, limit: 2_048)),
        ("thousands of segments", "shop://x" + String(repeating: "/a", count: 1_000), .tooManySegments(count: 1_000, limit: 32)),
        ("too many query items", "shop://x?" + Array(repeating: "a=1", count: 40).joined(separator: "&"), .tooManyQueryItems(count: 40, limit: 32)),
        ("a space", "shop://x/a b", .invalidCharacter(offset: 10)),
        ("a control character", "shop://x/\u{07}", .invalidCharacter(offset: 9)),
        ("raw non-ASCII", "shop://x/café", .invalidCharacter(offset: 12)),
        ("no scheme", "/products/7", .missingScheme),
        ("a scheme that is not a scheme", "1abc://x", .missingScheme),
        ("an empty segment", "shop://x/products//7", .emptySegment(index: 1)),
        ("a dot-dot segment", "shop://x/../etc/passwd", .dotSegment(index: 0)),
        ("a dot segment", "shop://x/a/./b", .dotSegment(index: 1)),
        ("a bare percent", "shop://x/100%", .malformedPercentEncoding(component: "100%")),
        ("a short escape", "shop://x/%4", .malformedPercentEncoding(component: "%4")),
        ("a non-hex escape", "shop://x/%zz", .malformedPercentEncoding(component: "%zz")),
        ("escaped bytes that are not UTF-8", "shop://x/%FF%FE", .invalidUTF8(component: "%FF%FE")),
        ("a bad escape in a query", "shop://x?q=%G1", .malformedPercentEncoding(component: "%G1")),
    ]

    @Test("hostile URLs get a typed rejection", arguments: hostile)
    func rejections(name: String, url: String, expected: DeepLinkRejection) {
        #expect(throws: expected, "\(name)") { try DeepLinkURL.parse(url) }
    }

    @Test("limits are the configuration's")
    func customLimits() {
        let limits = DeepLinkLimits(maxLength: 10, maxSegments: 1, maxQueryItems: 0)
        #expect(throws: DeepLinkRejection.tooLong(length: 11, limit: 10)) { try DeepLinkURL.parse("shop://abcd", limits: limits) }
        #expect(throws: DeepLinkRejection.tooManySegments(count: 2, limit: 1)) { try DeepLinkURL.parse("s:/a/b", limits: limits) }
        #expect(throws: DeepLinkRejection.tooManyQueryItems(count: 1, limit: 0)) { try DeepLinkURL.parse("s:/a?q", limits: limits) }
    }
}
