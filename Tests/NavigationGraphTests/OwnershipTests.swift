import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

/// The routes of the flat ownership sample (``OwnershipTests/flatRequestsText``), for the Swift front door.
enum RequestsRoute: String, GraphRoute, CaseIterable {
    case feed, profile, post, author, share, settings, compose, signIn, forgotPassword
    var graphName: String { rawValue }
}

@Suite("Ownership and requests in graphs")
struct OwnershipTests {
    /// The Requests sample, written in Swift.
    static func swiftRequests() throws -> NavigationGraph<RequestsRoute> {
        try NavigationGraph<RequestsRoute>("Requests", summary: "Ownership-based requests with a deliberate dropped request: Share on an author opened from the profile tab finds no owner when no tab shows a post.") {
            Tab("feed", root: .feed)
            Tab("profile", root: .profile)
            Owned(.post, by: .route(.feed), .route(.profile))
            Owned(.author, by: .route(.post), .tab("profile"))
            Owned(.share, by: .route(.post), style: .sheet)
            Owned(.settings, by: .tab("profile"))
            Owned(.compose, by: .app, style: .sheet)
            Guard(.compose, "signedIn", otherwise: .redirect(.signIn, style: .request))
            Owned(.signIn, by: .app, style: .cover, priority: .high)
            Owned(.forgotPassword, by: .route(.signIn))
            Flag("signedIn")
            Event("signInSucceeded", when: "top == signIn", set: ["signedIn": true], then: [.dismiss])
            Event("signInCancelled", when: "top == signIn and not signedIn", then: [.dismiss])
            Event("signOut", when: "signedIn", set: ["signedIn": false], then: [.dismissAll, .request(.signIn)])
            Request(.feed, .post)
            Request(.feed, .compose)
            Request(.post, .author)
            Request(.post, .share)
            Request(.profile, .author)
            Request(.profile, .settings, reroute: .to(.signIn, when: !.flag(FlagKey("signedIn"))))
            Request(.author, .share)
            Request(.signIn, .forgotPassword)
            Invariant("compose needs sign-in", "top == compose implies signedIn")
            Bounds(maxStackDepth: 4, maxModalDepth: 2)
            DeepLinkSchemes(["social"])
            DeepLink("/share", to: .share, mode: .request, requires: "signedIn",
                     samples: ["social://share": .when("signedIn", .plan, otherwise: .pending)])
        }
    }

    /// The ownership sample as one document (Graphs/Requests.navgraph.yaml composes the same
    /// requests from three features): the document features of ownership, tested without features.
    static let flatRequestsText = """
        navgraph: 1
        name: Requests
        summary: "Ownership-based requests with a deliberate dropped request: Share on an author opened from the profile tab finds no owner when no tab shows a post."

        tabs:
          - { name: feed, root: feed }
          - { name: profile, root: profile }

        routes:
          feed: {}
          profile: {}
          post:
            owner: [feed, profile]
          author:
            owner: [post, tab:profile]
          share:
            owner: post
            style: sheet
          settings:
            owner: tab:profile
          compose:
            owner: app
            style: sheet
            requires: signedIn
            otherwise: { redirect: signIn, style: request }
          signIn:
            owner: app
            style: cover
            priority: high
          forgotPassword:
            owner: signIn

        flags:
          signedIn: false

        events:
          signInSucceeded:
            when: "top == signIn"
            set: { signedIn: true }
            then: dismiss
          signInCancelled:
            when: "top == signIn and not signedIn"
            then: dismiss
          signOut:
            when: signedIn
            set: { signedIn: false }
            then: [dismissAll, { request: signIn }]

        transitions:
          - { from: feed, request: post }
          - { from: feed, request: compose }
          - { from: post, request: author }
          - { from: post, request: share }
          - { from: profile, request: author }
          - { from: profile, request: settings, reroute: { to: signIn, when: not signedIn } }
          - { from: author, request: share }
          - { from: signIn, request: forgotPassword }

        invariants:
          compose needs sign-in: "top == compose implies signedIn"

        bounds:
          maxStackDepth: 4
          maxModalDepth: 2

        deepLinks:
          schemes: [social]
          links:
            - pattern: /share
              request: share
              requires: signedIn
              samples:
                - url: "social://share"
                  expect: [{ when: signedIn, outcome: plan }, { outcome: pending }]
        """

    static func flatRequests() throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load(flatRequestsText, origin: "Requests.navgraph.yaml")
    }

    @Test("a document's owner, style and priority, request transitions and request steps load into the model")
    func loads() throws {
        let graph = try Self.flatRequests()
        #expect(graph.route(named: "author")?.ownership == .init(owners: [.route("post"), .tab("profile")], style: .push, priority: .normal))
        #expect(graph.route(named: "signIn")?.ownership == .init(owners: [.app], style: .cover, priority: .high))
        #expect(graph.route(named: "feed")?.ownership == nil)
        #expect(graph.transitions.filter { $0.style == .request }.count == 8)
        #expect(graph.events.last?.navigation == [.dismissAll, .go("signIn", style: .request)])
        #expect(graph.route(named: "compose")?.entryGuard?.otherwise == .redirect(to: "signIn", style: .request))
        #expect(graph.hasRequests)
        let ownership = try #require(graph.makeOwnership())
        #expect(ownership.declarations.map(\.route) == ["post", "author", "share", "settings", "compose", "signIn", "forgotPassword"])
        #expect(graph.makeExecutor().engine.rules.ownership?.declarations == ownership.declarations)
    }

    @Test("the Swift graph and the document are the same model, and export writes requests as they are read")
    func swiftEqualsDocument() throws {
        let document = try GraphDocument.export(try Self.flatRequests())
        #expect(try GraphDocument.export(try Self.swiftRequests()) == document)
        #expect(document.contains("  - { from: author, request: share }"))
        #expect(document.contains("  signIn:\n    owner: app\n    style: cover\n    priority: high\n"))
        #expect(document.contains("  author:\n    owner: [post, \"tab:profile\"]\n"))
        #expect(document.contains("  - { from: profile, request: settings, reroute: { to: signIn, when: \"not signedIn\" } }"))
        #expect(document.contains("    - pattern: \"/share\"\n      request: share\n      requires: \"signedIn\"\n"))
        #expect(try GraphDocument.export(try GraphDocument.load(document, origin: "exported.yaml")) == document)
    }

    @Test("a guard on a requested route runs before the request is resolved, and redirects to another request")
    func guardBeforeResolution() throws {
        let graph = try Self.flatRequests()
        let executor = graph.makeExecutor()
        var state = try graph.initialState()
        let result = executor.execute(.request(DynamicRoute("compose")), on: &state)
        #expect(result.redirect?.executed == .request(DynamicRoute("signIn")))
        #expect(result.resolution?.presentation?.owner == .app)
        #expect(state.top == DynamicRoute("signIn") && state.topModal?.style == .cover)
    }

    static func document(_ routes: String, transitions: String = "", events: String = "") -> String {
        """
        navgraph: 1
        name: Owned
        tabs:
          - { name: home, root: home }
        routes:
          home: {}
        \(routes)
        \(events)
        transitions:
          - { from: home, to: home }
        \(transitions)
        """
    }

    @Test("lint reports an owner nobody declared and a request for a route nobody owns, where they are written")
    func lint() throws {
        let graph = try GraphDocument.load(Self.document("""
              detail: { owner: [hom, tab:feed] }
              orphan: {}
            """, transitions: """
              - { from: home, request: detail }
              - { from: detail, request: orphan }
            """, events: """
            events:
              ping: { then: { request: orphan } }
            """), origin: "owned.yaml")
        let findings = GraphLinter.lint(graph)
        #expect(findings.filter { $0.rule == "unknown-owner" }.map(\.message) == [
            "route 'detail' is owned by route 'hom', which is not declared",
            "route 'detail' is owned by tab 'feed', which is not declared",
        ])
        #expect(findings.first { $0.rule == "unknown-owner" }?.remedy.contains("did you mean 'home'") == true)
        #expect(findings.first { $0.rule == "unknown-owner" }?.location?.line == 7)
        let unowned = findings.filter { $0.rule == "unowned-request" }
        #expect(unowned.map(\.message) == [
            "event 'ping' requests route 'orphan', which no scope owns, so the request is always dropped",
            "the transition detail → orphan requests route 'orphan', which no scope owns, so the request is always dropped",
        ])
        #expect(unowned.allSatisfy { $0.severity == .error })
        #expect(GraphLinter.lint(try Self.flatRequests()).isEmpty)
    }

    @Test("documents that say ownership wrongly are refused at their line and column", arguments: [
        ("  detail: { style: sheet }", "", "7:20", "'style' and 'priority' say how a route's owner presents it"),
        ("  detail: { owner: app, style: sideways }", "", "7:32", "unknown style 'sideways'"),
        ("  detail: { owner: app, priority: urgent }", "", "7:35", "unknown priority 'urgent'"),
        ("  detail: { owner: [app, app] }", "", "7:26", "owner 'app' is listed twice"),
        ("  detail: { owner: \"tab:\" }", "", "7:20", "'tab:' names no tab"),
        ("  detail: {}", "  - { from: home, request: detail, style: sheet }", "11:28", "'request' is given with 'to' or 'style'"),
        ("  detail: {}", "  - { from: home }", "11:5", "missing 'to' or 'request'"),
    ])
    func refused(routes: String, transitions: String, place: String, message: String) {
        #expect {
            try GraphDocument.load(Self.document(routes, transitions: transitions), origin: "bad.yaml")
        } throws: { error in
            let text = "\(error)"
            return text.contains("bad.yaml:\(place):") && text.contains(message)
        }
    }

    @Test("the JSON Schema accepts owners and requests, and refuses a transition with both 'to' and 'request'")
    func schema() throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        let text = Self.flatRequestsText
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: text)) == [])
        let both = Self.document("  detail: { owner: home, priority: high }", transitions: "  - { from: home, to: detail, request: detail }")
        #expect(try !checker.violations(of: try JSONSchemaChecker.load(yaml: both)).isEmpty)
    }

    @Test("a transition's reroute loads, exports as written, and lint checks its route, owner and condition")
    func reroute() throws {
        let text = Self.document("""
              picker: { owner: home }
              gone: {}
            """, transitions: """
              - { from: home, to: picker, reroute: { to: picker, when: "not (stack contains picker)" } }
              - { from: picker, to: home, reroute: { to: gone, when: "not signedIn" } }
            """, events: "flags: { signedIn: false }")
        let graph = try GraphDocument.load(text, origin: "reroute.yaml")
        let reroute = try #require(graph.transitions[1].reroute)
        #expect(reroute.route == "picker" && reroute.condition.text == "not (stack contains picker)")
        #expect(graph.hasRequests)
        let exported = try GraphDocument.export(graph)
        #expect(exported.contains("  - { from: home, to: picker, reroute: { to: picker, when: \"not (stack contains picker)\" } }"))
        #expect(try GraphDocument.export(try GraphDocument.load(exported, origin: "again.yaml")) == exported)
        #expect(GraphLinter.lint(graph).filter { $0.rule == "unowned-request" }.map(\.message)
                == ["the reroute of picker → home requests route 'gone', which no scope owns, so the request is always dropped"])
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: text)) == [])
        #expect(throws: GraphDocumentError.self) {
            try GraphDocument.load(Self.document("  picker: {}", transitions: "  - { from: home, to: picker, reroute: { to: picker } }"))
        }
    }

    @Test("a move declared twice with two reroutes: the app performs the declaration the graph offers in the state, under its own name")
    func twoReroutesOfOneMove() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Twins
            root: product
            flags: { f: false }
            routes:
              product: {}
              checkout: {}
              picker: { owner: product, style: sheet }
              login: { owner: product, style: cover }
            transitions:
              - { from: product, to: checkout, when: f, reroute: { to: picker, when: "not (modals contains picker)" } }
              - { from: product, to: checkout, when: "not f", reroute: { to: login, when: "not (modals contains login)" } }
            events:
              toggle: { set: { f: true } }
            """, origin: "twins.yaml")
        let checkout = try #require(graph.representative(of: "checkout"))
        let login = try #require(graph.representative(of: "login"))
        let picker = try #require(graph.representative(of: "picker"))
        // Each declaration is its own action: a pending retry finds the right one by name.
        let names = graph.reroutableActions().map(\.name)
        #expect(names == ["push product → checkout #1", "push product → checkout #2"])
        let executor = graph.makeExecutor()
        #expect(executor.reroutableActions.keys.sorted() == names)
        // f is false: the second declaration is offered, and it reroutes to login, as explored.
        var state = try graph.initialState()
        let offered = try #require(graph.reroutableAction(from: "product", to: checkout, style: .push, in: state))
        #expect(offered.name == "push product → checkout #2")
        executor.perform(offered, on: &state)
        #expect(state.topModal?.stack.routes.first == login)
        // f is true: the first, which reroutes to the picker.
        var signed = try graph.initialState()
        executor.execute(.setFlag("f", true), on: &signed)
        let first = try #require(graph.reroutableAction(from: "product", to: checkout, style: .push, in: signed))
        executor.perform(first, on: &signed)
        #expect(signed.topModal?.stack.routes.first == picker)
        // A move the graph does not declare from there has no action: the plain command runs.
        #expect(graph.reroutableAction(from: "checkout", to: checkout, style: .push, in: state) == nil)
    }

    @Test("a retry after the rerouted flow does not take a move whose own condition stopped holding")
    @MainActor
    func retryRechecksTheMovesCondition() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Cart
            root: product
            flags: { cartReady: true, signedIn: false }
            routes:
              product: {}
              checkout: {}
              signIn: { owner: app, style: cover, priority: high }
            transitions:
              - { from: product, to: checkout, when: cartReady, reroute: { to: signIn, when: "not signedIn" } }
            events:
              signIn: { when: top == signIn, set: { signedIn: true, cartReady: false }, then: dismiss }
            """, origin: "cart.yaml")
        let store = try graph.makeStore()
        let checkout = try #require(graph.representative(of: "checkout"))
        let action = try #require(graph.reroutableAction(from: "product", to: checkout, style: .push, in: store.state))
        store.perform(action)
        #expect(store.state.pendingRetry != nil, "sign-in is up, the retry waits")
        store.fire(named: "signIn")
        #expect(store.state.pendingRetry == nil && store.state.modals.isEmpty)
        #expect(store.state.activeStack.routes.map { graph.routeName($0) } == ["product"], "the cart is no longer ready: checkout is not pushed")
    }

    @Test("a route reached only as a reroute's target is reachable for lint")
    func rerouteTargetsAreReachable() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Picker
            root: home
            routes:
              home: {}
              product: { owner: home }
              picker: { owner: product, style: sheet }
              checkout: {}
            transitions:
              - { from: home, request: product }
              - { from: product, to: checkout, reroute: { to: picker, when: "not (stack contains picker)" } }
            """)
        #expect(!GraphLinter.lint(graph).contains { $0.rule == "unreachable-route" }, "\(GraphLinter.lint(graph))")
    }
}
