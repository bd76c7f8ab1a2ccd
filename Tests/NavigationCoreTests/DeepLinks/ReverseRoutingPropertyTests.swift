import NavGraphTestSupport
import Testing
import NavigationCore

@Suite("Reverse routing")
struct ReverseRoutingPropertyTests {
    /// Characters chosen to stress encoding: reserved URL characters, dots, percent signs,
    /// plus and space, non-ASCII letters and emoji.
    static let alphabet: [Character] = Array("aZ09-_~./?#&=+%: @!$'()*,;[]\"<>\\^`{|}é漢🙂\u{301}")

    static func randomText(_ random: inout SeededGenerator) -> String {
        String((0..<Int.random(in: 1...12, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
    }

    static func randomRoute(_ random: inout SeededGenerator) -> ShopRoute {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: .catalog
        case 1: .product(id: Int.random(in: Int.min...Int.max, using: &random))
        case 2: .article(slug: randomText(&random))
        case 3: .search(query: randomText(&random), sort: Bool.random(using: &random) ? randomText(&random) : nil)
        case 4: .help(path: (0..<Int.random(in: 0...3, using: &random)).map { _ in randomText(&random).replacingSlashes() }.joined(separator: "/"))
        case 5: .cart
        default: .checkout
        }
    }

    @Test("route → URL → route is the identity, for custom and web schemes, over 5,000 generated routes")
    func roundTrip() throws {
        let custom = try ShopLinks.pipeline()
        let web = DeepLinkPipeline(configuration: DeepLinkConfiguration(schemes: ["https"], hosts: ["shop.example"]), matcher: custom.matcher)
        let signedIn = ShopLinks.state(signedIn: true)
        var random = SeededGenerator(seed: 2026)
        for index in 0..<5_000 {
            let route = Self.randomRoute(&random)
            for pipeline in [custom, web] {
                let url = try pipeline.url(for: route)
                guard case .plan(let plan) = pipeline.decide(url, in: signedIn) else {
                    Issue.record("#\(index) \(route) → \(url) → \(pipeline.decide(url, in: signedIn))")
                    return
                }
                #expect(plan.destination == route, "#\(index) \(url)")
            }
        }
    }

    @Test("reverse routing spells URLs readably and refuses what cannot round-trip")
    func spelling() throws {
        let pipeline = try ShopLinks.pipeline()
        #expect(try pipeline.url(for: .product(id: 7)) == "shop://products/7")
        #expect(try pipeline.url(for: .catalog) == "shop://")
        #expect(try pipeline.url(for: .search(query: "red shoes", sort: nil)) == "shop://search?q=red%20shoes")
        #expect(try pipeline.url(for: .article(slug: "..")) == "shop://articles/%2E%2E")
        #expect(throws: DeepLinkReverseError.missingParameter("slug", pattern: "/articles/:slug")) {
            try pipeline.url(for: .article(slug: ""))
        }
        #expect(throws: DeepLinkReverseError.noMapping("signIn")) { try pipeline.url(for: .signIn) }
    }
}

private extension String {
    /// Wildcard parts are joined with `/`, so a part must not hold one itself.
    func replacingSlashes() -> String { String(map { $0 == "/" ? "_" : $0 }) }
}
