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

    @Test("tab-scoped modals go to the explicit engine, which says why")
    func tabScopedRefused() throws {
        let graph = try Self.load("tabs: [{ name: x, root: a }, { name: y, root: b }]\nmodalScope: tab\nroutes: { a: {}, b: {}, s: {} }\ntransitions: [{ from: a, to: s, style: sheet }]\n")
        #expect(SymbolicEngine.unsupported(graph) == ["modals that belong to their tab (modalScope: tab)"])
        #expect(throws: SymbolicError.unsupported(["modals that belong to their tab (modalScope: tab)"])) { try SymbolicChecker(graph).run() }
    }

    @Test("the random graphs the agreement test compares draw reset steps and window scopes")
    func randomGraphsDrawThem() throws {
        // The agreement test's own seed and count: these documents are the ones it compares.
        var generator = SeededGenerator(seed: 20)
        var resets = 0, graphScopes = 0, routeScopes = 0
        for _ in 0..<200 {
            let body = RandomGraphs.document(using: &generator)
            if body.contains("resetTabs") { resets += 1 }
            if body.contains("\nmodalScope: window") { graphScopes += 1 }
            if body.contains("{ modalScope: window") { routeScopes += 1 }
        }
        #expect(resets >= 40 && graphScopes >= 10 && routeScopes >= 40, "\(resets) with reset steps, \(graphScopes) with a graph scope, \(routeScopes) with a route's")
        print("random graphs drawing modal scopes: \(resets) of 200 with reset steps, \(graphScopes) with modalScope: window, \(routeScopes) with a route's")
    }
}
