import NavGraphBenchmarkSupport
import NavGraphEngineAgreement
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// The no-trap check computes each tab's way home from every encoded home state and skips, in
/// each preimage, the actions that write none of the set's variables (docs/ARCHITECTURE.md,
/// "No trap, symbolically"). These graphs put on the way home what the skipping must not
/// skip: another tab's stack read by an event, a deep link's transaction, flags; both engines
/// must give the same verdicts and shortest traces.
@Suite("No trap, symbolically: each tab's way home")
struct SymbolicNoTrapTests {
    static func load(_ body: String) throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load("navgraph: 1\nname: NoTrap\n" + body, origin: "NoTrap.yaml")
    }

    @Test("hand-written ways home agree with the explicit engine", arguments: zip([
        // A cover closed only by an event that reads the other tab's stack: trapped while tab y
        // holds no d, not once it does (the way home reads tab y's slots).
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {}, c: {}, d: {} }\nevents: { close: { when: modal == c and stack(y) contains d, then: dismiss } }\ntransitions: [{ from: a, to: c, style: cover }, { from: b, to: d }]\nbounds: { maxStackDepth: 3 }\n",
        // The same cover left only by a deep link into tab y (its transaction dismisses the cover).
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: a, to: c, style: cover }]\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /b, route: b, tab: y, stack: [b], samples: [{ url: \"app://b\", expect: plan }] }\n",
        // A cover closed by an event that needs a flag another event sets only from tab y's pushed screen.
        "tabs: [{ name: x, root: a }, { name: y, root: b }]\nroutes: { a: {}, b: {}, c: {}, d: {} }\nflags: { f: false }\nevents: { arm: { when: top == d, set: { f: true } }, close: { when: f and modal == c, set: { f: false }, then: dismiss } }\ntransitions: [{ from: a, to: c, style: cover }, { from: b, to: d }, { from: d, to: c, style: cover }]\nbounds: { maxStackDepth: 2 }\n",
    ], [VerdictStatus.failed, .passed, .failed]))
    func handWritten(_ body: String, noTrap: VerdictStatus) throws {
        let graph = try Self.load(body)
        #expect(try EngineAgreement.differences(graph) == [])
        #expect(try SymbolicChecker(graph).run().verdicts.first { $0.name == "no trap" }?.status == noTrap)
    }

    @Test("a small app-shaped graph (two tabs, sheets, sign-in, logout) agrees, with its no-trap verdict")
    func smallAppShaped() throws {
        let graph = try GraphDocument.load(AppShapedGraph.document(tabs: 2, destinations: 2, sheets: 2, maxStackDepth: 2), origin: "AppShaped.yaml")
        #expect(try EngineAgreement.differences(graph) == [])
        let result = try SymbolicChecker(graph).run()
        #expect(result.verdicts.first { $0.name == "no trap" }?.status == .passed)
    }

    @Test("the phases of a run are each measured, and a phase left out costs nothing")
    func phases() throws {
        let graph = try GraphDocument.load(AppShapedGraph.document(tabs: 2, destinations: 2, sheets: 2, maxStackDepth: 2), origin: "AppShaped.yaml")
        var options = SymbolicChecker<DynamicRoute>.Options(checkTraps: false)
        options.tapDistances = false
        let (_, figures) = try SymbolicChecker(graph, options: options).runWithFigures()
        #expect(figures.phases[.noTrap] == 0)
        #expect(figures.phases[.tapsToReach] == 0)
        #expect(figures.phases[.declaredProperties] == 0)
        #expect(figures.phases.seconds.count == SymbolicPhaseTimes.Phase.allCases.count)
        #expect(figures.phases.seconds.allSatisfy { $0 >= 0 })
    }
}
