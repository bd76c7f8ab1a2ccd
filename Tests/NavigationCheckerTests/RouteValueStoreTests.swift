import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Route values in guards, events and transitions: the app's store does what the explorer does.
@MainActor
@Suite("Route values in conditions, in the store and the explorer")
struct RouteValueStoreTests {
    /// Only alice's account needs sign-in (a guard on a value redirecting to a sheet); following
    /// works only on alice's account (an event on a value); a thread opens only over my account
    /// (a transition on a value); inline lists on both ends.
    nonisolated static let document = """
        navgraph: 1
        name: Values
        root: home
        routes:
          home: {}
          account:
            params: { id: [me, alice] }
            requires: "not stack contains account(id: alice) or signedIn"
            otherwise: { redirect: signIn, style: sheet }
          thread: { params: { id: [1, 2] } }
          signIn: {}
        flags: { signedIn: false, following: false }
        events:
          signIn: { when: "top == signIn", set: { signedIn: true }, then: dismiss }
          follow: { when: "top == account(id: alice) and not following", set: { following: true } }
        transitions:
          - { from: [home, thread], to: account }
          - { from: account, to: thread, when: "top == account(id: me)" }
          - { from: [account, thread], to: [home], style: replace }
        invariants:
          following needs alice: "following implies signedIn"
        bounds: { maxStackDepth: 3, maxModalDepth: 1 }
        """

    @Test("every action from every reachable state does in the app's store what it does in the explorer")
    func storeAgrees() throws {
        let graph = try GraphDocument.load(Self.document, origin: "values.yaml")
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        var redirected = 0, states = 0
        for state in try Checker(graph).stateGraph(maxStates: 5_000).states {
            states += 1
            for action in model.actions(in: state) {
                let step = model.apply(action, to: state)
                store.restore(state)
                RerouteRetryTests.run(action, of: graph, in: store)
                #expect(store.state == step.state, "\(model.label(of: action)) from \(state)")
                redirected += step.state.top?.name == "signIn" && state.top?.name != "signIn" ? 1 : 0
            }
        }
        #expect(states > 5 && redirected > 0, "\(states) states, \(redirected) steps redirected to sign-in")
    }

    @Test("the guard reads the value: my account opens signed out, alice's redirects")
    func guardOnValue() throws {
        let graph = try GraphDocument.load(Self.document, origin: "values.yaml")
        let store = try NavigationStore(graph: graph)
        _ = store.send(.go(DynamicRoute("account", arguments: [.init(name: "id", value: "me")])))
        #expect(store.state.top?.description == "account(id: me)")
        _ = store.send(.back)
        _ = store.send(.go(DynamicRoute("account", arguments: [.init(name: "id", value: "alice")])))
        #expect(store.state.top?.name == "signIn")
    }
}
