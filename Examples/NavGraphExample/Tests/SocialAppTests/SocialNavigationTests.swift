import NavigationChecker
import NavigationCheckerTesting
import NavigationCore
import NavigationGraph
import SocialApp
import Testing

@Suite("Social navigation")
struct SocialNavigationTests {
    @Test("the graph the app runs, its own middleware included, is verified")
    func verified() throws {
        let result = expectVerified(try SocialNavigation.graph())
        // App middleware is Swift code, which only the explicit engine runs: every state was visited.
        #expect(result?.statistics.complete == true)
    }

    @Test("without the app's middleware an editor opens signed out: the explorer checks what the app registers")
    func middlewareIsExplored() throws {
        let result = try Checker(SocialNavigation.routes()).run()
        let failure = try #require(result.failures.first { $0.name == "an editor is up only while signed in" })
        #expect(failure.trace?.finalState?.top == .newStatus)
    }

    @Test("seeded bug: a logout that does not close the editor is caught, with its shortest trace")
    func seededLogoutBug() throws {
        // The bug: logout pops the visible stack instead of closing what is presented first.
        let result = try Checker(SocialNavigation.graph(logoutThen: [.popToRoot])).run()
        #expect(!result.passed)
        let failure = try #require(result.failures.first { $0.name == "an editor is up only while signed in" })
        let trace = try #require(failure.trace)
        #expect(trace.steps.map(\.label) == [
            "start",
            "cover timeline → newStatus",   // signed out: the middleware presents the login sheet instead
            "event login",
            "cover timeline → newStatus",
            "event logout",
        ], "\(trace.formatted)")
        let last = try #require(trace.finalState)
        #expect(last.top == .newStatus && !last.isSet(.signedIn))
        // The same graph with the real logout passes: the failure is the seeded bug's.
        #expect(try Checker(SocialNavigation.graph()).run().passed)
    }

    @Test("a counterexample replays through the app's store, state by state")
    @MainActor
    func traceReplaysThroughTheStore() throws {
        let graph = try SocialNavigation.graph(logoutThen: [.popToRoot])
        let failure = try #require(try Checker(graph).run().failures.first { $0.name == "an editor is up only while signed in" })
        let trace = try #require(failure.trace)
        let store = try NavigationStore(graph: graph)
        let model = GraphModel(graph: graph)
        for step in trace.steps.dropFirst() {
            let action = try #require(step.action)
            switch action {
            case .transition(let index, let sample):
                let transition = graph.transitions[index]
                let target = graph.targets(of: transition)[sample]
                store.execute(NavigationGraph<SocialRoute>.command(to: target, style: transition.style, in: store.state))
            case .back: store.send(.back)
            case .dismissSheet: store.execute(.dismiss)
            case .selectTab(let index): store.execute(.selectTab(graph.tabs[index].id))
            case .event(let index): store.fire(named: graph.events[index].name)
            case .openLink(let index): store.open(model.samples[index].url)
            case .resumePending: Issue.record("the store resumes a parked link by itself; this trace should not need it")
            }
            #expect(store.state == step.state, "after \(step.label)")
        }
    }

    @Test("the store built from the graph: the redirect in the result, events, deep links and shared links")
    @MainActor
    func theAppRunsTheGraph() throws {
        let app = try SocialApp()
        let redirect = try #require(app.composeTapped().redirect)
        #expect(redirect.executed == .present(.login, style: .sheet))
        #expect(redirect.middleware == "sign in before writing")
        #expect(app.store.state.top == .login)

        #expect(app.loggedIn())
        #expect(app.composeTapped().succeededAsAsked)
        #expect(app.store.state.top == .newStatus)
        #expect(app.loggedOut())
        #expect(app.store.state.modals.isEmpty && app.store.state.top == .timeline)

        guard case .navigated = app.open("social://@alice") else {
            Issue.record("social://@alice did not navigate")
            return
        }
        #expect(app.store.state.activeStack.routes == [.timeline, .account(user: "alice")])
        #expect(app.shareLink(for: .account(user: "alice")) == "https://social.example/@alice")
        guard case .parked = app.open("social://compose") else {
            Issue.record("social://compose was not parked while signed out")
            return
        }
    }
}
