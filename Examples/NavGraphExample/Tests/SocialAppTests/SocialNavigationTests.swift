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

    @Test("the tab bar follows sign-in: timeline and settings signed out, timeline and notifications signed in")
    @MainActor
    func tabsFollowSignIn() throws {
        let app = try SocialApp()
        let home = TabID(TabKey.home.name), notifications = TabID(TabKey.notifications.name), settings = TabID(TabKey.settings.name)
        #expect(app.store.shownTabs == [home, settings])
        #expect(app.store.execute(.selectTab(notifications)).firstFailure == .tabHidden(notifications, condition: "signedIn"))

        // Log in from the settings tab's sheet: settings hides, and the tab bar falls back home.
        #expect(app.store.execute(.selectTab(settings)).succeeded)
        #expect(app.store.execute(.present(.login, style: .sheet)).succeeded)
        #expect(app.loggedIn())
        #expect(app.store.shownTabs == [home, notifications])
        #expect(app.store.state.selectedTab == home)

        // Log out from the notifications tab: it hides, and logout lands on the timeline.
        #expect(app.store.execute(.selectTab(notifications)).succeeded)
        #expect(app.loggedOut())
        #expect(app.store.shownTabs == [home, settings])
        #expect(app.store.state.selectedTab == home && app.store.state.top == .timeline)
    }

    @Test("deep links by state: compose waits for login, a status by link is for members only")
    @MainActor
    func linksDependOnSignIn() throws {
        let app = try SocialApp()
        guard case .rejected = app.open("https://social.example/@alice/2") else {
            Issue.record("a status link opened while signed out")
            return
        }
        #expect(app.store.state.top == .timeline)
        guard case .parked = app.open("social://compose") else {
            Issue.record("social://compose was not parked while signed out")
            return
        }
        #expect(app.composeTapped().redirect != nil)   // the login sheet
        // Logging in resumes the parked compose link.
        #expect(app.loggedIn())
        #expect(app.store.state.top == .newStatus)
        #expect(app.store.execute(.dismiss).succeeded)
        guard case .navigated = app.open("https://social.example/@alice/2") else {
            Issue.record("a status link did not open while signed in")
            return
        }
        #expect(app.store.state.activeStack.routes == [.timeline, .status(id: 2)])
    }

    @Test("exported as a document and loaded again, the graph explores the same; its Swift middleware is refused by name")
    func documentRoundTrip() throws {
        // What an exploration found, comparable across route types.
        func outcome<R: Route>(_ result: CheckResult<R>) -> [String] {
            ["states \(result.statistics.states)", "transitions \(result.statistics.transitions)", "complete \(result.statistics.complete)"]
                + result.verdicts.map { "\($0.kind) '\($0.name)': \($0.status), trace of \($0.trace?.steps.count ?? 0) steps" }
        }
        let graph = try SocialNavigation.routes()
        let text = try GraphDocument.export(graph)
        // The `mentioned` event pushes status 2, not the first sample: the document says so.
        #expect(text.contains("{ push: status, with: { id: 2 } }"), "\(text)")
        let document = try GraphDocument.load(text, origin: "Social.navgraph.yaml")
        let swift = try Checker(graph).run()
        #expect(outcome(try Checker(document).run()) == outcome(swift))
        #expect(swift.statistics.states > 100)

        // The graph the app runs adds middleware written in Swift, which a document cannot say.
        let error = try #require(throws: GraphExportError.self) { try GraphDocument.export(try SocialNavigation.graph()) }
        #expect(error.message == "graph 'Social' has app middleware written in Swift ('sign in before writing'), which a document cannot say")
    }
}
