import Foundation
import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Reset steps and window-level modal scopes, held to the explicit engine's meaning; tab-scoped
/// modals, refused by name.
@Suite("Modal scopes and reset steps: the symbolic engine agrees, or says it cannot")
struct ModalScopeAgreementTests {
    static func load(_ body: String) throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load("navgraph: 1\nname: Scopes\n" + body, origin: "Scopes.yaml")
    }

    @Test("reset steps: every tab, named tabs, hidden tabs, a single stack, under window modals and guards", arguments: [
        // Every tab back to its root, from anywhere; the selection stays.
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {}, c: {} }\nevents: { reset: { when: depth >= 2, then: [resetTabs] } }\ntransitions: [{ from: a, to: c }, { from: b, to: c }, { from: c, to: c }]\ninvariants: { shallow: 'depth <= 2' }\nbounds: { maxStackDepth: 3 }\n",
        // One named tab, with a sheet over it that stays (the window's), then a push onto the sheet.
        "tabs: [{ name: x, root: a }, { name: y, root: b }, { name: z, root: a }]\nmodalScope: window\nroutes: { a: {}, b: {}, c: { modalScope: window }, s: {} }\nevents: { clear: { then: [{ resetTabs: [y, z] }, { push: c }] } }\ntransitions: [{ from: a, to: c }, { from: b, to: c }, { from: c, to: s, style: sheet }]\nbounds: { maxStackDepth: 3, maxModalDepth: 1 }\n",
        // A hidden tab reset (its condition false), the selection settled by a flag change first.
        "tabs: [{ name: x, root: a }, { name: y, root: b, when: f }]\nroutes: { a: {}, b: {}, c: {} }\nflags: { f: true }\nevents: { off: { when: f, set: { f: false }, then: [{ resetTabs: [y] }] }, on: { when: not f, set: { f: true } } }\ntransitions: [{ from: a, to: c }, { from: b, to: c }]\ninvariants: { hiddenIsReset: 'f or not (stack(y) contains c)' }\nbounds: { maxStackDepth: 3 }\n",
        // No tabs: the one stack; a guard that redirects is not asked by a reset.
        "root: a\nroutes:\n  a: {}\n  b: {}\n  g: { requires: f, otherwise: { redirect: b, style: push } }\nflags: { f: false }\nevents: { home: { then: [dismissAll, resetTabs] }, on: { set: { f: true } } }\ntransitions: [{ from: a, to: g }, { from: b, to: g, style: sheet }]\nbounds: { maxStackDepth: 3, maxModalDepth: 1 }\n",
    ])
    func resets(_ body: String) throws {
        let graph = try Self.load(body)
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("tab-scoped modals: a sheet kept by its tab, shown again, dismissed where shown, under the window's, reset", arguments: [
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nmodalScope: tab\nroutes: { a: {}, b: {}, s: {} }\nevents: { toY: { then: [{ tab: y }] }, toX: { then: [{ tab: x }] } }\ntransitions: [{ from: a, to: s, style: sheet }, { from: s, to: s }]\ninvariants: { noSheetOnY: 'not (tab == y and modal == s)', sheetBack: 'not (tab == x and modal == s and stack(y) contains b)' }\nbounds: { maxStackDepth: 2, maxModalDepth: 2 }\n",
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nmodalScope: tab\ntabBar: { tappableUnder: [sheet] }\nroutes: { a: {}, b: {}, s: {}, w: { modalScope: window } }\nevents: { close: { then: dismiss }, all: { then: dismissAll }, reset: { then: [resetTabs] }, resetY: { then: [{ resetTabs: [y] }] } }\ntransitions: [{ from: a, to: s, style: sheet }, { from: b, to: s, style: sheet }, { from: s, to: w, style: cover }, { from: w, to: s, style: sheet }, { from: s, to: b }]\ninvariants: { depth: 'modalDepth <= 1', hidden: 'not (modals contains w and tab == y)' }\nbounds: { maxStackDepth: 2, maxModalDepth: 2 }\n",
        "tabs: [{ name: x, root: a }, { name: y, root: b, when: f }]\nmodalScope: tab\nroutes: { a: {}, b: {}, s: {}, w: { modalScope: window } }\nflags: { f: true }\nevents: { hide: { when: f, set: { f: false } }, show: { when: not f, set: { f: true } }, toY: { then: [{ tab: y }] } }\ntransitions: [{ from: b, to: s, style: sheet }, { from: s, to: w, style: sheet }, { from: a, to: w, style: cover }]\ninvariants: { none: 'modal == none or tab == y' }\nbounds: { maxStackDepth: 2, maxModalDepth: 2 }\n",
    ])
    func tabScoped(_ body: String) throws {
        let graph = try Self.load(body)
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("random graphs with tab-scoped modals agree, deep links aside (refused by name)")
    func randomTabScoped() throws {
        let environment = ProcessInfo.processInfo.environment
        var generator = SeededGenerator(seed: environment["NAVGRAPH_SCOPE_SEED"].flatMap(UInt64.init) ?? 30)
        let count = environment["NAVGRAPH_SCOPE_GRAPHS"].flatMap(Int.init) ?? 60
        var compared = 0, refused = 0, hidden = 0
        var failures: [String] = []
        while compared < count {
            guard let body = RandomGraphs.tabScopedDocument(using: &generator) else { continue }
            let graph = try Self.load(body)
            guard graph.deepLinks == nil else {
                #expect(SymbolicEngine.unsupported(graph).contains("deep links in a graph whose modals belong to their tab (modalScope: tab)"))
                refused += 1
                continue
            }
            let explicit = try Checker(graph).run()
            guard explicit.cutoff == nil else { continue }
            compared += 1
            if body.contains("tappableUnder") { hidden += 1 }
            let differences: [String]
            do { differences = try EngineAgreement.differences(graph, explicit: explicit) } catch { differences = ["error: \(error)"] }
            if !differences.isEmpty { failures.append("\(body)\n\(differences.joined(separator: "\n"))") }
        }
        #expect(failures.isEmpty, "\(failures.count) graphs disagree; first:\n\(failures.first ?? "")")
        print("tab-scoped agreement: \(compared) graphs compared (\(hidden) with a tab bar tappable under sheets), \(refused) with deep links refused")
    }

    @Test("the random graphs the agreement test compares draw reset steps and window scopes")
    func randomGraphsDrawThem() throws {
        // The agreement test's own seed and count: these documents are the ones it compares.
        var generator = SeededGenerator(seed: 20)
        var resets = 0, windows = 0, tabs = 0, routeScopes = 0
        for _ in 0..<200 {
            let body = RandomGraphs.document(using: &generator)
            if body.contains("resetTabs") { resets += 1 }
            if body.contains("\nmodalScope: window") { windows += 1 }
            if body.contains("\nmodalScope: tab") || body.contains("{ modalScope: tab") { tabs += 1 }
            if body.contains("{ modalScope: ") { routeScopes += 1 }
        }
        #expect(resets >= 40 && windows >= 10 && tabs >= 20 && routeScopes >= 40,
                "\(resets) with reset steps, \(windows) with modalScope: window, \(tabs) with tab-scoped modals, \(routeScopes) with a route's")
        print("random graphs drawing modal scopes: \(resets) of 200 with reset steps, \(windows) with modalScope: window, \(tabs) with tab-scoped modals, \(routeScopes) with a route's own")
    }
}
