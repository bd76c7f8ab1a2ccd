import NavGraphTestSupport
import Foundation
import Testing
import NavigationCore
import NavigationGraph

/// The sample graphs under `Graphs/`, found from this file's location.
@Suite("Graph documents")
struct GraphDocumentTests {
    @Test("there are sample graphs to test")
    func samplesExist() {
        #expect(SampleGraphs.names.count >= 4, "found \(SampleGraphs.names)")
    }

    @Test("every sample graph loads and compiles to a runtime", arguments: SampleGraphs.names)
    func samplesLoad(file: String) throws {
        let graph = try SampleGraphs.load(file)
        #expect(!graph.routes.isEmpty)
        #expect(!graph.summary.isEmpty, "each sample says what it shows")
        let state = try graph.initialState()
        #expect(state.top != nil)
        _ = graph.makeExecutor()
    }

    @Test("the shop document loads routes with samples, guards, events, links and invariants")
    func shop() throws {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        #expect(graph.name == "Shop")
        #expect(graph.route(named: "product")?.samples == [
            DynamicRoute("product", arguments: [.init(name: "id", value: "1")]),
            DynamicRoute("product", arguments: [.init(name: "id", value: "2")]),
        ])
        #expect(graph.route(named: "checkout")?.entryGuard?.otherwise == .redirect(to: "signIn", style: .sheet))
        #expect(graph.route(named: "checkout")?.location == SourceLocation(line: 17, column: 3))
        #expect(graph.events.map(\.name) == ["signIn", "signOut"])
        #expect(graph.transitions.count == 8)
        #expect(graph.deepLinks?.links.count == 2)
        #expect(graph.invariants.map(\.name) == ["checkout needs sign-in", "at most three products deep"])
        #expect(graph.bounds == GraphBounds(maxStackDepth: 4, maxModalDepth: 2, maxStates: 200_000))
    }

    @Test("the shop's guard runs as middleware: checkout signed out presents sign-in instead")
    func guardAsMiddleware() throws {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        let executor = graph.makeExecutor()
        var state = try graph.initialState()
        executor.execute(.present(DynamicRoute("cart"), style: .sheet), on: &state)
        let redirected = executor.execute(.push(DynamicRoute("checkout")), on: &state)
        #expect(redirected.redirect == NavigationRedirect(requested: .push(DynamicRoute("checkout")),
                                                          executed: .present(DynamicRoute("signIn"), style: .sheet), middleware: "route guards"))
        #expect(redirected.succeeded)
        #expect(state.top == DynamicRoute("signIn"))
        #expect(state.modals.count == 2)
        executor.execute(.setFlag("signedIn", true), on: &state)
        executor.execute(.dismiss, on: &state)
        #expect(executor.execute(.push(DynamicRoute("checkout")), on: &state) == .success)
        #expect(state.top == DynamicRoute("checkout"))
    }

    @Test("the shop's deep links decide as their samples declare")
    func deepLinkSamples() throws {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        let pipeline = try #require(graph.makeDeepLinkPipeline())
        let state = try graph.initialState()
        for link in graph.deepLinks?.links ?? [] {
            for sample in link.samples {
                let decision = pipeline.decide(sample.url, in: state)
                let actual: DeepLinkDeclaration<DynamicRoute>.Expectation = switch decision {
                case .plan: .plan
                case .pending: .pending
                case .rejected: .rejected
                case .unhandled: .unhandled
                }
                #expect(actual == sample.expect, "\(sample.url)")
            }
        }
        guard case .plan(let plan) = pipeline.decide("shop://products/2", in: state) else {
            Issue.record("expected a plan")
            return
        }
        #expect(plan.stack == [DynamicRoute("catalog"), DynamicRoute("product", arguments: [.init(name: "id", value: "2")])])
    }

    @Test("JSON documents load too")
    func json() throws {
        let json = #"{"navgraph": 1, "name": "Tiny", "root": "home", "routes": {"home": {}, "about": {}}, "transitions": [{"from": "home", "to": "about"}]}"#
        let graph = try GraphDocument.load(json, origin: "Tiny.navgraph.json")
        #expect(graph.routes.map(\.name) == ["home", "about"])
        #expect(graph.transitions.first?.to == "about")
    }

    static let badDocuments: [(String, String, Int, Int, String)] = [
        ("malformed YAML", "navgraph: 1\nname: [unclosed\n", 3, 1, "malformed YAML or JSON"),
        ("malformed JSON", "{\"navgraph\": 1, \"name\": \"X\"", 2, 1, "malformed YAML or JSON"),
        ("missing version", "name: X\nroot: a\nroutes: {a: {}}\n", 1, 1, "missing key 'navgraph'"),
        ("future version", "navgraph: 2\nname: X\nroot: a\nroutes: {a: {}}\n", 1, 11, "navgraph: unsupported document version 2"),
        ("unknown key with a suggestion", "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitons: []\n", 5, 1, "unknown key 'transitons'"),
        ("wrong type", "navgraph: 1\nname: X\nroot: a\nroutes: [a, b]\n", 4, 9, "routes: expected a mapping, found a list"),
        ("empty graph", "navgraph: 1\nname: X\nroot: a\nroutes: {}\n", 4, 9, "routes: the graph declares no routes"),
        ("duplicate route", "navgraph: 1\nname: X\nroot: a\nroutes:\n  a: {}\n  a: {}\n", 5, 3, "the mapping here repeats key 'a'"),
        ("condition that does not parse", "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ninvariants:\n  deep: depth <= six\n", 6, 18, "invariants.deep: condition 'depth <= six' does not parse"),
        ("quoted condition that does not parse", "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ninvariants:\n  deep: \"top = a\"\n", 6, 14, "invariants.deep: condition 'top = a' does not parse"),
        ("bad style", "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitions:\n  - {from: a, to: a, style: shet}\n", 6, 29, "transitions.[0].style: unknown style 'shet'"),
        ("neither root nor tabs", "navgraph: 1\nname: X\nroutes: {a: {}}\n", 1, 1, "the graph has neither 'root' nor 'tabs'"),
        ("empty document", "", 1, 1, "the document is empty"),
        ("two documents", "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\n---\nnavgraph: 1\n", 6, 1,
         "the file has 2 YAML documents (each '---' line starts one); a graph document is one"),
        ("an alias before its anchor", "navgraph: 1\nname: *n\nroot: a\nroutes: {a: {}}\n", 2, 7, "malformed YAML"),
    ]

    @Test("bad documents fail with file, line, column and a remedy", arguments: badDocuments)
    func badDocument(name: String, text: String, line: Int, column: Int, message: String) {
        do {
            _ = try GraphDocument.load(text, origin: "Bad.navgraph.yaml")
            Issue.record("\(name) should not load")
        } catch {
            #expect(error.file == "Bad.navgraph.yaml")
            #expect(error.location ?? SourceLocation(line: 1, column: 1) == SourceLocation(line: line, column: column), "\(name): \(error)")
            #expect(error.message.hasPrefix(message), "\(name): \(error.message)")
            #expect(!error.remedy.isEmpty)
        }
    }

    @Test("a misspelt key gets a did-you-mean")
    func didYouMean() {
        #expect {
            try GraphDocument.load("navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitons: []\n")
        } throws: { error in
            "\(error)".hasSuffix("did you mean 'transitions'?")
        }
    }

    @Test("a document with several YAML documents is told so, with a remedy about documents rather than aliases")
    func severalDocuments() {
        #expect {
            try GraphDocument.load("navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\n---\n---\nname: Y\n")
        } throws: { error in
            let error = error as? GraphDocumentError
            return error?.message.hasPrefix("the file has 3 YAML documents") == true && error?.remedy.contains("'---'") == true
                && error?.remedy.contains("anchor") == false
        }
        #expect {
            try GraphDocument.load("navgraph: 1\nname: *n\nroot: a\nroutes: {a: {}}\n")
        } throws: { error in
            (error as? GraphDocumentError)?.remedy == "define each anchor before its aliases"
        }
    }

    @Test("an unknown key with no close match lists each allowed key once")
    func unknownKeyListsEachKeyOnce() {
        #expect {
            try GraphDocument.load("navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\nzzzzzzzz: 1\n")
        } throws: { error in
            (error as? GraphDocumentError)?.remedy == "remove it, or use one of the keys allowed here: "
                + "bounds, deepLinks, entries, events, exits, features, flags, groups, invariants, modalScope, name, navgraph, properties, root, routes, summary, tabBar, tabs, transitions, within"
        }
        #expect {
            try GraphDocument.load("navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitions:\n  - { from: a, to: a, zzzz: 1 }\n")
        } throws: { error in
            (error as? GraphDocumentError)?.remedy == "remove it, or use one of the keys allowed here: from, request, reroute, style, to, when, with"
        }
    }

    @Test("anchors that expand enormously are refused")
    func aliasExpansion() {
        var text = "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitions:\n  - &t {from: a, to: a}\n"
        text += "  - " + Array(repeating: "*t", count: 100_000).joined(separator: "\n  - ") + "\n"
        #expect {
            try GraphDocument.load(text)
        } throws: { error in
            "\(error)".contains("expands to more than 200000 nodes")
        }
    }

    @Test("nested alias bombs stop at the first value of the wrong type")
    func nestedAliasBomb() {
        var text = "navgraph: 1\nname: X\nroot: a\nroutes:\n  a:\n    params:\n      id: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text += "  b\(level):\n    params:\n      id: &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(throws: GraphDocumentError.self) { try GraphDocument.load(text) }
    }

    @Test("an oversized document is refused before parsing")
    func oversized() {
        #expect(throws: GraphDocumentError.self) {
            try GraphDocument.load(String(repeating: "# filler\n", count: 200_000))
        }
    }
}
