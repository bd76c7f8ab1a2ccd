import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// A move that needs sign-in reroutes to the sign-in cover, and its retry waits for the cover
/// to go: explored through the runtime, judged by the reroutes-that-never-help property, and
/// replayed through the app's store.
@MainActor
@Suite("Retries after a rerouted flow, in the explorer")
struct RerouteRetryTests {
    /// Checkout needs sign-in; signing in sets the flag and dismisses the cover, cancelling only
    /// dismisses it. A screen pushed inside the cover and popped again leaves the retry waiting
    /// (and lets the explorer undo and patch steps from states with a pending retry). `signInSets` empty makes the variant whose sign-in cannot set the flag.
    nonisolated static func signIn(signInSets: String = "set: { signedIn: true }, ", invariants: String = "") -> String {
        """
        navgraph: 1
        name: SignInReroute
        root: home
        routes:
          home: {}
          product: {}
          checkout: {}
          signIn: { owner: app, style: cover, priority: high }
          forgotPassword: {}
        flags:
          signedIn: false
        events:
          signInSucceeded: { when: "top == signIn", \(signInSets)then: dismiss }
          signInCancelled: { when: "top == signIn", then: dismiss }
        transitions:
          - { from: home, to: product }
          - { from: product, to: checkout, reroute: { to: signIn, when: "not signedIn" } }
          - { from: signIn, to: forgotPassword }
        \(invariants)
        """
    }

    static let checkout = "push product → checkout"

    @Test("a retry that a guard always redirects elsewhere does not help: the property fails")
    func redirectedRetryDoesNotHelp() throws {
        // Signing in works, but checkout's guard always sends the move to an empty-cart screen.
        let text = Self.signIn().replacingOccurrences(of: "  checkout: {}\n", with: "  checkout: { requires: cartFull, otherwise: { redirect: emptyCart } }\n  emptyCart: {}\n")
            .replacingOccurrences(of: "  signedIn: false\n", with: "  signedIn: false\n  cartFull: false\n")
        let graph = try GraphDocument.load(text, origin: "redirected.yaml")
        let result = try Checker(graph).run()
        let verdict = try #require(result.verdicts.first { $0.kind == .reroutesNeverHelp })
        #expect(verdict.status == .failed, "\(verdict.message)")
        #expect(verdict.message.contains("push product → checkout reroutes to signIn"), "\(verdict.message)")
    }

    @Test("signed out, checkout presents sign-in with the retry pending; signing in runs it, cancelling gives it up")
    func bothOutcomes() throws {
        let graph = try GraphDocument.load(Self.signIn(), origin: "sign-in.yaml")
        let model = GraphModel(graph: graph)
        let product = model.apply(.transition(0, sample: 0), to: try graph.initialState()).state
        let rerouted = model.apply(.transition(1, sample: 0), to: product)
        #expect(rerouted.state.top?.name == "signIn")
        #expect(rerouted.state.pendingRetry?.action == Self.checkout)
        #expect(rerouted.reroutes == [RerouteEffect(action: Self.checkout, kind: .rerouted(to: "signIn"))])
        #expect(rerouted.succeeded)
        // Inside the flow the retry waits: a screen pushed on the cover and popped again.
        let forgot = model.apply(.transition(2, sample: 0), to: rerouted.state)
        #expect(forgot.state.top?.name == "forgotPassword" && forgot.reroutes.isEmpty)
        #expect(forgot.state.pendingRetry == rerouted.state.pendingRetry)
        #expect(model.apply(.back, to: forgot.state).state == rerouted.state)

        let signedIn = model.apply(.event(0), to: rerouted.state)
        #expect(signedIn.state.activeStack.routes.map(\.name) == ["home", "product", "checkout"])
        #expect(signedIn.state.pendingRetry == nil)
        #expect(signedIn.reroutes == [RerouteEffect(action: Self.checkout, kind: .retried(succeeded: true))])

        let cancelled = model.apply(.event(1), to: rerouted.state)
        #expect(cancelled.state == product)
        #expect(cancelled.reroutes.map(\.action) == [Self.checkout])
        #expect(!cancelled.reroutes.contains { $0.helped })
        guard case .gaveUp(let reason)? = cancelled.reroutes.first?.kind else {
            Issue.record("expected the retry to be given up: \(cancelled.reroutes)")
            return
        }
        #expect(reason.contains("rerouted again, to signIn"))

        let result = try Checker(graph).run()
        #expect(result.passed, "\(result.failures.map(\.message))")
        #expect(result.verdicts.first { $0.kind == .reroutesNeverHelp }?.message == "every move that reroutes is retried successfully on some path")
        // The states with the retry pending are states of their own.
        let states = try Checker(graph).stateGraph(maxStates: 1_000).states
        #expect(states.contains { $0.pendingRetry != nil })
        #expect(states.contains { $0.top?.name == "checkout" })
    }

    @Test("when sign-in cannot set the flag, the reroute never helps: failed, with the shortest trace to where it reroutes")
    func neverHelps() throws {
        let graph = try GraphDocument.load(Self.signIn(signInSets: ""), origin: "sign-in.yaml")
        let result = try Checker(graph).run()
        // Checkout is never reached either: the reroute was its only way in.
        #expect(result.failures.map(\.kind) == [.reroutesNeverHelp, .routeReachability])
        #expect(result.routeCoverage.unreached == ["checkout"])
        let verdict = try #require(result.failures.first)
        #expect(verdict.name == "reroutes that never help")
        #expect(verdict.message == "push product → checkout reroutes to signIn, and its retry never runs successfully in any reachable state (neither at once nor after signIn's flow ends)")
        let trace = try #require(verdict.trace)
        let model = GraphModel(graph: graph)
        #expect(trace.steps.compactMap(\.action).map(model.label(of:)) == ["push home → product", Self.checkout])
        #expect(trace.finalState?.top?.name == "signIn")
        #expect(trace.finalState?.pendingRetry?.action == Self.checkout)
        #expect(verdict.location?.line == 17)
        // Still covered: the move ran (its request presented the cover).
        #expect(!result.transitionCoverage.unreached.contains(Self.checkout))
    }

    @Test("a counterexample through a pending retry replays through the app's store, step by step")
    func replaysThroughTheStore() throws {
        let graph = try GraphDocument.load(Self.signIn(invariants: "invariants:\n  never at checkout: \"top != checkout\""), origin: "sign-in.yaml")
        let result = try Checker(graph).run()
        let failure = try #require(result.failures.first { $0.name == "never at checkout" })
        let trace = try #require(failure.trace)
        let model = GraphModel(graph: graph)
        #expect(trace.steps.compactMap(\.action).map(model.label(of:)) == ["push home → product", Self.checkout, "event signInSucceeded"])
        let store = try NavigationStore(graph: graph)
        var sawPending = false
        for step in trace.steps.dropFirst() {
            guard let action = step.action else { continue }
            Self.run(action, of: graph, in: store)
            sawPending = sawPending || store.state.pendingRetry != nil
            #expect(store.state == step.state, "after \(model.label(of: action))")
        }
        #expect(sawPending)
        #expect(store.state.top?.name == "checkout")
    }

    @Test("every action from every reachable state does in the app's store what it does in the explorer, retries included",
          arguments: [RerouteRetryTests.signIn(), RerouteRetryTests.signIn(signInSets: ""), RequestPropertyTests.rerouting])
    func storeAgrees(document: String) throws {
        let graph = try GraphDocument.load(document, origin: "agreement.yaml")
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        var retried = 0, pending = 0
        for state in try Checker(graph).stateGraph(maxStates: 5_000).states {
            pending += state.pendingRetry == nil ? 0 : 1
            for action in model.actions(in: state) {
                let step = model.apply(action, to: state)
                store.restore(state)
                Self.run(action, of: graph, in: store)
                #expect(store.state == step.state, "\(model.label(of: action)) from \(state)")
                retried += step.reroutes.contains { if case .rerouted = $0.kind { false } else { true } } ? 1 : 0
            }
        }
        #expect(pending > 0 && retried > 0, "\(pending) states with a pending retry, \(retried) steps that retried or gave up")
    }

    /// What the app does for `action`: the store's own calls, as a host would make them.
    static func run(_ action: ExplorerAction, of graph: NavigationGraph<DynamicRoute>, in store: NavigationStore<DynamicRoute>) {
        switch action {
        case .transition(let index, let sample):
            let transition = graph.transitions[index]
            let target = graph.targets(of: transition)[sample]
            if let reroutable = graph.reroutableAction(for: transition, to: target) {
                store.perform(reroutable)
            } else {
                store.execute(NavigationGraph<DynamicRoute>.command(to: target, style: transition.style, in: store.state))
            }
        case .event(let index): store.fire(named: graph.events[index].name)
        case .back:
            // The swipe back: the path above the root, one route shorter.
            store.reconcile(.path(Array(store.state.activeStack.routes.dropFirst().dropLast()), at: store.state.activeLocation))
        case .dismissSheet: store.reconcile(.modalDismissed(level: store.state.modals.count - 1))
        case .selectTab(let index): store.reconcile(.tabSelected(graph.tabs[index].id))
        case .openLink, .resumePending: Issue.record("the graphs have no deep links")
        }
    }

    @Test("a move's retry is given up when the flow ended by leaving its screen's tab, and runs when the flow ended in place")
    func leftTheScreen() async throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Tabbed
            tabs:
              - { name: shop, root: home }
              - { name: account, root: me }
            routes:
              home: {}
              product: {}
              checkout: {}
              me: {}
              signIn: { owner: app, style: cover, priority: high }
            flags:
              signedIn: false
            transitions:
              - { from: home, to: product }
              - { from: product, to: checkout, reroute: { to: signIn, when: "not signedIn" } }
            """, origin: "tabbed.yaml")
        let transition = graph.transitions[1]
        let target = try #require(graph.representative(of: "checkout"))
        let checkout = try #require(graph.reroutableAction(for: transition, to: target))
        var events: [NavigationEvent<DynamicRoute>] = []
        for leaving in [true, false] {
            let store = try NavigationStore(graph: graph)
            let stream = store.events()
            store.execute(.push(DynamicRoute("product")))
            guard case .retryPending = store.perform(checkout) else {
                Issue.record("expected a pending retry")
                return
            }
            store.execute(.setFlag("signedIn", true))
            // Selecting a tab dismisses the cover: the flow ended, but product is not shown.
            store.execute(leaving ? .selectTab("account") : .dismiss)
            #expect(store.state.pendingRetry == nil)
            #expect(store.state.top?.name == (leaving ? "me" : "checkout"))
            var iterator = stream.makeAsyncIterator()
            events = []
            while events.count < 5, let event = await iterator.next() { events.append(event) }
            guard case .retried(let outcome, _)? = events.last else {
                Issue.record("expected the retry's event last: \(events)")
                return
            }
            if leaving {
                #expect(outcome == .gaveUp(outcome.retry, because: .unavailable("product is no longer shown (on the selected tab's stack or a presented modal)")))
            } else {
                #expect(outcome.succeeded)
            }
        }
    }

    @Test("the symbolic engine refuses a graph whose moves reroute, naming them")
    func symbolicRefuses() throws {
        let graph = try GraphDocument.load(Self.signIn(), origin: "sign-in.yaml")
        #expect(SymbolicEngine.unsupported(graph).contains("moves that reroute (a pending retry waits in the state until the rerouted flow ends)"))
        #expect(try GraphCheck.run(graph).engine.engine == .explicit)
    }
}
