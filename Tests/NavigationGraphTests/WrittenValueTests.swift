import NavigationCore
import NavigationGraph
import NavGraphTestSupport
import Testing

extension TabKey {
    static let home = TabKey("home")
    static let more = TabKey("more")
}

/// A graph writing a value that is not its route's first sample in an event step, a guard's
/// redirect and a deep link's plan.
enum ValueGraphs {
    static func written() throws(GraphBuildError) -> NavigationGraph<ValueRoute> {
        try NavigationGraph<ValueRoute>("Values") {
            Tab(.home, root: .timeline)
            Tab(.more, root: .settings)
            Flag("signedIn")
            Guard(.compose, "signedIn", otherwise: .redirect(.login(reason: "compose"), style: .sheet))
            Push(.timeline, .compose)
            Event("showAlice", when: .tab(is: .home) && .noModal, then: [.push(.account(handle: "alice"))])
            Event("home", when: .tab(isNot: .home), then: [.selectTab(.home)])
            DeepLinkSchemes(["social"])
            DeepLink("/statuses/:id",
                     route: { parameters throws(DeepLinkRejection) in .status(id: try parameters.int("id")) },
                     parameters: { if case .status(let id) = $0 { DeepLinkParameters(["id": String(id)]) } else { nil } },
                     tab: .home, stack: [.timeline, .account(handle: "alice"), .status(id: 1)],
                     samples: ["social://statuses/1": .plan])
            Bounds(maxStackDepth: 3, maxModalDepth: 1, maxStates: 10_000)
        }
    }
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

    @Test("export refuses a written value that is not the first sample, since a document cannot say it")
    func exportRefusesWrittenValues() throws {
        let graph = try ValueGraphs.written()
        #expect {
            _ = try GraphDocument.export(graph)
        } throws: { error in
            let message = (error as? GraphExportError)?.message ?? ""
            return message.contains("the guard of route 'compose'") && message.contains("brings in login(reason: \"compose\")")
                && message.contains("which brings in login(reason: \"browse\")")
        }
    }

    @Test("TabKey constants build the same graph as tab names written as strings")
    func tabKeysAreNames() throws {
        func graph(typed: Bool) throws -> NavigationGraph<ValueRoute> {
            try NavigationGraph<ValueRoute>("Tabs") {
                if typed {
                    Tab(.home, root: .timeline)
                    Tab(.more, root: .settings)
                    Push(.timeline, .compose, when: .tab(is: .home))
                    Event("back home", then: [.selectTab(.home)])
                } else {
                    Tab("home", root: .timeline)
                    Tab("more", root: .settings)
                    Push(.timeline, .compose, when: "tab == home")
                    Event("back home", then: [.selectTab("home")])
                }
            }
        }
        let typed = try GraphDocument.export(graph(typed: true))
        #expect(typed == (try GraphDocument.export(graph(typed: false))))
        #expect(typed.contains("{ name: home, root: timeline }") && typed.contains("when: \"tab == home\"") && typed.contains("then: [{ tab: home }]"), "\(typed)")
    }
}
