import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Route values in conditions and inline lists in transitions, on hand-written graphs: the
/// symbolic engine models both and agrees with the explicit engine on states, transitions,
/// every verdict and every shortest trace length.
@Suite("Both engines read route values and inline lists alike")
struct RouteValueAgreementTests {
    @Test("hand-written graphs with route values and inline lists", arguments: [
        // An invariant on one value fails (alice's account over home), the other value holds.
        "root: a\nroutes: { a: {}, p: { params: { id: [me, alice] } } }\ntransitions: [{ from: a, to: p }, { from: p, to: p }]\ninvariants:\n  me only over a: 'top == p(id: me) implies below == a'\n  never alice twice: 'count(p(id: alice)) < 2'\nbounds: { maxStackDepth: 3 }\n",
        // A transition offered only while one value is on the stack; a guard on a value; an event on one.
        "root: a\nroutes:\n  a: {}\n  p: { params: { id: [1, 2] } }\n  s: { requires: 'stack contains p(id: 2)' }\nflags: { f: false }\nevents: { mark: { when: 'top == p(id: 1)', set: { f: true } } }\ntransitions: [{ from: a, to: p }, { from: p, to: s, when: 'below != p(id: 1)' }]\ninvariants:\n  marked: 'f implies stack contains p(id: 1)'\nbounds: { maxStackDepth: 3 }\n",
        // Values in modals: the topmost modal's route, any open modal, a tab's stack, a tab shown on a value.
        "tabs: [{ name: x, root: a }, { name: y, root: b, when: 'not stack(x) contains p(id: 2)' }]\nroutes: { a: {}, b: {}, p: { params: { id: [1, 2] } } }\ntransitions: [{ from: a, to: p, style: sheet }, { from: p, to: p }, { from: a, to: p }]\ninvariants:\n  one: 'modal == p(id: 1) implies not modals contains p(id: 2)'\nbounds: { maxStackDepth: 3, maxModalDepth: 1 }\n",
        // Inline lists on both ends, and a list next to a group.
        "root: a\nroutes: { a: {}, b: {}, c: {}, d: {} }\ngroups: { ends: [c, d] }\ntransitions: [{ from: [a, b], to: [c, d] }, { from: a, to: [b], style: sheet }, { from: ends, to: [a, b], style: replace }]\nbounds: { maxStackDepth: 3, maxModalDepth: 1 }\n",
    ])
    func handWritten(_ body: String) throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: Values\n" + body, origin: "Values.yaml")
        #expect(SymbolicEngine.unsupported(graph) == [])
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("the random graphs the agreement test compares draw route values and inline lists, and load")
    func randomGraphsDrawThem() throws {
        // The seed SymbolicAgreementTests' 200 random graphs start from.
        var generator = SeededGenerator(seed: 20)
        var valued = 0, listed = 0
        for index in 0..<200 {
            let body = RandomGraphs.document(using: &generator)
            _ = try GraphDocument.load("navgraph: 1\nname: Random\(index)\n" + body, origin: "Random\(index).yaml")
            valued += body.contains("(id: ") ? 1 : 0
            listed += body.contains("from: [") || body.contains("to: [") ? 1 : 0
        }
        #expect(valued >= 15 && listed >= 40, "\(valued) graphs with route values, \(listed) with inline lists")
    }

    @Test("a Swift graph's typed route values: the same verdicts on the graph itself and its export, on which both engines agree")
    func typedValues() throws {
        let graph = try NavigationGraph<ValueRoute>("TypedValues") {
            Tab("home", root: .timeline)
            Flag("signedIn")
            Push(.timeline, eachSampleOf: .account(handle: "me"))
            Sheet(.account(handle: "me"), .login(reason: "browse"), when: .top(isExactly: .account(handle: "me")))
            Event("signIn", when: .modal(isExactly: .login(reason: "browse")), set: ["signedIn": true], then: [.dismiss])
            Invariant("alice needs sign-in", .top(isExactly: .account(handle: "alice")).implies("signedIn"))
            Invariant("my account once", .count(exactly: .account(handle: "me")) <= 1)
            Bounds(maxStackDepth: 3, maxModalDepth: 1, maxStates: 10_000)
        }
        let exported = try GraphDocument.load(try GraphDocument.export(graph), origin: "TypedValues.yaml")
        let swift = try Checker(graph).run(), document = try Checker(exported).run()
        #expect(swift.verdicts.map { "\($0.name): \($0.status)" } == document.verdicts.map { "\($0.name): \($0.status)" })
        // compose, settings and status have no transitions here, so "every route reachable" fails too.
        #expect(swift.failures.map(\.name).filter { $0 != "every route reachable" } == ["alice needs sign-in"])
        #expect(try EngineAgreement.differences(exported) == [])
    }
}
