import NavigationCore
import Testing

/// Text around a parameter in one segment (`/@:user`, `/:id.json`), and a mapping's preferred
/// scheme and host for reverse routing.
@Suite("Deep-link patterns with text around a parameter")
struct AffixedPatternTests {
    static func article(_ pattern: String, scheme: String? = nil, host: String? = nil) -> DeepLinkMapping<ShopRoute> {
        DeepLinkMapping(
            pattern,
            route: { parameters throws(DeepLinkRejection) in .article(slug: try parameters.string("slug")) },
            parameters: { route in
                guard case .article(let slug) = route else { return nil }
                return DeepLinkParameters(["slug": slug])
            },
            plan: { NavigationPlan(destination: $0, stack: [.catalog, $0]) },
            preferredScheme: scheme, preferredHost: host)
    }

    func match(_ url: String, _ matcher: DeepLinkMatcher<ShopRoute>) throws -> ShopRoute? {
        let parsed = try DeepLinkURL.parse(url)
        return try matcher.match(parsed.segmentsWithHost(limits: DeepLinkLimits()), in: parsed)?.route
    }

    @Test("a prefix, a suffix or both are matched literally and the rest is captured, never empty",
          arguments: [
              ("/@:slug", "shop://@ada", "ada"), ("/@:slug", "shop://@", nil), ("/@:slug", "shop://ada", nil), ("/@:slug", "shop://@@", "@"),
              ("/a/:slug.json", "shop://a/7.json", "7"), ("/a/:slug.json", "shop://a/x.json.json", "x.json"), ("/a/:slug.json", "shop://a/.json", nil),
              ("/a/:slug.json", "shop://a/7.jso", nil), ("/a/v:slug-x", "shop://a/v2-x", "2"), ("/a/v:slug-x", "shop://a/v-x", nil),
          ] as [(String, String, String?)])
    func matching(pattern: String, url: String, slug: String?) throws {
        let matcher = try DeepLinkMatcher(strict: [Self.article(pattern)])
        #expect(try match(url, matcher) == slug.map { .article(slug: $0) }, "\(pattern) on \(url)")
    }

    @Test("the pattern says which parts are literal: prefix, name and suffix")
    func parsing() throws {
        let pattern = try #require(DeepLinkPattern.parse("/@:user/:id.json/v:n").pattern)
        #expect(pattern.segments == [.affixed(prefix: "@", parameter: "user", suffix: ""), .affixed(prefix: "", parameter: "id", suffix: ".json"),
                                     .affixed(prefix: "v", parameter: "n", suffix: "")])
        #expect(pattern.parameterNames == ["user", "id", "n"])
        #expect(DeepLinkPattern.parse("/:id").pattern?.segments == [.parameter("id")], "a whole-segment parameter is still a plain parameter")
    }

    static let problems: [(String, DeepLinkDiagnostic.Kind)] = [
        ("/a/:from-:to", .twoParametersInSegment(":from-:to")),
        ("/@:a:b", .twoParametersInSegment("@:a:b")),
        ("/a/:id*", .wildcardInSegment(":id*")),
        ("/@:", .invalidParameterName("")),
        ("/@:1st", .invalidParameterName("1st")),
        ("/@:x/:x.json", .duplicateParameterName("x")),
    ]

    @Test("two parameters in one segment, a wildcard beside a parameter and bad names are diagnosed", arguments: problems)
    func ambiguous(pattern: String, kind: DeepLinkDiagnostic.Kind) {
        let matcher = DeepLinkMatcher([Self.article(pattern)])
        #expect(matcher.diagnostics.map(\.kind) == [kind])
        #expect(throws: DeepLinkMatcherError.self) { try DeepLinkMatcher(strict: [Self.article(pattern)]) }
    }

    @Test("the message for two parameters in a segment says why it is ambiguous and how to fix it")
    func ambiguityMessage() {
        let matcher = DeepLinkMatcher([Self.article("/a/:from-:to")])
        #expect(matcher.diagnostics.map(\.description) == [
            "deep-link pattern #0 '/a/:from-:to' has two parameters in segment ':from-:to', which is ambiguous: no rule says where the first value ends; put each parameter in its own segment, or separate them with '/'",
        ])
    }

    @Test("shadowing takes the text around a parameter into account",
          arguments: [
              (["/:slug", "/@:slug"], true), (["/@:slug", "/@ada"], true), (["/@:slug", "/@a:slug"], true), (["/:slug.json", "/x:slug.v.json"], true),
              (["/@:slug", "/:slug"], false), (["/@:slug", "/ada"], false), (["/@:slug", "/:slug.json"], false), (["/@ada", "/@:slug"], false),
          ])
    func shadowing(patterns: [String], shadowed: Bool) {
        let matcher = DeepLinkMatcher(patterns.map { Self.article($0) })
        #expect(!matcher.diagnostics.isEmpty == shadowed, "\(patterns): \(matcher.diagnostics)")
    }

    @Test("reverse routing writes the text around the value, and every value comes back",
          arguments: ["ada", "a.b", "@", "x y", "café", "a/b", ".json", "%41"])
    func reverse(slug: String) throws {
        let matcher = try DeepLinkMatcher(strict: [Self.article("/u/@:slug")])
        let path = try matcher.path(for: .article(slug: slug))
        #expect(path.hasPrefix("/u/@"))
        #expect(try match("shop:/" + path, matcher) == .article(slug: slug), "\(path)")
        let suffixed = try DeepLinkMatcher(strict: [Self.article("/:slug.json")])
        let suffixedPath = try suffixed.path(for: .article(slug: slug))
        #expect(suffixedPath.hasSuffix(".json"))
        #expect(try match("shop:/" + suffixedPath, suffixed) == .article(slug: slug), "\(suffixedPath)")
    }

    @Test("a mapping's preferred scheme and host are what reverse routing writes; others use the first accepted")
    func preferredScheme() throws {
        let configuration = DeepLinkConfiguration(schemes: ["shop", "https"], hosts: ["shop.example", "share.example"])
        let mappings = [Self.article("/@:slug", scheme: "HTTPS", host: "share.example")] + ShopLinks.mappings
        let pipeline = DeepLinkPipeline(configuration: configuration, matcher: try DeepLinkMatcher(strict: mappings))
        #expect(try pipeline.url(for: .article(slug: "ada")) == "https://share.example/@ada")
        #expect(try pipeline.url(for: .product(id: 7)) == "shop://products/7")
        let webOnly = DeepLinkPipeline(configuration: configuration,
                                       matcher: try DeepLinkMatcher(strict: [Self.article("/@:slug", scheme: "https")]))
        #expect(try webOnly.url(for: .article(slug: "ada")) == "https://shop.example/@ada", "the first host when the link names none")
        guard case .matched(_, let plan, _, _) = pipeline.resolve("https://share.example/@ada") else {
            Issue.record("the preferred URL does not open again")
            return
        }
        #expect(plan.destination == .article(slug: "ada"))
    }
}
