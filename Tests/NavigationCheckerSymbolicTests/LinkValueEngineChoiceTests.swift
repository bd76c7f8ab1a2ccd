import Foundation
import NavGraphEngineAgreement
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Issue 30: a link sample whose value is none of its route's samples (`social://@bob` where
/// `account`'s samples are alice and me) no longer sends the whole graph to the explicit engine.
/// `auto` hands a graph past the explicit probe to the symbolic engine, and its verdict on the
/// outside value is the right one, with the trace the runtime replays.
@Suite("A link value outside its route's samples stays on the symbolic engine")
struct LinkValueEngineChoiceTests {
    /// Only a link opens bob's profile: the invariant holds on every account the transitions
    /// reach and fails on bob's. `maxStates` (below the explicit probe's) makes `auto` hand the
    /// graph over, as a real app's size would.
    static func document(maxStates: Int) -> String {
        """
        navgraph: 1
        name: Profiles
        root: home
        routes:
          home: {}
          account: { params: { user: [alice, me] } }
        transitions:
          - { from: home, to: account }
          - { from: account, to: account, with: { user: me } }
        invariants:
          only known profiles: "not (top == account) or top == account(user: alice) or top == account(user: me)"
        deepLinks:
          schemes: [social]
          links:
            - { pattern: "/@:user", route: account, stack: [account], mode: push, samples: [{ url: "social://@alice", expect: plan }, { url: "social://@bob", expect: plan }] }
        bounds: { maxStackDepth: 3, maxModalDepth: 0, maxStates: \(maxStates) }
        """
    }

    @Test("auto chooses the symbolic engine, which finds bob's profile breaking the invariant in one step, as the explicit engine does")
    func staysSymbolic() throws {
        let graph = try GraphDocument.load(Self.document(maxStates: 5), origin: "Profiles.navgraph.yaml")
        #expect(SymbolicEngine.unsupported(graph) == [])
        let chosen = try EngineChoice.choose(.automatic, for: graph).get()
        #expect(chosen.engine == .symbolic && chosen.fallbackReasons.isEmpty, "\(chosen.summary)")

        let run = try GraphCheck.run(graph)
        #expect(run.engine.engine == .symbolic, "\(run.engine.summary)")
        #expect(run.engine.fallbackReasons.isEmpty)
        let verdict = try #require(run.result.verdicts.first { $0.name == "only known profiles" })
        #expect(verdict.status == .failed)
        let trace = try #require(verdict.trace)
        let labels = trace.actions.map(GraphModel(graph: graph).label(of:))
        #expect(labels == ["open social://@bob"], "\(labels)")
        let bob = DynamicRoute("account", arguments: [.init(name: "user", value: "bob")])
        #expect(try Checker(graph).replay(trace.actions).last?.top == bob)
        // The deep-link samples themselves hold: bob's is planned and lands.
        #expect(run.result.verdicts.first { $0.kind == .deepLinks }?.status == .passed)

        // Without the state cap the explicit engine finishes it: both engines agree on everything.
        let whole = try GraphDocument.load(Self.document(maxStates: 100_000), origin: "Profiles.navgraph.yaml")
        #expect(try EngineAgreement.differences(whole) == [])
        let explicit = try Checker(whole).run()
        #expect(explicit.verdicts.first { $0.name == "only known profiles" }?.trace?.actions.count == 1)
    }
}
