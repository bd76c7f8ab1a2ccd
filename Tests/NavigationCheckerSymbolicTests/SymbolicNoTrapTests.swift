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

    /// The Mastodon sample's shape in small: tabs shown by sign-in state, the selection kept
    /// on a hidden tab, sign-in only from another tab's root, sign-out from a sheet. A signed-in
    /// tab's way home passes through that other tab's stack (popped to its root to sign in), so
    /// the chained seed must close the set under both tabs' Back (issue 35).
    static func signInShaped(signOutPops: Bool, depth: Int) -> String {
        """
        tabs: [{ name: timeline, root: timeline }, { name: profile, root: profile, when: signedIn }, { name: settings, root: settings, when: not signedIn }]
        tabBar: { fallback: timeline, hiddenSelection: stay }
        routes: { timeline: {}, profile: {}, settings: {}, status: {}, account: {}, signIn: {}, settingsSheet: {} }
        flags: { signedIn: false }
        events:
          signedIn: { when: not signedIn and top == signIn, set: { signedIn: true }, then: dismissAll }
          signOut: { when: signedIn and modal == settingsSheet, set: { signedIn: false }, then: \(signOutPops ? "[dismissAll, popToRoot]" : "dismissAll") }
        transitions:
          - { from: timeline, to: status }
          - { from: status, to: account }
          - { from: account, to: status }
          - { from: profile, to: account }
          - { from: settings, to: status }
          - { from: timeline, to: signIn, style: sheet, when: not signedIn }
          - { from: profile, to: settingsSheet, style: sheet }
        bounds: { maxStackDepth: \(depth) }

        """
    }

    @Test("a way home through another tab and a flag (sign in from the timeline's root) agrees with the explicit engine",
          arguments: [(true, 2), (true, 4), (false, 3)])
    func signInShapedAgrees(signOutPops: Bool, depth: Int) throws {
        let graph = try Self.load(Self.signInShaped(signOutPops: signOutPops, depth: depth))
        #expect(try EngineAgreement.differences(graph) == [])
        let explicit = try Checker(graph).run().verdicts.first { $0.name == "no trap" }
        let symbolic = try SymbolicChecker(graph).run().verdicts.first { $0.name == "no trap" }
        #expect(symbolic?.status == explicit?.status)
        #expect(symbolic?.trace?.actions.count == explicit?.trace?.actions.count)
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
