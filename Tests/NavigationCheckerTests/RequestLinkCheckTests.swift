import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Deep links whose plan requests their route, explored through the runtime's pipeline: a drop
/// is the dropped-requests property's finding (the link itself did as declared: it planned),
/// and what the explorer does on opening or resuming a link is what the app's store does.
@MainActor
@Suite("Request links in the explorer")
struct RequestLinkCheckTests {
    /// Share is presented by a product only; a product link selects nothing and plans nothing:
    /// the catalog presents it. The share link parks until signed in.
    static let shop = """
        navgraph: 1
        name: RequestLinks
        tabs:
          - { name: shop, root: catalog }
          - { name: me, root: account }
        routes:
          catalog: {}
          account: {}
          product: { owner: tab:shop, params: { id: [1, 2] } }
          share: { owner: product, style: sheet }
        flags:
          signedIn: false
        events:
          signIn: { when: not signedIn, set: { signedIn: true } }
        transitions:
          - { from: catalog, request: product }
          - { from: product, request: share }
        deepLinks:
          schemes: [shop]
          links:
            - pattern: /products/:id
              request: product
              samples: [{ url: "shop://products/2", expect: plan }]
            - pattern: /share
              request: share
              requires: signedIn
              samples:
                - url: "shop://share"
                  expect: [{ when: signedIn, outcome: plan }, { outcome: pending }]
        bounds:
          maxStackDepth: 3
          maxModalDepth: 1
        """

    @Test("a link's dropped request is found with its shortest trace, the message naming the link; the deep-link property holds")
    func droppedLink() throws {
        let graph = try GraphDocument.load(Self.shop, origin: "links.yaml")
        let result = try Checker(graph).run()
        #expect(result.failures.map(\.kind) == [.droppedRequests])
        let verdict = try #require(result.failures.first)
        #expect(verdict.message.hasPrefix(
            "opening shop://share (deep link '/share'): request for share dropped: none of its owners (product) is shown or in a tab"),
            "\(verdict.message)")
        let labels = try #require(verdict.trace).steps.compactMap(\.action).map(GraphModel(graph: graph).label(of:))
        #expect(labels == ["event signIn", "open shop://share"])
        #expect(verdict.location == graph.deepLinks?.links[1].samples.first?.location)
        #expect(result.verdicts.first { $0.kind == .deepLinks }?.status == .passed)
    }

    @Test("opening and resuming each link from every reachable state does in the store what it did in the explorer")
    func agreement() async throws {
        let graph = try GraphDocument.load(Self.shop, origin: "links.yaml")
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        var presented = 0, dropped = 0, resumed = 0
        for state in try Checker(graph).stateGraph(maxStates: 5_000).states {
            for action in model.actions(in: state) {
                let step = model.apply(action, to: state)
                store.restore(state)
                let outcome: DeepLinkOutcome<DynamicRoute>
                switch action {
                case .openLink(let sample): outcome = store.open(model.samples[sample].url)
                case .resumePending:
                    // The store resumes a parked link after each command: here after one that changes nothing.
                    let events = store.events()
                    let signedIn = state.flags.contains(FlagName("signedIn"))
                    store.execute(.setFlag("signedIn", signedIn))
                    store.restore(store.state)   // publishes .restored: the end of what the command published
                    var published: [NavigationEvent<DynamicRoute>] = []
                    for await event in events {
                        if case .restored = event { break }
                        published.append(event)
                    }
                    guard case .deepLink(_, let resumedOutcome, _)? = published.last else {
                        // Nothing published: the link still waits, as the explorer found.
                        #expect(store.state == step.state)
                        continue
                    }
                    outcome = resumedOutcome
                    resumed += 1
                default: continue
                }
                #expect(store.state == step.state, "\(model.label(of: action)) from \(state)")
                #expect(step.requests == (outcome.requestResolution.map { [$0] } ?? []), "\(model.label(of: action)) from \(state)")
                if let resolution = outcome.requestResolution {
                    if resolution.presentation != nil { presented += 1 } else { dropped += 1 }
                }
            }
        }
        #expect(presented > 0 && dropped > 0 && resumed > 0, "\(presented) presented, \(dropped) dropped, \(resumed) resumed")
    }

    @Test("the symbolic engine refuses a request link by its URL, and the automatic choice falls back to the explicit one")
    func symbolicRefuses() throws {
        let graph = try GraphDocument.load(Self.shop, origin: "links.yaml")
        let reasons = SymbolicEngine.unsupported(graph)
        #expect(reasons.contains { $0.contains("shop://products/2 requests product by ownership") }, "\(reasons)")
        let run = try GraphCheck.run(graph)
        #expect(run.engine.engine == .explicit)
        #expect(run.engine.fallbackReasons == reasons)
    }
}
