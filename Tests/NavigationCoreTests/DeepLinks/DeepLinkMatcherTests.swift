import Testing
import NavigationCore

@Suite("DeepLinkMatcher: patterns, first match, diagnostics")
struct DeepLinkMatcherTests {
    func mapping(_ pattern: String) -> DeepLinkMapping<ShopRoute> {
        DeepLinkMapping(pattern, route: .catalog, plan: { NavigationPlan(destination: $0, stack: [$0]) })
    }

    func match(_ url: String, _ matcher: DeepLinkMatcher<ShopRoute>) throws -> DeepLinkMatcher<ShopRoute>.Match? {
        let parsed = try DeepLinkURL.parse(url)
        return try matcher.match(parsed.segmentsWithHost(limits: DeepLinkLimits()), in: parsed)
    }

    @Test("literals, parameters, a terminal wildcard and optional query captures")
    func matching() throws {
        let matcher = try DeepLinkMatcher(strict: ShopLinks.mappings)
        #expect(try match("shop://products/42", matcher)?.route == .product(id: 42))
        #expect(try match("shop://articles/caf%C3%A9%20au%20lait", matcher)?.route == .article(slug: "café au lait"))
        #expect(try match("shop://search?q=red+shoes", matcher)?.route == .search(query: "red shoes", sort: nil))
        #expect(try match("shop://search?sort=price&q=x&utm=ignored", matcher)?.route == .search(query: "x", sort: "price"))
        #expect(try match("shop://help/a/b/c", matcher)?.route == .help(path: "a/b/c"))
        #expect(try match("shop://help", matcher)?.route == .help(path: ""), "a wildcard matches zero segments too")
        #expect(try match("shop://", matcher)?.route == .catalog)
        #expect(try match("shop://products", matcher) == nil)
        #expect(try match("shop://products/1/2", matcher) == nil)
    }

    @Test("a pattern lists the parameters it captures")
    func parameterNames() {
        #expect(DeepLinkPattern.parse("/search/:scope?q=:query").pattern?.parameterNames == ["scope", "query"])
        #expect(DeepLinkPattern.parse("/help/*").pattern?.parameterNames == ["*"])
    }

    @Test("the first declared match wins, and its parameter errors are final")
    func firstWins() throws {
        let matcher = DeepLinkMatcher<ShopRoute>([
            DeepLinkMapping("/a/:x", route: { _ throws(DeepLinkRejection) in .cart }, parameters: { _ in nil }, plan: { NavigationPlan(destination: $0, stack: [$0]) }),
            DeepLinkMapping("/a/*", route: .checkout, plan: { NavigationPlan(destination: $0, stack: [$0]) }),
        ])
        #expect(try match("s://a/1", matcher)?.route == .cart)
        #expect(try match("s://a/1/2", matcher)?.route == .checkout)
        let strict = try DeepLinkMatcher(strict: ShopLinks.mappings)
        #expect(throws: DeepLinkRejection.invalidParameter(name: "id", value: "abc", reason: "it is not a whole number")) {
            try match("shop://products/abc", strict)
        }
    }

    static let diagnosticCases: [(String, [String], DeepLinkDiagnostic.Kind)] = [
        ("duplicate pattern", ["/products/:id", "/products/:productID"], .duplicatePattern(earlier: 0)),
        ("wildcard shadowing", ["/help/*", "/help/contact"], .wildcardShadowing(by: 0)),
        ("wildcard shadowing a longer pattern", ["/*", "/a/:b/c"], .wildcardShadowing(by: 0)),
        ("parameter shadowing", ["/products/:id", "/products/featured"], .parameterShadowing(by: 0)),
        ("non-terminal wildcard", ["/a/*/b"], .nonTerminalWildcard),
        ("invalid parameter name", ["/a/:1st"], .invalidParameterName("1st")),
        ("empty parameter name", ["/a/:"], .invalidParameterName("")),
        ("duplicate parameter name", ["/a/:x/:x"], .duplicateParameterName("x")),
        ("invalid query capture", ["/a?q=literal"], .invalidQueryCapture("q=literal")),
        ("empty segment", ["/a//b"], .emptyOrDotSegment(index: 1)),
    ]

    @Test("each authoring problem is diagnosed, and the strict initializer throws it", arguments: diagnosticCases)
    func diagnostics(name: String, patterns: [String], kind: DeepLinkDiagnostic.Kind) {
        let matcher = DeepLinkMatcher(patterns.map(mapping))
        #expect(matcher.diagnostics.map(\.kind) == [kind], "\(name)")
        #expect(matcher.diagnostics.first?.mappingIndex == patterns.count - 1)
        #expect(throws: DeepLinkMatcherError(diagnostics: matcher.diagnostics)) {
            try DeepLinkMatcher(strict: patterns.map(mapping))
        }
    }

    @Test("diagnostics say how to fix the problem")
    func messages() {
        let matcher = DeepLinkMatcher([mapping("/products/:id"), mapping("/products/featured")])
        #expect(matcher.diagnostics.map(\.description) == [
            "deep-link pattern #1 '/products/featured' can never match: #0 '/products/:id' captures the same URLs with a parameter first; declare the literal pattern first",
        ])
    }

    @Test("patterns that merely overlap are not shadowed: literal first, then parameter, then wildcard")
    func noFalsePositives() {
        let matcher = DeepLinkMatcher(["/products/featured", "/products/:id", "/products/:id/reviews", "/products/*", "/:section"].map(mapping))
        #expect(matcher.diagnostics.isEmpty)
        #expect(DeepLinkMatcher(ShopLinks.mappings).diagnostics.isEmpty)
    }
}
