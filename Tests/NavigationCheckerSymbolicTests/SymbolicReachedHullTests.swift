import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// The backward searches from a home or a target (no trap, can-reach) cut a set that outgrows
/// its limit down to the reachable set's block hull (docs/ARCHITECTURE.md, "No trap,
/// symbolically"). On small graphs no set outgrows the limit, so these tests ask for the hull
/// from the first step (`backwardSetsInHull`): the verdicts, messages and shortest trace
/// lengths must still be the explicit engine's.
@Suite("No trap and can-reach, symbolically: sets cut to the reachable set's block hull")
struct SymbolicReachedHullTests {
    static func load(_ body: String, name: String) throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load("navgraph: 1\nname: \(name)\n" + body, origin: "\(name).yaml")
    }

    /// The differences between the explicit engine's verdicts and the symbolic engine's with
    /// every backward set in the hull: status, message and trace length per property.
    static func differences(_ graph: NavigationGraph<DynamicRoute>, explicit: CheckResult<DynamicRoute>) throws -> [String] {
        var options = SymbolicChecker<DynamicRoute>.Options()
        options.backwardSetsInHull = true
        let symbolic = try SymbolicChecker(graph, options: options).run()
        guard explicit.verdicts.map(\.name) == symbolic.verdicts.map(\.name) else {
            return ["verdicts: explicit \(explicit.verdicts.map(\.name)), symbolic \(symbolic.verdicts.map(\.name))"]
        }
        var differences: [String] = []
        for (a, b) in zip(explicit.verdicts, symbolic.verdicts) {
            if a.status != b.status { differences.append("\(a.name): explicit \(a.status), symbolic \(b.status)") }
            if a.message != b.message { differences.append("\(a.name): explicit '\(a.message)', symbolic '\(b.message)'") }
            if a.trace?.actions.count != b.trace?.actions.count {
                differences.append("\(a.name): trace of \(a.trace?.actions.count ?? -1) actions explicit, \(b.trace?.actions.count ?? -1) symbolic")
            }
        }
        return differences
    }

    /// The Mastodon sample's way home in small, with tab-scoped sheets: signed in on the
    /// hidden settings tab, home is the profile tab's settings sheet, signing out, and a tap.
    static func tabScopedSignIn(depth: Int, trapped: Bool) -> String {
        """
        tabs: [{ name: timeline, root: timeline }, { name: profile, root: profile, when: signedIn }, { name: settings, root: settings, when: not signedIn }]
        tabBar: { fallback: timeline, hiddenSelection: stay, reselect: keep }
        modalScope: tab
        routes: { timeline: {}, profile: {}, settings: {}, status: {}, account: {}, signIn: { modalScope: window }, settingsSheet: {}, compose: {} }
        flags: { signedIn: false }
        events:
          signedIn: { when: not signedIn and top == signIn, set: { signedIn: true }, then: dismissAll }
          signOut: { when: signedIn and modal == settingsSheet, set: { signedIn: false }, then: [dismissAll, popToRoot] }
        transitions:
          - { from: timeline, to: status }
          - { from: status, to: account }
          - { from: account, to: status }
          - { from: profile, to: account }
          - { from: settings, to: status }
          - { from: timeline, to: signIn, style: sheet, when: not signedIn }
          - { from: settings, to: signIn, style: sheet, when: not signedIn }
          - { from: profile, to: settingsSheet, style: sheet }
          - { from: status, to: compose, style: \(trapped ? "cover" : "sheet") }
        bounds: { maxStackDepth: \(depth) }

        """
    }

    @Test("tab-scoped sign-in and sign-out ways home agree with the explicit engine, trapped or not",
          arguments: [(2, false), (3, false), (2, true)])
    func tabScopedSignInAgrees(depth: Int, trapped: Bool) throws {
        let graph = try Self.load(Self.tabScopedSignIn(depth: depth, trapped: trapped), name: "HullSignIn")
        let explicit = try Checker(graph).run()
        #expect(explicit.cutoff == nil)
        #expect(try Self.differences(graph, explicit: explicit) == [])
        #expect(explicit.verdicts.first { $0.name == "no trap" }?.status == (trapped ? .failed : .passed))
    }

    @Test("a declared can-reach property agrees with the hull from the first step")
    func canReachAgrees() throws {
        let graph = try Self.load(Self.tabScopedSignIn(depth: 2, trapped: true) + """
        properties:
          back to settings: { from: "signedIn", canReach: "tab == settings and top == settings" }
          compose always leaves: { from: "modal == compose", canReach: "top == timeline and modalDepth == 0" }

        """, name: "HullCanReach")
        let explicit = try Checker(graph).run()
        #expect(try Self.differences(graph, explicit: explicit) == [])
        #expect(explicit.verdicts.contains { $0.name == "compose always leaves" && $0.status == .failed })
    }

    @Test("80 seeded random graphs give the same verdicts with every backward set in the hull")
    func randomGraphs() throws {
        var generator = SeededGenerator(seed: 30)
        var failures: [String] = []
        var compared = 0
        var index = 0
        while compared < 80 && index < 120 {
            defer { index += 1 }
            let body = RandomGraphs.document(using: &generator)
            let graph = try Self.load(body, name: "Hull\(index)")
            let explicit = try Checker(graph).run()
            guard explicit.cutoff == nil else { continue }
            compared += 1
            let differences: [String]
            do { differences = try Self.differences(graph, explicit: explicit) } catch { differences = ["error: \(error)"] }
            if !differences.isEmpty { failures.append("graph \(index):\n\(body)\n\(differences.joined(separator: "\n"))") }
        }
        #expect(compared == 80)
        #expect(failures.isEmpty, "\(failures.count) graphs disagree; first:\n\(failures.first ?? "")")
    }
}
