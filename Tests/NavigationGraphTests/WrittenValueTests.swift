import NavigationCore
import NavigationGraph
import NavGraphTestSupport
import Testing

extension TabKey {
    static let home = TabKey("home")
    static let more = TabKey("more")
}

@Suite("Written route values")
@MainActor
struct WrittenValueTests {
    @Test("an event step pushes the value it writes, not its route's first sample")
    func eventStepValue() throws {
        let store = try NavigationStore(graph: ValueGraphs.written())
        #expect(store.fire(named: "showAlice").succeeded)
        #expect(store.state.top == .account(handle: "alice"))
    }

    @Test("a guard's redirect brings in the value it writes, and the result says so")
    func redirectValue() throws {
        let store = try NavigationStore(graph: ValueGraphs.written())
        let result = store.send(.go(.compose))
        #expect(result.redirect?.executed == .present(.login(reason: "compose"), style: .sheet), "\(result)")
        #expect(store.state.top == .login(reason: "compose"))
    }

    @Test("a deep-link plan entry brings in the value it writes; the link's own route is the matched one")
    func planValue() throws {
        let store = try NavigationStore(graph: ValueGraphs.written())
        _ = store.send(.go(.compose))
        let outcome = store.open("social://statuses/1")
        guard case .navigated = outcome else {
            Issue.record("the link did not navigate: \(outcome)")
            return
        }
        #expect(store.state.activeStack.routes == [.timeline, .account(handle: "alice"), .status(id: 1)])
    }

    @Test("a value that is not one of the route's samples is a build error at the call's line and column")
    func valueOutsideSamples() {
        let line = #line + 4
        do {
            _ = try NavigationGraph<ValueRoute>("Bad") {
                Root(.timeline)
                Event("bob", then: [.push(.account(handle: "bob"))])
            }
            Issue.record("an event step to a route value outside graphSamples was accepted")
        } catch {
            #expect(error.line == line)
            #expect(error.column == 22)
            #expect(error.message == "event 'bob' brings in account(handle: \"bob\"), which is not one of the route samples", "\(error)")
        }
    }

    @Test("export writes a value that is not the first sample as 'with:', and loading brings in that value")
    func exportWritesWrittenValues() throws {
        let graph = try ValueGraphs.written()
        let text = try GraphDocument.export(graph)
        #expect(text.contains("otherwise: { redirect: login, with: { reason: compose }, style: sheet }"), "\(text)")
        #expect(text.contains("then: [{ push: account, with: { handle: alice } }]"), "\(text)")
        #expect(text.contains("stack: [timeline, { route: account, with: { handle: alice } }, status]"), "\(text)")
        let loaded = try GraphDocument.load(text)
        let event = try #require(loaded.events.first { $0.name == "showAlice" })
        #expect(loaded.destination(ofStep: 0, in: event) == DynamicRoute("account", arguments: [.init(name: "handle", value: "alice")]))
        let guarded = try #require(loaded.route(named: "compose")?.entryGuard)
        #expect(loaded.redirectDestination(of: guarded) == DynamicRoute("login", arguments: [.init(name: "reason", value: "compose")]))
        // Exported again, the document is the same text: the values survive both ways.
        #expect(try GraphDocument.export(loaded) == text)
    }

    @Test("a first sample is written without 'with:', so documents that never wrote a value export as before")
    func firstSampleNeedsNoWith() throws {
        let graph = try NavigationGraph<ValueRoute>("First") {
            Root(.timeline)
            Event("me", then: [.push(.account(handle: "me"))])
        }
        let text = try GraphDocument.export(graph)
        #expect(text.contains("then: [{ push: account }]") && !text.contains("with:"), "\(text)")
    }

    /// A document with a `timeline` root and an `account` route of two handles, then `rest`
    /// (whose first line is line 7).
    static func document(with rest: String) -> String {
        """
        navgraph: 1
        name: Bad
        root: timeline
        routes:
          timeline: {}
          account: { params: { handle: [me, alice] } }

        """ + rest
    }

    @Test("a document's written value is checked where it is written", arguments: [
        ("then: [{ push: account, with: { handle: bob } }]", "'bob' is not a sample value of parameter 'handle' of route 'account'"),
        ("then: [{ tab: main, with: { handle: me } }]", "a tab step brings in no route to give values for"),
        ("then: [{ push: timeline, with: { id: 1 } }]", "route 'timeline' has no parameters to give values for"),
    ])
    func badEventValues(step: String, message: String) throws {
        let text = Self.document(with: """
        events:
          go: { \(step) }
        """)
        #expect {
            _ = try GraphDocument.load(text)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains(":8:")
        }
    }

    @Test("a plan entry's value may not replace the link's own route, which is the matched one")
    func planValueOfOwnRoute() throws {
        let text = Self.document(with: """
        deepLinks:
          schemes: [social]
          links:
            - pattern: /@:handle
              route: account
              stack: [timeline, { route: account, with: { handle: me } }]
        """)
        #expect {
            _ = try GraphDocument.load(text)
        } throws: { error in
            "\(error)".contains("the link's own route 'account' stands for the route the URL matched")
        }
    }

    @Test("TabKey constants build the same graph as tab names written as strings, conditions included")
    func tabKeysAreNames() throws {
        func graph(typed: Bool) throws -> NavigationGraph<ValueRoute> {
            try NavigationGraph<ValueRoute>("Tabs") {
                Flag("signedIn")
                if typed {
                    Tab(.home, root: .timeline)
                    Tab(.more, root: .settings, when: .flag(FlagKey("signedIn")))
                    Push(.timeline, .compose, when: .tab(is: .home))
                    Event("back home", then: [.selectTab(.home)])
                } else {
                    Tab("home", root: .timeline)
                    Tab("more", root: .settings, when: "signedIn")
                    Push(.timeline, .compose, when: "tab == home")
                    Event("back home", then: [.selectTab("home")])
                }
            }
        }
        let typed = try GraphDocument.export(graph(typed: true))
        #expect(typed == (try GraphDocument.export(graph(typed: false))))
        #expect(typed.contains("{ name: home, root: timeline }") && typed.contains("{ name: more, root: settings, when: \"signedIn\" }") && typed.contains("when: \"tab == home\"") && typed.contains("then: [{ tab: home }]"), "\(typed)")
    }
}
