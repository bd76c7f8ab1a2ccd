import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

/// A shop's screens for Swift graphs whose deep links request their route and whose moves reroute.
private enum LinkShopRoute: GraphRoute {
    case catalog, product(id: Int), picker, checkout

    var graphName: String {
        switch self {
        case .catalog: "catalog"
        case .product: "product"
        case .picker: "picker"
        case .checkout: "checkout"
        }
    }

    var graphArguments: [DynamicRoute.Argument] {
        if case .product(let id) = self { return [.init(name: "id", value: String(id))] }
        return []
    }

    static let graphSamples: [LinkShopRoute] = [.catalog, .product(id: 1), .product(id: 2), .picker, .checkout]
}

@Suite("Deep links that request their route, in graphs")
struct RequestLinkGraphTests {
    static func document(_ links: String, routes: String = "") -> String {
        """
        navgraph: 1
        name: Links
        root: catalog
        routes:
          catalog: {}
          product: { owner: catalog, params: { id: [1, 2] } }
          share: { owner: product, style: sheet }
          orphan: {}
        \(routes)
        transitions:
          - { from: catalog, request: product }
          - { from: product, request: share }
          - { from: catalog, to: orphan }
        deepLinks:
          schemes: [shop]
          links:
        \(links)
        """
    }

    static let requestLinks = """
            - pattern: /products/:id
              request: product
              samples: [{ url: "shop://products/2", expect: plan }]
            - pattern: /share
              request: share
              requires: "not (stack contains orphan)"
              whenUnmet: reject
        """

    @Test("'request:' in place of 'route:' plans a request of the route, built from the URL's parameters")
    func loads() throws {
        let graph = try GraphDocument.load(Self.document(Self.requestLinks), origin: "links.yaml")
        let links = try #require(graph.deepLinks?.links)
        #expect(links.map(\.plan.mode) == [.request, .request])
        #expect(links.map(\.routeName) == ["product", "share"])
        #expect(graph.hasRequests)
        let pipeline = try #require(graph.makeDeepLinkPipeline())
        guard case .matched(_, let plan, nil, _) = pipeline.resolve("shop://products/2") else {
            Issue.record("shop://products/2 did not match")
            return
        }
        #expect(plan == .request(DynamicRoute("product", arguments: [.init(name: "id", value: "2")])))
        #expect(plan.commands(in: try graph.initialState()) == [.request(plan.destination)])
        // '/share' declares no samples, so the deep links property never opens it.
        #expect(GraphLinter.lint(graph).map(\.rule) == ["deep-link-without-samples"], "\(GraphLinter.lint(graph))")
    }

    @Test("export writes 'request:' back, and the exported document loads to the same pipeline")
    func exportRoundTrip() throws {
        let graph = try GraphDocument.load(Self.document(Self.requestLinks), origin: "links.yaml")
        let exported = try GraphDocument.export(graph)
        #expect(exported.contains("    - pattern: \"/products/:id\"\n      request: product\n      samples:"))
        #expect(!exported.contains("mode:"))
        #expect(try GraphDocument.export(try GraphDocument.load(exported, origin: "again.yaml")) == exported)
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: exported)) == [])
    }

    @Test("links that say a request wrongly are refused where they say it", arguments: [
        ("    - { pattern: /share, route: share, request: share }", "17:7", "a deep link has both 'route' and 'request'"),
        ("    - { pattern: /share }", "17:7", "missing 'route' or 'request'"),
        ("    - { pattern: /share, request: share, stack: [catalog] }", "17:49", "a deep link that requests its route has no 'stack'"),
        ("    - { pattern: /share, route: share, mode: request }", "17:46", "write 'request: <route>' in place of 'route:'"),
        ("    - { pattern: /share, request: shar }", "17:35", "unknown route 'shar'"),
    ])
    func refused(link: String, place: String, message: String) {
        #expect {
            try GraphDocument.load(Self.document(link), origin: "bad.yaml")
        } throws: { error in
            let text = "\(error)"
            return text.contains("bad.yaml:\(place):") && text.contains(message)
        }
    }

    @Test("the JSON Schema accepts a request link and refuses one with both 'route' and 'request'")
    func schema() throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: Self.document(Self.requestLinks))) == [])
        let both = Self.document("    - { pattern: /share, route: share, request: share }")
        #expect(try !checker.violations(of: try JSONSchemaChecker.load(yaml: both)).isEmpty)
    }

    @Test("lint reports a link requesting a route nobody owns: it is always dropped")
    func unownedRequest() throws {
        let graph = try GraphDocument.load(Self.document("    - { pattern: /orphan, request: orphan }"), origin: "links.yaml")
        let unowned = GraphLinter.lint(graph).filter { $0.rule == "unowned-request" }
        #expect(unowned.map(\.message) == ["deep link '/orphan' requests route 'orphan', which no scope owns, so the request is always dropped"])
        #expect(unowned.first?.location?.line == 17)
    }

    @Test("diff tells a link that requests its route from one that plans it")
    func diff() throws {
        let planned = try GraphDocument.load(Self.document("    - { pattern: /share, route: share, stack: [catalog, product, share] }"))
        let requested = try GraphDocument.load(Self.document("    - { pattern: /share, request: share }"))
        let change = try #require(GraphDiff(base: planned, head: requested).changes(of: .deepLink).first)
        #expect(change.change == .changed && change.key == "/share")
        #expect(change.before == "to share; stack catalog › product › share")
        #expect(change.after == "requests share")
    }

    @Test("a Swift graph's request link and reroute are the document's")
    func swiftGraph() throws {
        let swift = try NavigationGraph<LinkShopRoute>("Links") {
            Root(.catalog)
            Owned(.product(id: 1), by: .route(.catalog))
            Owned(.picker, by: .route(.product(id: 1)), style: .sheet)
            Request(.catalog, eachSampleOf: .product(id: 1))
            Push(.product(id: 1), .checkout, reroute: .to(.picker, when: !.modalsContain(.picker)))
            DeepLinkSchemes(["shop"])
            DeepLink("/products/:id",
                     route: { parameters throws(DeepLinkRejection) in .product(id: try parameters.int("id")) },
                     parameters: { route in
                         guard case .product(let id) = route else { return nil }
                         return DeepLinkParameters(["id": String(id)])
                     },
                     mode: .request, samples: ["shop://products/2": .plan])
        }
        let exported = try GraphDocument.export(swift)
        #expect(exported.contains("  - { from: product, to: checkout, reroute: { to: picker, when: \"not modals contains picker\" } }"), "\(exported)")
        #expect(exported.contains("    - pattern: \"/products/:id\"\n      request: product\n"))
        #expect(try GraphDocument.export(try GraphDocument.load(exported, origin: "links.yaml")) == exported)
        #expect(swift.transitions.last?.reroute?.route == "picker")
    }

    @Test("a Swift request link with a stack, and a reroute to a value a request cannot bring in, are refused where written")
    func swiftRefusals() {
        #expect {
            try NavigationGraph<LinkShopRoute>("Links") {
                Root(.catalog)
                DeepLinkSchemes(["shop"])
                DeepLink("/checkout", to: .checkout, stack: [.catalog, .checkout], mode: .request)
            }
        } throws: { error in
            (error as? GraphBuildError)?.message == "deep link '/checkout' requests its route and also plans a tab, stack or modal"
        }
        #expect {
            try NavigationGraph<LinkShopRoute>("Links") {
                Root(.catalog)
                Push(.catalog, .checkout, reroute: .to(.product(id: 2), when: "depth == 1"))
            }
        } throws: { error in
            (error as? GraphBuildError)?.remedy == "write .to(product(id: 1), when: …), the route's first sample in graphSamples"
        }
    }
}
