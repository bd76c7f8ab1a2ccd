import NavigationCore
import Testing

/// Strict matching (`DeepLinkMatching`) and what a parameter accepts (`:id([A-Za-z0-9-]+)`),
/// as an app that matches links with a whole-URL regex does.
@Suite("Deep links matched strictly, and parameter patterns")
struct StrictMatchingTests {
    /// `/items/:id` (with what the id accepts), then a fallback `/items/:any` when asked for.
    static func pipeline(_ pattern: String = "/items/:id([A-Za-z0-9-]+)", matching: DeepLinkMatching = .lenient, fallback: Bool = false,
                         hosts: [String] = ["media.example"]) throws -> DeepLinkPipeline<DynamicRoute> {
        func item(_ pattern: String, _ name: String, _ parameter: String) -> DeepLinkMapping<DynamicRoute> {
            DeepLinkMapping(
                pattern,
                route: { parameters throws(DeepLinkRejection) in DynamicRoute(name, arguments: [.init(name: parameter, value: try parameters.string(parameter))]) },
                parameters: { route in
                    guard route.name == name, let value = route.arguments.first?.value else { return nil }
                    return DeepLinkParameters([parameter: value])
                },
                plan: { NavigationPlan(destination: $0, stack: [DynamicRoute("home"), $0]) })
        }
        let mappings = [item(pattern, "item", "id")] + (fallback ? [item("/items/:any", "other", "any")] : [])
        return DeepLinkPipeline(configuration: DeepLinkConfiguration(schemes: ["jellyfin", "https"], hosts: hosts, matching: matching),
                                matcher: try DeepLinkMatcher(strict: mappings))
    }

    /// What `url` resolves to: `item(id)`, `other(any)`, `unhandled` or `rejected`.
    static func outcome(_ url: String, _ pipeline: DeepLinkPipeline<DynamicRoute>) -> String {
        switch pipeline.resolve(url) {
        case .matched(_, let plan, _, _): "\(plan.destination)"
        case .unhandled: "unhandled"
        case .rejected: "rejected"
        }
    }

    @Test("by default, matching is today's: scheme and host ignore case, unknown query items and a trailing slash are ignored",
          arguments: ["Jellyfin://items/abc", "jellyfin://items/abc?x=1", "jellyfin://items/abc/", "https://MEDIA.example/items/abc"])
    func lenientByDefault(url: String) throws {
        #expect(Self.outcome(url, try Self.pipeline()) == "item(id: abc)")
    }

    @Test("strict matching refuses what a whole-URL regex refuses", arguments: [
        ("Jellyfin://items/abc", "rejected"), ("jellyfin://items/abc?x=1", "unhandled"), ("jellyfin://items/abc/", "unhandled"),
        ("https://Media.example/items/abc", "rejected"), ("https://media.example/items/abc", "item(id: abc)"), ("jellyfin://items/abc#top", "item(id: abc)"),
    ])
    func strict(url: String, outcome: String) throws {
        #expect(Self.outcome(url, try Self.pipeline(matching: .strict)) == outcome)
    }

    @Test("each option alone: a scheme with case, a host with case, unknown query items, a trailing slash")
    func optionsAlone() throws {
        #expect(Self.outcome("Jellyfin://items/abc", try Self.pipeline(matching: DeepLinkMatching(caseSensitive: [.scheme]))) == "rejected")
        #expect(Self.outcome("https://Media.example/items/abc", try Self.pipeline(matching: DeepLinkMatching(caseSensitive: [.scheme]))) == "item(id: abc)")
        #expect(Self.outcome("https://Media.example/items/abc", try Self.pipeline(matching: DeepLinkMatching(caseSensitive: [.host]))) == "rejected")
        #expect(Self.outcome("jellyfin://items/abc?x=1", try Self.pipeline(matching: DeepLinkMatching(unknownQuery: .reject))) == "unhandled")
        #expect(Self.outcome("jellyfin://items/abc/", try Self.pipeline(matching: DeepLinkMatching(unknownQuery: .reject))) == "item(id: abc)")
        #expect(Self.outcome("jellyfin://items/abc/", try Self.pipeline(matching: DeepLinkMatching(trailingSlash: .reject))) == "unhandled")
        // The root of a web URL is no trailing slash.
        #expect(try !DeepLinkURL.parse("https://media.example/").endsWithSlash)
        #expect(try DeepLinkURL.parse("jellyfin://items/").endsWithSlash && DeepLinkURL.parse("https://media.example/items/?q=1").endsWithSlash)
        // A query item the pattern captures is known.
        let search = try Self.pipeline("/items/:id?sort=:sort", matching: .strict)
        #expect(Self.outcome("jellyfin://items/abc?sort=new", search) == "item(id: abc)")
        #expect(Self.outcome("jellyfin://items/abc?sort=new&x=1", search) == "unhandled")
    }

    @Test("a parameter's pattern: a value outside it fits no pattern, so a later mapping may take it", arguments: [
        ("jellyfin://items/a1-B2", "item(id: a1-B2)"), ("jellyfin://items/a_b", "unhandled"), ("jellyfin://items/%41b", "item(id: Ab)"),
        ("jellyfin://items/%C3%A9", "unhandled"),
    ])
    func parameterPattern(url: String, outcome: String) throws {
        #expect(Self.outcome(url, try Self.pipeline()) == outcome)
        let withFallback = try Self.pipeline(fallback: true)
        #expect(Self.outcome(url, withFallback) == (outcome == "unhandled" ? "other(any: \(url.hasSuffix("a_b") ? "a_b" : "é"))" : outcome))
    }

    @Test("bounded repetition, and a hostile value judged in one pass", arguments: [
        ("/items/:id([0-9]{4})", "1234", true), ("/items/:id([0-9]{4})", "123", false), ("/items/:id([0-9]{4})", "12345", false),
        ("/items/:id([a-f0-9]{2,})", "a", false), ("/items/:id([a-f0-9]{2,})", "abcdef0123", true),
        ("/items/:id([a-z]{1,3})", "abcd", false), ("/items/:id([-a-z_]+)", "-x_", true), ("/items/:id([a-z-]+)", "a-", true),
    ])
    func repetition(pattern: String, value: String, accepted: Bool) throws {
        #expect(Self.outcome("jellyfin://items/\(value)", try Self.pipeline(pattern)) == (accepted ? "item(id: \(value))" : "unhandled"))
        let hostile = String(repeating: "a", count: 2_000) + "!"
        #expect(try #require(DeepLinkParameterPattern.parse("[a-z]+")).accepts(hostile) == false)
    }

    @Test("patterns outside the subset are diagnosed where the matcher is built", arguments: [
        "/items/:id(\\d+)", "/items/:id([a-z]*)", "/items/:id([z-a]+)", "/items/:id([a-z]{0,3})", "/items/:id([a-z]+",
        "/items/:id([]+)", "/items/:id([a-z]{3,2})", "/items/:id([a-z]{+3})", "/search?q=:q([a-z]+)x",
    ])
    func invalid(pattern: String) {
        #expect(throws: DeepLinkMatcherError.self) { try Self.pipeline(pattern) }
        let problems = DeepLinkPattern.parse(pattern).problems
        #expect(problems.contains { if case .invalidParameterPattern = $0 { true } else { false } }, "\(problems)")
    }

    @Test("shadowing reads the parameter's pattern: a literal it does not accept is reachable")
    func shadowing() {
        func kinds(_ patterns: [String]) -> [DeepLinkDiagnostic.Kind] {
            DeepLinkMatcher<DynamicRoute>(patterns.map { DeepLinkMapping($0, route: DynamicRoute("x"), plan: { NavigationPlan(destination: $0, stack: [$0]) }) })
                .diagnostics.map(\.kind)
        }
        #expect(kinds(["/items/:id([0-9]+)", "/items/featured"]) == [])
        #expect(kinds(["/items/:id([a-z]+)", "/items/featured"]) == [.parameterShadowing(by: 0)])
        #expect(kinds(["/items/:id([a-z]+)", "/items/:slug([a-c]{2})"]) == [.duplicatePattern(earlier: 0)])
        #expect(kinds(["/items/:id([a-c]+)", "/items/:slug([a-z]+)"]) == [])
        #expect(kinds(["/items/:id([a-z]+)", "/items/:slug"]) == [])
    }

    @Test("reverse routing refuses a value its pattern does not accept: the URL would not match back")
    func reverse() throws {
        let pipeline = try Self.pipeline()
        #expect(try pipeline.url(for: DynamicRoute("item", arguments: [.init(name: "id", value: "a-1")])) == "jellyfin://items/a-1")
        #expect(throws: DeepLinkReverseError.valueOutsidePattern("id", value: "a b", pattern: "/items/:id([A-Za-z0-9-]+)")) {
            try pipeline.url(for: DynamicRoute("item", arguments: [.init(name: "id", value: "a b")]))
        }
    }
}
