import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

/// Swift graphs that say more than a document can are refused by export, naming what; the
/// DSL's groups, values and links say what the document says.
@Suite("Swift graphs: values, groups and what export refuses")
struct SwiftExportTests {
    enum Route: GraphRoute {
        case home, compose
        case account(id: String)

        var graphName: String {
            switch self {
            case .home: "home"
            case .compose: "compose"
            case .account: "account"
            }
        }
        var graphArguments: [DynamicRoute.Argument] {
            if case .account(let id) = self { [DynamicRoute.Argument(name: "id", value: id)] } else { [] }
        }
        static let graphSamples: [Route] = [.home, .compose, .account(id: "me"), .account(id: "alice")]
    }

    static func accountLink(_ pattern: String, name: String = "id", route: @escaping @Sendable (String) -> String = { $0 },
                            samples: KeyValuePairs<String, DeepLinkSampleExpectation<Route>> = [:]) -> DeepLink<Route> {
        DeepLink(pattern,
                 route: { parameters throws(DeepLinkRejection) in .account(id: route(try parameters.string(name))) },
                 parameters: { target in
                     guard case .account(let id) = target else { return nil }
                     return DeepLinkParameters([name: id])
                 },
                 stack: [.home, .account(id: "me")], samples: samples)
    }

    @Test("a deep link capturing '/:handle' for a route whose parameter is 'id' is refused, naming both")
    func renamedParameter() throws {
        let graph = try NavigationGraph<Route>("Renamed") {
            Root(.home)
            DeepLinkSchemes(["app"])
            Self.accountLink("/@:handle", name: "handle", samples: ["app://@alice": .plan])
        }
        #expect(performing: { try GraphDocument.export(graph) }, throws: { error in
            let error = error as? GraphExportError
            return error?.message.hasPrefix("deep link '/@:handle' (line ") == true
                && error?.message.contains("captures 'handle', but route 'account' has parameter 'id'") == true
                && error?.remedy == "name the pattern's parameters after the route's (':id'), or keep this graph in Swift"
        })
    }

    @Test("a 'route:' closure that builds another value than a document would is refused, naming the sample URL")
    func closureDoesMore() throws {
        let graph = try NavigationGraph<Route>("Lowercased") {
            Root(.home)
            DeepLinkSchemes(["app"])
            Self.accountLink("/@:id", route: { $0.lowercased() }, samples: ["app://@ALICE": .plan])
        }
        #expect(performing: { try GraphDocument.export(graph) }, throws: { error in
            let message = (error as? GraphExportError)?.message ?? ""
            return message.contains("sample URL 'app://@ALICE' plans account(id: alice) on stack [home, account(id: alice)] in Swift, but the exported document's link plans account(id: ALICE)")
        })
    }

    @Test("a link that round-trips exports; its pattern, preferred scheme and samples come back")
    func linkExports() throws {
        let graph = try NavigationGraph<Route>("Links") {
            Root(.home)
            Push(.home, .account(id: "alice"))
            DeepLinkSchemes(["app", "https"], hosts: ["app.example"])
            DeepLink("/@:id",
                     route: { parameters throws(DeepLinkRejection) in .account(id: try parameters.string("id")) },
                     parameters: { target in
                         guard case .account(let id) = target else { return nil }
                         return DeepLinkParameters(["id": id])
                     },
                     stack: [.home, .account(id: "me")], samples: ["https://app.example/@alice": .plan], scheme: "https")
        }
        let text = try GraphDocument.export(graph)
        #expect(text.contains("    - pattern: \"/@:id\"\n      route: account\n      stack: [home, account]\n      scheme: https\n"), "\(text)")
        #expect(text.contains("  - { from: home, to: account, with: { id: alice } }"))
        let document = try GraphDocument.load(text)
        #expect(try document.makeDeepLinkPipeline()?.url(for: DynamicRoute("account", arguments: [.init(name: "id", value: "bob")])) == "https://app.example/@bob")
        #expect(try graph.makeDeepLinkPipeline()?.url(for: .account(id: "bob")) == "https://app.example/@bob")
    }

    @Test("groups in the DSL: sources, targets, the wildcard source and conditions, as in a document")
    func groups() throws {
        let editors = RouteGroup<Route>("editors", [.compose, .account(id: "alice")])
        let graph = try NavigationGraph<Route>("Groups") {
            Root(.home)
            editors
            Sheet(.home, editors)
            Push(editors, .home, when: "top == editors")
            Push(.everyRoute, .account(id: "me"))
        }
        #expect(graph.transitions.map { "\($0.from)>\($0.to)" } == ["home>compose", "home>account", "compose>home", "account>home",
                                                                     "home>account", "compose>account", "account>account"])
        #expect(graph.transitions.map(\.value) == [.compose, .account(id: "alice"), .home, .home, .account(id: "me"), .account(id: "me"), .account(id: "me")])
        #expect(graph.transitions[2].condition?.expression?.routeNames.map(\.text) == ["compose", "account"])
        #expect(graph.groups.map(\.members) == [["compose", "account"]])
        let document = try GraphDocument.load(try GraphDocument.export(graph))
        #expect(document.transitions.map { document.targets(of: $0).map(\.description) } == graph.transitions.map { graph.targets(of: $0).map { "\(DynamicRoute($0.graphName, arguments: $0.graphArguments))" } })
    }

    @Test("values the DSL cannot honour, and groups no condition could name, are build errors at their line", arguments: [1, 2, 3, 4, 5, 6, 7])
    func unhonouredValues(kind: Int) {
        #expect(throws: GraphBuildError.self) {
            _ = try NavigationGraph<Route>("Bad") {
                Root(.home)
                if kind == 1 { Push(.home, .account(id: "bob")) }
                if kind == 2 { Event("open", then: [.push(.account(id: "bob"))]) }
                if kind == 3 { Guard(.compose, "false", otherwise: .redirect(.account(id: "bob"), style: .sheet)) }
                if kind == 4 { Push(.home, RouteGroup<Route>.everyRoute) }
                if kind == 5 { RouteGroup<Route>("top", [.compose]) }
                if kind == 6 { RouteGroup<Route>("two words", [.compose]) }
                if kind == 7 {
                    RouteGroup<Route>("editors", [.compose])
                    Push(.home, RouteGroup<Route>("editors", [.home]))
                }
            }
        }
    }

    @Test("the message for a value outside graphSamples says how to fix it")
    func unhonouredMessage() {
        #expect(performing: {
            _ = try NavigationGraph<Route>("Bad") {
                Root(.home)
                Push(.home, .account(id: "bob"))
            }
        }, throws: { error in
            (error as? GraphBuildError)?.description.hasSuffix(
                "error: the transition home → account(id: \"bob\") brings in account(id: \"bob\"), which is not one of the route samples; add account(id: \"bob\") to graphSamples, so the explorer knows it, or write 'eachSampleOf:' to bring in every declared sample") == true
        })
    }

    @Test("the Mastodon-like graph exports its group, wildcard and values as written")
    func mastodonExport() throws {
        let text = try GraphDocument.export(try SwiftSampleGraphs.mastodon())
        #expect(text.contains("""
            transitions:
              - { from: timeline, to: status }
              - { from: status, to: account, with: { handle: alice } }
              - { from: "*", to: account, with: { handle: me } }
              - { from: timeline, to: editors, style: cover }
              - { from: timeline, to: login, style: sheet, when: "not signedIn" }
              - { from: notifications, to: settings }
            """), "\(text)")
        #expect(text.contains("    - pattern: \"/statuses/:id.json\"\n") || text.contains("    - pattern: /statuses/:id.json\n"), "\(text)")
    }
}
