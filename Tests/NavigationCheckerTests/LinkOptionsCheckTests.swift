import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Links that push under the open modals (`underModals: keep`), links that set flags (`set:`)
/// and sample URLs whose value is none of the route's samples: judged by both engines, and
/// what the explorer does on opening or resuming a link is what the app's store does.
@MainActor
@Suite("Links under modals and links that set flags, in the explorer")
struct LinkOptionsCheckTests {
    /// A Mastodon-shaped fragment: a profile link pushed onto the selected tab (under a compose
    /// sheet, with `keep`), a sign-in callback link that sets `signedIn` once consent is given
    /// (parked until then), and a profile sample for a user none of the samples name.
    nonisolated static func social(underModals: String = "keep") -> String {
        """
        navgraph: 1
        name: LinksUnderSheets
        tabs:
          - { name: home, root: timeline }
          - { name: me, root: profile }
        routes:
          timeline: {}
          profile: {}
          compose: {}
          account: { params: { user: [alice, me] } }
          settings: { requires: signedIn }
        flags:
          signedIn: false
          consented: false
        events:
          consent: { when: not consented, set: { consented: true } }
          signOut: { when: signedIn and modal == none, set: { signedIn: false } }
        transitions:
          - { from: timeline, to: compose, style: sheet }
          - { from: profile, to: settings }
          - { from: account, to: account, with: { user: me } }
        deepLinks:
          schemes: [social]
          underModals: \(underModals)
          links:
            - pattern: /@:user
              route: account
              stack: [account]
              mode: push
              samples: [{ url: "social://@alice", expect: plan }, { url: "social://@bob", expect: plan }]
            - pattern: /callback
              route: settings
              tab: me
              stack: [profile, settings]
              set: { signedIn: true }
              requires: consented
              samples: [{ url: "social://callback", expect: [{ when: consented, outcome: plan }, { outcome: pending }] }]
        bounds: { maxStackDepth: 3, maxModalDepth: 1 }
        """
    }

    @Test("keep: a profile link opened over the compose sheet lands under it, found by both engines with its shortest trace")
    func landsUnderTheSheet() throws {
        let graph = try GraphDocument.load(Self.social(), origin: "social.yaml")
        let result = try Checker(graph).run()
        let verdict = try #require(result.verdicts.first { $0.kind == .deepLinks })
        #expect(verdict.status == .failed)
        #expect(verdict.message.hasPrefix("social://@alice was planned to account(user: alice) but landed under a modal: the user sees compose until it is dismissed"),
                "\(verdict.message)")
        let labels = try #require(verdict.trace).steps.compactMap(\.action).map(GraphModel(graph: graph).label(of:))
        #expect(labels == ["sheet timeline → compose", "open social://@alice"])
        #expect(SymbolicEngine.unsupported(graph) == [])
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("dismiss: the same links land where planned, and the deep-link property holds in both engines")
    func dismissPasses() throws {
        let graph = try GraphDocument.load(Self.social(underModals: "dismiss"), origin: "social.yaml")
        let result = try Checker(graph).run()
        #expect(result.verdicts.first { $0.kind == .deepLinks }?.status == .passed)
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("a sample whose value is none of its route's samples keeps the graph on the symbolic engine, with the explicit engine's verdicts")
    func valueOutsideSamples() throws {
        let graph = try GraphDocument.load(Self.social(), origin: "social.yaml")
        #expect(!graph.routes.flatMap(\.samples).contains { $0.description.contains("bob") })
        #expect(SymbolicEngine.unsupported(graph) == [])
        // A profile opened for bob is a state of its own; moves from `account` apply to it.
        let model = GraphModel(graph: graph)
        let bob = model.apply(.openLink(1), to: try graph.initialState())
        #expect(bob.state.top == DynamicRoute("account", arguments: [.init(name: "user", value: "bob")]))
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("strict matching and a parameter pattern: samples the app's regex refuses are judged alike by both engines")
    func strictMatching() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Strict
            root: home
            routes:
              home: {}
              item: { params: { id: [a1, b2] } }
            transitions:
              - { from: home, to: item }
            deepLinks:
              schemes: [jellyfin]
              match: strict
              links:
                - pattern: /items/:id([A-Za-z0-9-]+)
                  route: item
                  stack: [home, item]
                  samples:
                    - { url: "jellyfin://items/a1", expect: plan }
                    - { url: "jellyfin://items/zz-9", expect: plan }
                    - { url: "Jellyfin://items/a1", expect: rejected }
                    - { url: "jellyfin://items/a1?x=1", expect: unhandled }
                    - { url: "jellyfin://items/a1/", expect: unhandled }
                    - { url: "jellyfin://items/a_1", expect: plan }
            """, origin: "strict.yaml")
        let result = try Checker(graph).run()
        let verdict = try #require(result.verdicts.first { $0.kind == .deepLinks })
        #expect(verdict.status == .failed)
        #expect(verdict.message.hasPrefix("jellyfin://items/a_1 is declared plan but opening it at launch gives unhandled"), "\(verdict.message)")
        #expect(SymbolicEngine.unsupported(graph) == [])
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("the callback link sets signedIn when it plans, and the guard of the route it opens sees it")
    func callbackSignsIn() throws {
        let graph = try GraphDocument.load(Self.social(), origin: "social.yaml")
        let model = GraphModel(graph: graph)
        let consented = model.apply(.event(0), to: try graph.initialState()).state
        let opened = model.apply(.openLink(2), to: consented)
        #expect(opened.state.isSet("signedIn"))
        #expect(opened.state.top?.name == "settings")
        // Parked before consent, it sets nothing until it resumes.
        let parked = model.apply(.openLink(2), to: try graph.initialState()).state
        #expect(parked.pendingDeepLink != nil && !parked.isSet("signedIn"))
        let resumed = model.apply(.resumePending, to: model.apply(.event(0), to: parked).state).state
        #expect(resumed.isSet("signedIn") && resumed.top?.name == "settings" && resumed.pendingDeepLink == nil)
    }

    @Test("every action from every reachable state does in the app's store what it does in the explorer, with keep and set:",
          arguments: ["keep", "dismiss"])
    func storeAgrees(underModals: String) async throws {
        let graph = try GraphDocument.load(Self.social(underModals: underModals), origin: "social.yaml")
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        var kept = 0, signedIn = 0, resumed = 0
        for state in try Checker(graph).stateGraph(maxStates: 5_000).states {
            for action in model.actions(in: state) {
                let step = model.apply(action, to: state)
                store.restore(state)
                switch action {
                case .openLink(let sample):
                    store.open(model.samples[sample].url)
                case .resumePending:
                    // The store resumes a parked link after each command: here after one that changes nothing.
                    let events = store.events()
                    store.execute(.setFlag("consented", state.isSet("consented")))
                    store.restore(store.state)
                    for await event in events {
                        if case .restored = event { break }
                    }
                    resumed += step.state == state ? 0 : 1
                case .selectTab(let index):
                    // The explorer's tap runs the engine's selectTab (re-selecting pops to the root).
                    store.execute(.selectTab(graph.tabs[index].id))
                default:
                    RerouteRetryTests.run(action, of: graph, in: store)
                }
                // After a command the store resumes a parked link by itself; the explorer does that as an action of its own.
                var expected = step.state
                if case .openLink = action {} else if case .resumePending = action {} else if expected.pendingDeepLink != nil {
                    expected = model.apply(.resumePending, to: expected).state
                }
                #expect(store.state == expected, "\(model.label(of: action)) from \(state)")
                if case .openLink = action, !state.modals.isEmpty, step.state.modals == state.modals, step.state != state { kept += 1 }
                if step.state.isSet("signedIn") && !state.isSet("signedIn") { signedIn += 1 }
            }
        }
        #expect(underModals == "dismiss" || kept > 0, "\(kept) links pushed under a modal")
        #expect(signedIn > 0 && resumed > 0, "\(signedIn) steps that signed in, \(resumed) resumed links")
    }
}
