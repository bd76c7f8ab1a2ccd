import NavGraphTestSupport
import NavigationChecker
import NavGraphEngineAgreement
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Export must give a document that explores exactly as the graph it came from: the same
/// states, transitions and verdicts (failures included), or refuse.
@Suite("Export round trips, explored")
struct ExportRoundTripTests {
    /// What an exploration found, comparable across route types.
    static func outcome<R: Route>(_ result: CheckResult<R>) -> [String] {
        ["states \(result.statistics.states)", "transitions \(result.statistics.transitions)", "complete \(result.statistics.complete)",
         "routes reached \(result.routeCoverage.reached)", "transitions taken \(result.transitionCoverage.reached)"]
            + result.verdicts.map { "\($0.kind) '\($0.name)': \($0.status), trace of \($0.trace?.steps.count ?? 0) steps" }
    }

    // Real-app-size samples are exported as a fixed point (`SwiftGraphTests`); exploring them
    // explicitly does not finish in a test.
    @Test("every sample document without features, exported and loaded again, explores the same",
          arguments: SampleGraphs.exportableNames.filter { !SampleGraphs.realAppSize.contains($0) })
    func documents(file: String) throws {
        let graph = try SampleGraphs.load(file)
        let again = try GraphDocument.load(try GraphDocument.export(graph), origin: file)
        #expect(Self.outcome(try Checker(again).run()) == Self.outcome(try Checker(graph).run()))
    }

    @Test("the generated test documents, exported and loaded again, explore the same",
          arguments: [FlagGraphs.document(flags: 6, violatedAt: 3), LargeGraphs.chain(routes: 12), LargeGraphs.random(routes: 12, edges: 30)])
    func generatedDocuments(text: String) throws {
        let graph = try GraphDocument.load(text)
        let again = try GraphDocument.load(try GraphDocument.export(graph))
        #expect(Self.outcome(try Checker(again).run()) == Self.outcome(try Checker(graph).run()))
    }

    @Test("the Swift shop, exported and loaded, explores as the Swift graph and as Graphs/Shop.navgraph.yaml")
    func swiftShop() throws {
        let graph = try SwiftShop.graph()
        let document = try GraphDocument.load(try GraphDocument.export(graph), origin: "exported.yaml")
        let swift = Self.outcome(try Checker(graph).run())
        #expect(Self.outcome(try Checker(document).run()) == swift)
        #expect(Self.outcome(try Checker(try SampleGraphs.load("Shop.navgraph.yaml")).run()) == swift)
    }

    @Test("the Mastodon-like Swift graph (groups, a wildcard source, values, /@:handle), exported and loaded, explores the same")
    func mastodon() throws {
        let graph = try SwiftSampleGraphs.mastodon()
        let document = try GraphDocument.load(try GraphDocument.export(graph), origin: "exported.yaml")
        let swift = try Checker(graph).run()
        #expect(Self.outcome(try Checker(document).run()) == Self.outcome(swift))
        #expect(swift.statistics.complete && swift.statistics.states > 100)
        // The seeded property fails the same way on both sides: a reply cover needs no sign-in.
        #expect(swift.failures.map(\.name) == ["an editor is up only while signed in, or on its way to sign-in"])
    }

    @Test("values written in an event step, a guard redirect and a plan entry export as 'with:' and explore the same")
    func writtenValuesRoundTrip() throws {
        let graph = try ValueGraphs.written()
        let text = try GraphDocument.export(graph)
        let document = try GraphDocument.load(text, origin: "exported.yaml")
        let swift = try Checker(graph).run()
        #expect(Self.outcome(try Checker(document).run()) == Self.outcome(swift))
        #expect(swift.statistics.complete && text.contains("with: { handle: alice }"))
        // Typed again over the route enum (as generated code runs a document), the values stay.
        let typed = try NavigationGraph<ValueRoute>(document: document) { name, arguments in
            ValueRoute.graphSamples.first { $0.graphName == name && $0.graphArguments == arguments }
        }
        #expect(Self.outcome(try Checker(typed).run()) == Self.outcome(swift))
        let event = try #require(typed.events.first { $0.name == "showAlice" })
        #expect(typed.destination(ofStep: 0, in: event) == .account(handle: "alice"))
    }

    @Test("a written value brings in that value alone; naming the route brings in each sample")
    func transitionValues() throws {
        enum Route: GraphRoute, CaseIterable {
            case home, detail1, detail2
            var graphName: String { self == .home ? "home" : "detail" }
            var graphArguments: [DynamicRoute.Argument] {
                switch self {
                case .home: []
                case .detail1: [DynamicRoute.Argument(name: "id", value: "1")]
                case .detail2: [DynamicRoute.Argument(name: "id", value: "2")]
                }
            }
        }
        let exact = try NavigationGraph<Route>("Exact") {
            Root(.home)
            Push(.home, .detail2)
            Bounds(maxStackDepth: 2)
        }
        let each = try NavigationGraph<Route>("Each") {
            Root(.home)
            Push(.home, eachSampleOf: .detail2)
            Bounds(maxStackDepth: 2)
        }
        let exactResult = try Checker(exact).run()
        #expect(exactResult.statistics.states == 2, "home, and home › detail(2) only")
        #expect(try Checker(each).run().statistics.states == 3, "home, home › detail(1), home › detail(2)")
        let document = try GraphDocument.load(try GraphDocument.export(exact))
        #expect(document.transitions.first?.value == DynamicRoute("detail", arguments: [.init(name: "id", value: "2")]))
        #expect(try Checker(document).run().statistics.states == 2)
    }

    @Test("groups in conditions, group and wildcard transitions and written values need nothing new from the symbolic engine: it agrees with the explicit one")
    func symbolicAgrees() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Editors
            root: home
            routes:
              home: {}
              profile: { params: { id: [me, alice] } }
              newStatus: { requires: signedIn, otherwise: { redirect: login, style: sheet } }
              reply: {}
              login: {}
            groups:
              editors: [newStatus, reply]
            flags:
              signedIn: false
            events:
              login: { when: top == login, set: { signedIn: true }, then: dismiss }
              post: { when: top == editors, then: dismiss }
            transitions:
              - { from: home, to: editors, style: sheet }
              - { from: editors, to: home, when: "not (stack contains editors and depth > 1)" }
              - { from: "*", to: profile, with: { id: me } }
              - { from: profile, to: profile }
            invariants:
              an editor is a modal: "top == editors implies modal != none"
              no editor under an editor: "modal != editors or count(reply) <= 1"
            bounds: { maxStackDepth: 3, maxModalDepth: 1 }
            """)
        #expect(try EngineAgreement.differences(graph) == [])
        let result = try Checker(graph).run()
        #expect(result.statistics.complete && result.statistics.states > 20)
    }
}
