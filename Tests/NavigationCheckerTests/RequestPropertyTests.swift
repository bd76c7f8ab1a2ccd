import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Requests resolved by ownership, explored through the runtime: the dropped-requests,
/// ambiguous-owners and priority-trap properties, and agreement with the app's store.
@MainActor
@Suite("Requests in the explorer")
struct RequestPropertyTests {
    @Test("the Requests sample's dropped Share is found with its shortest trace, replayed through the runtime")
    func droppedRequest() throws {
        let graph = try SampleGraphs.load("Requests.navgraph.yaml")
        let result = try Checker(graph).run()
        #expect(result.failures.map(\.kind) == [.droppedRequests])
        let verdict = try #require(result.failures.first)
        // The sample composes three features: people's author requests share through an exit
        // the app wires to the feed's share sheet, which only the feed's post owns.
        #expect(verdict.message.hasPrefix("request for feed.share dropped: none of its owners (feed.post) is shown or in a tab"))
        let trace = try #require(verdict.trace)
        #expect(trace.steps.compactMap(\.action).map(GraphModel(graph: graph).label(of:))
                == ["select tab profile", "request people.me → people.author", "request people.author → feed.share"])
        // The last step changes nothing: the request was dropped where the trace ends.
        #expect(trace.steps.last?.state == trace.steps.dropLast().last?.state)
        let request = try #require(graph.transitions.first { $0.from == "people.author" }?.location)
        #expect(verdict.location == request)
        #expect(request.file == "Requests/People.navgraph.yaml" || request.file?.hasSuffix("People.navgraph.yaml") == true, "\(request)")
        #expect(result.verdicts.first { $0.kind == .priorityTrap }?.status == .passed)
        #expect(result.verdicts.first { $0.kind == .ambiguousOwners }?.message == "each request is always presented by the same owner")
    }

    @Test("every request the explorer takes does in the app's store what it did in the explorer, from every reachable state")
    func agreement() throws {
        for file in ["Requests.navgraph.yaml"] {
            let graph = try SampleGraphs.load(file)
            let model = GraphModel(graph: graph)
            let ownership = try #require(graph.makeOwnership())
            let store = try NavigationStore(graph: graph)
            var requests = 0, presented = 0, dropped = 0
            for state in try Checker(graph).stateGraph(maxStates: 10_000).states {
                for action in model.actions(in: state) {
                    guard case .transition(let index, let sample) = action, graph.transitions[index].style == .request else { continue }
                    let route = graph.targets(of: graph.transitions[index])[sample]
                    let step = model.apply(action, to: state)
                    store.restore(state)
                    let result = store.execute(.request(route))
                    #expect(store.state == step.state, "request \(route) from \(state)")
                    #expect(step.requests == [try #require(result.resolution)], "request \(route) from \(state)")
                    // Unguarded requests are resolved exactly as the runtime's one function says.
                    if graph.route(named: graph.routeName(route))?.entryGuard == nil {
                        #expect(step.requests == [ownership.resolve(route, in: state)])
                    }
                    requests += 1
                    if step.requests.first?.presentation != nil { presented += 1 } else { dropped += 1 }
                }
            }
            #expect(requests > 20 && presented > 0 && dropped > 0, "\(requests) requests, \(presented) presented, \(dropped) dropped")
        }
    }

    static let trapping = """
        navgraph: 1
        name: Trapped
        root: home
        routes:
          home: {}
          article: { owner: home }
          login: { owner: app, style: cover, priority: high }
          terms: { owner: login, style: sheet }
        transitions:
          - { from: home, request: login }
          - { from: login, request: terms }
          - { from: terms, request: article }
        """

    @Test("a high-priority cover nothing dismisses is a priority trap, and normal requests under it are dropped as blocked")
    func priorityTrap() throws {
        let graph = try GraphDocument.load(Self.trapping, origin: "trapped.yaml")
        let result = try Checker(graph).run()
        let trap = try #require(result.verdicts.first { $0.kind == .priorityTrap })
        #expect(trap.status == .failed)
        #expect(trap.trace?.steps.compactMap(\.action).count == 1)
        #expect(trap.trace?.finalState?.topModal?.style == .cover)
        let dropped = try #require(result.verdicts.first { $0.kind == .droppedRequests })
        #expect(dropped.status == .failed)
        #expect(dropped.message.hasPrefix("request for article dropped: the high-priority login flow is up and blocks normal requests"))
    }

    @Test("one request presented by different owners on different paths is a warning with the traces to both owners")
    func ambiguousOwner() throws {
        let graph = try GraphDocument.load(OwnershipGraphs.ambiguous(), origin: "ambiguous.yaml")
        let result = try Checker(graph).run()
        let verdict = try #require(result.verdicts.first { $0.kind == .ambiguousOwners })
        #expect(verdict.status == .warning)
        #expect(verdict.message == "the request for detail is presented by tab:main on one path and by list on this one")
        #expect(verdict.trace?.steps.compactMap(\.action).count == 3)
        #expect(verdict.otherTrace?.steps.compactMap(\.action).count == 2, "home › item, then the request: the tab presents it")
        #expect(verdict.otherTrace?.steps.last?.label == verdict.trace?.steps.last?.label, "the same request on both paths")
        #expect(result.passed && result.status == .passed, "a warning does not fail the run")
        #expect(result.warnings.map(\.kind) == [.ambiguousOwners])
    }

    @Test("the symbolic engine refuses a graph with requests by name, and the automatic choice falls back to the explicit one")
    func symbolicRefuses() throws {
        let graph = try SampleGraphs.load("Requests.navgraph.yaml")
        let reason = "requests resolved by route ownership (the nearest visible owner depends on every stack)"
        #expect(SymbolicEngine.unsupported(graph) == [reason])
        let run = try GraphCheck.run(graph)
        #expect(run.engine.engine == .explicit)
        #expect(run.engine.fallbackReasons == [reason])
        #expect(!SymbolicEngine.unsupported(try SampleGraphs.load("Shop.navgraph.yaml")).contains(reason))
    }

    nonisolated static let rerouting = """
        navgraph: 1
        name: Rerouting
        root: home
        routes:
          home: {}
          product: { owner: home }
          picker: { owner: product }
          checkout: {}
          signIn: { owner: app, style: cover, priority: high }
        flags:
          signedIn: false
        events:
          signInSucceeded: { when: "top == signIn", set: { signedIn: true }, then: dismiss }
        transitions:
          - { from: home, request: product }
          - { from: product, to: checkout, reroute: { to: picker, when: "not (stack contains picker)" } }
          - { from: picker, to: home, style: replace, reroute: { to: signIn, when: "not signedIn" } }
        """

    @Test("a move that reroutes requests the route and retries at once when it can; a sign-in reroute retries after the cover is gone")
    func reroutes() throws {
        let graph = try GraphDocument.load(Self.rerouting, origin: "rerouting.yaml")
        let model = GraphModel(graph: graph)
        // From the product screen, checkout first brings in the picker, then pushes checkout on it.
        var state = try graph.initialState()
        state = model.apply(.transition(0, sample: 0), to: state).state
        let step = model.apply(.transition(1, sample: 0), to: state)
        #expect(step.state.activeStack.routes.map(\.name) == ["home", "product", "picker", "checkout"])
        #expect(step.requests.first?.presentation?.owner == .route("product"))
        #expect(step.reroutes == [RerouteEffect(action: "push product → checkout", kind: .rerouted(to: "picker")),
                                  RerouteEffect(action: "push product → checkout", kind: .retried(succeeded: true))])
        #expect(step.state.pendingRetry == nil)
        // From the picker, leaving needs sign-in: the cover comes up and the retry waits for it.
        let picker = model.apply(.back, to: step.state).state
        #expect(picker.activeStack.routes.map(\.name) == ["home", "product", "picker"])
        let rerouted = model.apply(.transition(2, sample: 0), to: picker)
        #expect(rerouted.state.top?.name == "signIn")
        #expect(rerouted.state.pendingRetry?.action == "replace picker → home")
        let signedIn = model.apply(.event(0), to: rerouted.state)
        #expect(signedIn.state.activeStack.routes.map(\.name) == ["home", "product", "home"])
        #expect(signedIn.reroutes == [RerouteEffect(action: "replace picker → home", kind: .retried(succeeded: true))])
        let result = try Checker(graph).run()
        let verdict = try #require(result.verdicts.first { $0.kind == .reroutesNeverHelp })
        #expect(verdict.status == .passed)
        #expect(verdict.message.hasPrefix("every move that reroutes is retried successfully on some path"))
        #expect(!result.transitionCoverage.unreached.contains("push product → checkout"))
        #expect(!result.transitionCoverage.unreached.contains("replace picker → home"))
    }

    @Test("a graph with a high-priority route and no request runs in the explicit engine, which judges the priority trap")
    func priorityWithoutRequests() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Priority
            root: home
            routes:
              home: {}
              signIn: { owner: app, style: cover, priority: high }
              help: {}
            transitions:
              - { from: home, to: signIn, style: cover }
              - { from: signIn, to: help, style: sheet }
            """)
        #expect(SymbolicEngine.unsupported(graph) == ["high-priority routes, for the priority-trap property (signIn)"])
        let run = try GraphCheck.run(graph)
        #expect(run.engine.engine == .explicit)
        #expect(run.result.verdicts.first { $0.kind == .priorityTrap }?.status == .failed)
    }
}
