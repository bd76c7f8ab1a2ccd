import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// What the explorer checks is what the app runs: events, middleware and the store from a graph.
@MainActor
@Suite("The explorer and the app's runtime agree")
struct RuntimeAgreementTests {
    @Test("every event of every sample graph does the same in the store as in the explorer, from every reachable state",
          arguments: SampleGraphs.explicitSized)
    func eventsAgree(file: String) throws {
        let graph = try SampleGraphs.load(file)
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        let states = try Checker(graph).stateGraph(maxStates: 50_000).states
        #expect(store.appEvents.map(\.name) == graph.events.map(\.name))
        var fired = 0
        for state in states {
            let enabled = Set(model.actions(in: state).compactMap { action -> Int? in
                if case .event(let index) = action { return index }
                return nil
            })
            for index in graph.events.indices {
                let event = store.appEvents[index]
                #expect(enabled.contains(index) == event.isEnabled(in: state), "event \(event.name) in \(state)")
                guard enabled.contains(index) else { continue }
                let step = model.apply(.event(index), to: state)
                store.restore(state)
                let result = store.fire(event)
                // After any command the store gives a parked deep link its chance to resume;
                // the explorer makes that its own action, so it also holds the state between.
                let expected = step.state.pendingDeepLink == nil ? step.state : model.apply(.resumePending, to: step.state).state
                #expect(store.state == expected, "event \(event.name) from \(state)")
                let unsuccessful = result.stepResults.filter { result in
                    if case .success = result { return false }
                    if case .redirected(_, .success) = result { return false }
                    // A presented request succeeded; the explorer keeps its resolution apart.
                    if result.resolution?.presentation != nil { return false }
                    return true
                }
                #expect(unsuccessful == step.unsuccessful, "event \(event.name) from \(state)")
                fired += 1
            }
        }
        // Every sample graph declares events, and each fires from some reachable state.
        #expect(!graph.events.isEmpty)
        #expect(fired > 0)
    }

    @Test("the store built from a sample graph starts where the explorer starts and runs its guards and links",
          arguments: SampleGraphs.names)
    func storeFromGraph(file: String) throws {
        let graph = try SampleGraphs.load(file)
        let store = try graph.makeStore()
        #expect(store.state == (try graph.initialState()))
        #expect(store.middlewareNames == graph.makeExecutor().middleware.names)
        #expect((store.deepLinks == nil) == (graph.deepLinks == nil))
    }

    /// A composer that must not be shown signed out; the graph itself declares no guard.
    static let composerYAML = """
        navgraph: 1
        name: Composer
        root: home
        routes: { home: {}, composer: {}, login: {} }
        flags: { signedIn: false }
        events:
          login: { when: not signedIn and top == login, set: { signedIn: true }, then: dismiss }
          logout: { when: signedIn, set: { signedIn: false }, then: popToRoot }
        transitions:
          - { from: home, to: composer }
          - { from: home, to: login, style: sheet, when: not signedIn }
        invariants:
          composer needs sign-in: top == composer implies signedIn
        bounds: { maxStackDepth: 3, maxModalDepth: 1 }
        """

    /// The app's sign-in guard, written in Swift: the composer asked for while signed out shows
    /// the login sheet instead.
    struct SignInGuard: NavigationMiddleware {
        let composer: DynamicRoute
        let login: DynamicRoute

        func willExecute(_ command: NavigationCommand<DynamicRoute>, context: MiddlewareContext<DynamicRoute>) -> MiddlewareDecision<DynamicRoute> {
            guard command == .push(composer), !context.state.isSet("signedIn") else { return .proceed }
            return .redirect(.present(login, style: .sheet))
        }
    }

    static func composerGraph(withGuard: Bool) throws -> NavigationGraph<DynamicRoute> {
        let graph = try GraphDocument.load(composerYAML, origin: "composer.yaml")
        guard withGuard else { return graph }
        let composer = try #require(graph.representative(of: "composer"))
        let login = try #require(graph.representative(of: "login"))
        return graph.addingMiddleware(SignInGuard(composer: composer, login: login), name: "sign-in guard")
    }

    @Test("the app's own middleware, registered on the graph, changes the explorer's verdict")
    func appMiddlewareChangesVerdict() throws {
        let invariant = "composer needs sign-in"
        let unguarded = try Checker(try Self.composerGraph(withGuard: false)).run()
        let verdict = try #require(unguarded.verdicts.first { $0.name == invariant })
        #expect(verdict.status == .failed)

        let guarded = try Checker(try Self.composerGraph(withGuard: true)).run()
        let guardedVerdict = try #require(guarded.verdicts.first { $0.name == invariant })
        #expect(guardedVerdict.status == .passed)
    }

    @Test("the store from the graph runs the same middleware, and its result shows the redirect")
    func storeRunsAppMiddleware() throws {
        let graph = try Self.composerGraph(withGuard: true)
        let store = try NavigationStore(graph: graph)
        let composer = try #require(graph.representative(of: "composer"))
        let result = store.send(.go(composer))
        #expect(result.redirect?.middleware == "sign-in guard")
        #expect(graph.routeName(try #require(store.state.top)) == "login")
        #expect(store.fire(named: "login").succeeded)
        #expect(store.send(.go(composer)) == .success)
        #expect(store.fire(named: "logout").succeeded)
        #expect(store.state == (try graph.initialState()))
    }

    @Test("the symbolic engine declines a graph with app middleware, naming it")
    func symbolicDeclines() throws {
        let reasons = SymbolicEngine.unsupported(try Self.composerGraph(withGuard: true))
        #expect(reasons == ["app middleware written in Swift (sign-in guard)"])
        #expect(SymbolicEngine.unsupported(try Self.composerGraph(withGuard: false)).isEmpty)
    }
}
