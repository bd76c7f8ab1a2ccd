import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// The atoms over every tab, every modal and the route below the top, in both engines; and
/// the deep-link forms the symbolic engine refuses, named.
@Suite("Symbolic engine: conditions over every tab, every modal, the route below")
struct StateAtomAgreementTests {
    @Test("graphs guarded, conditioned and checked by the new atoms agree", arguments: [
        // A tab's stack read while the other tab is selected, in a guard, a transition and an invariant.
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes:\n  a: {}\n  b: {}\n  c: {}\n  d: { requires: stack(x) contains c, otherwise: cancel }\n"
            + "transitions: [{ from: a, to: c }, { from: b, to: d }, { from: b, to: c, when: not stack(x) contains c }]\n"
            + "invariants: { i: top == d implies stack(x) contains c, j: stack(y) contains c implies not stack(x) contains c }\nbounds: { maxStackDepth: 3 }\n",
        // Any open modal, past the topmost and past each layer's root, and a cover over a sheet.
        "root: a\nroutes: { a: {}, s: {}, c: {}, p: {} }\n"
            + "transitions: [{ from: a, to: s, style: sheet }, { from: s, to: c, style: cover }, { from: c, to: p, when: modals contains s }, "
            + "{ from: s, to: s, style: sheet, when: not modals contains c }, { from: s, to: p }, { from: p, to: c, style: cover, when: not modals contains c }]\n"
            + "invariants: { i: modal == c implies modals contains s, j: not (modals contains s and modals contains p) }\nbounds: { maxModalDepth: 3, maxStackDepth: 2 }\n",
        // The route below the top, in the active stack of a tab or a modal.
        "root: a\nroutes: { a: {}, b: {}, c: {}, s: {} }\nflags: { f: false }\n"
            + "events: { flip: { when: below == b, set: { f: true } } }\n"
            + "transitions: [{ from: a, to: b }, { from: b, to: c }, { from: c, to: b, when: below != a }, { from: b, to: s, style: sheet }, { from: s, to: a }]\n"
            + "invariants: { i: top == c implies below == b, j: f implies not (below == a) }\nbounds: { maxStackDepth: 4, maxModalDepth: 1 }\n",
    ])
    func agree(_ body: String) throws {
        let graph = try SymbolicAgreementTests.load(body)
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("a link that pushes, expected by state, is modelled and agrees")
    func pushAndOutcomeByState() throws {
        let graph = try SymbolicAgreementTests.load("""
            root: a
            routes: { a: {}, b: {} }
            flags: { f: false }
            events: { on: { set: { f: true } } }
            transitions: [{ from: a, to: b }]
            bounds: { maxStackDepth: 3 }
            deepLinks:
              schemes: [app]
              links:
                - { pattern: /b, route: b, stack: [b], mode: push, samples: [{ url: "app://b", expect: [{ when: f, outcome: rejected }, { outcome: plan }] }] }

            """)
        #expect(SymbolicEngine.unsupported(graph) == [])
        #expect(try EngineAgreement.differences(graph) == [])
    }
}
