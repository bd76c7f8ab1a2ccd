import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// `Documents/Hostile.navgraph.yaml` names routes and parameters after Swift keywords, with
/// punctuation, a leading digit and non-ASCII letters, and fills every free-text field with
/// quotes, backslashes, interpolations and comment ends. Its generated Swift
/// (`Generated/HostileNamesRoute.swift`) compiles into this target, and runs the document.
@MainActor
@Suite("Hostile names, generated")
struct HostileNameTests {
    static let documentPath = "Tests/GeneratedCodeTests/Documents/Hostile.navgraph.yaml"

    @Test("the embedded document is the document, byte for byte: the typed graph exports the same")
    func embeddedDocument() throws {
        let text = try String(contentsOf: SampleGraphs.repositoryRoot.appendingPathComponent(Self.documentPath), encoding: .utf8)
        let document = try GraphDocument.load(text, origin: Self.documentPath)
        let typed = try HostileNamesRoute.navigationGraph()
        #expect(typed.summary == document.summary)
        #expect(typed.summary.contains("\\(fatalError())"))
        #expect(typed.events.map(\.name) == ["log in \"now\" \\(x) */ // "])
        #expect(try GraphDocument.export(typed) == (try GraphDocument.export(document)))
        #expect(try Checker(typed).run().statistics.states == (try Checker(document).run().statistics.states))
    }

    @Test("keywords, punctuation, digits and non-ASCII names become cases and navigators")
    func names() throws {
        #expect(HostileNamesRoute.default.graphName == "default")
        #expect(HostileNamesRoute.signIn.graphName == "sign-in")
        #expect(HostileNamesRoute._2fa.graphName == "2fa")
        #expect(HostileNamesRoute.caf(on: true).graphName == "café")
        #expect(HostileNamesRoute.class(in: 1, for: #"C:\dir\"#).graphArguments.map(\.value) == ["1", #"C:\dir\"#])

        let store = try HostileNamesRoute.makeStore()
        #expect(store.navigators.default.pushClass(in: 2, for: "\\(x)\"\"\"").succeeded)
        #expect(store.navigators.class.pushCaf(on: false).succeeded)
        // `return` requires signed-in: the guard redirects to sign-in.
        store.navigators.caf.replaceWithReturn()
        #expect(store.state.top == .signIn)
        store.execute(.dismiss)
        store.execute(.setFlag("signed-in", true))
        #expect(store.navigators.caf.replaceWithReturn().succeeded)
        #expect(store.state.top == .return)
    }

    @Test("deep links convert Int and Bool parameters, and refuse values of the wrong type")
    func deepLinks() {
        #expect(HostileNamesRoute(deepLink: "hostile://class/1/x") == .class(in: 1, for: "x"))
        #expect(HostileNamesRoute(deepLink: "hostile://class/one/x") == nil)
        #expect(HostileNamesRoute(deepLink: "hostile://cafe?on=true") == .caf(on: true))
        #expect(HostileNamesRoute(deepLink: "hostile://cafe?on=maybe") == nil)
        #expect(HostileNamesRoute(deepLink: "hostile://cafe") == nil)
        let route = HostileNamesRoute.class(in: 2, for: #"say "hi" \ / ?"#)
        #expect(route.deepLinkURL.flatMap(HostileNamesRoute.init(deepLink:)) == route)
    }
}
