import NavigationCore
import Testing

/// Refuses every request for `refused`, before ownership resolves it.
private struct RefuseRequest: NavigationMiddleware {
    let refused: Place
    func willExecute(_ command: NavigationCommand<Place>, context: MiddlewareContext<Place>) -> MiddlewareDecision<Place> {
        command == .request(refused) ? .cancel(reason: "no \(refused) today") : .proceed
    }
}

/// Deep links whose plan requests their route (`NavigationPlan.request`): the store runs the
/// request through the middleware, ownership decides where it shows, and a drop is the
/// outcome the app sees.
@MainActor
@Suite("Deep links that request their route")
struct RequestLinkTests {
    /// The ownership of `RequestResolutionTests`: article is owned by post, composer and the
    /// search tab; checkout by a route that never shows; login is a high-priority cover.
    static func store(requirement: DeepLinkRequirement<Place>? = nil) throws -> NavigationStore<Place> {
        let ownership = try RouteOwnership<Place>([
            .init(route: "article", owners: [.route("post"), .route("composer"), .tab("search")]),
            .init(route: "login", owners: [.app], style: .cover, priority: .high),
            .init(route: "checkout", owners: [.route("nowhere")]),
        ], routeName: \.rawValue)
        let links = DeepLinkPipeline<Place>(configuration: .init(schemes: ["app"]), matcher: try DeepLinkMatcher(strict: [
            DeepLinkMapping("/article", route: .article, plan: { .request($0) }, requirement: requirement),
            DeepLinkMapping("/checkout", route: .checkout, plan: { .request($0) }),
            DeepLinkMapping("/login", route: .login, plan: { .request($0) }),
        ]))
        let launch = try NavigationState(tabs: [NavigationTab(id: "feed", root: Place.feed), NavigationTab(id: "search", root: .search)],
                                         selected: "feed")
        return NavigationStore(initial: launch, executor: NavigationExecutor(engine: NavigationEngine(rules: NavigationRules(ownership: ownership))),
                               deepLinks: links)
    }

    @Test("a request link is presented by the nearest visible owner, as one transaction")
    func nearestOwner() throws {
        let store = try Self.store()
        store.execute(.push(.post))
        let outcome = store.open("app://article")
        #expect(outcome.requestResolution?.presentation?.owner == .route("post"))
        guard case .navigated(let plan, .committed) = outcome else {
            Issue.record("expected a committed plan, got \(outcome)")
            return
        }
        #expect(plan == .request(.article) && plan.commands(in: store.state) == [.request(.article)])
        #expect(store.state.activeStack.routes == [.feed, .post, .article])
        #expect("\(outcome)".hasPrefix("requested article: article presented by post"))
    }

    @Test("a route owned in another tab selects that tab first")
    func otherTab() throws {
        let store = try Self.store()
        let outcome = store.open("app://article")
        #expect(outcome.requestResolution?.presentation?.selectedTab == "search")
        #expect(store.state.selectedTab == "search")
        #expect(store.state.activeStack.routes == [.search, .article])
        #expect(store.state.stack(of: "feed")?.routes == [.feed])
    }

    @Test("a request nobody presents is dropped: the outcome says why, and the state is unchanged")
    func dropped() async throws {
        let store = try Self.store()
        let before = store.state
        let events = store.events()
        let outcome = store.open("app://checkout")
        let drop = try #require(outcome.requestResolution?.drop)
        #expect(drop.route == "checkout" && drop.reason == .noVisibleOwner(owners: [.route("nowhere")]))
        guard case .navigated(_, .rolledBack(failedStep: 0, let result, _)) = outcome else {
            Issue.record("expected a rolled-back plan, got \(outcome)")
            return
        }
        #expect(!result.succeeded && result.firstFailure == nil)
        #expect(store.state == before)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .deepLink("app://checkout", outcome, state: before))
        // Behind the high-priority login cover, a normal request is blocked, and dropped.
        store.open("app://login")
        #expect(store.open("app://article").requestResolution?.drop?.reason == .blockedByHighPriorityFlow("login"))
    }

    @Test("middleware sees the request before resolution: a cancel rolls the link back with no resolution")
    func middlewareFirst() throws {
        let store = try Self.store()
        store.addMiddleware(RefuseRequest(refused: .article), name: "refuse")
        let outcome = store.open("app://article")
        #expect(outcome.requestResolution == nil)
        guard case .navigated(_, .rolledBack(_, let result, _)) = outcome else {
            Issue.record("expected a rolled-back plan, got \(outcome)")
            return
        }
        #expect(result.cancellation?.reason == "no article today")
        #expect(store.state.selectedTab == "feed")
    }

    @Test("a parked request link resumes into the request when its requirement holds; a resumed drop stays parked")
    func parkedThenResumed() throws {
        let store = try Self.store(requirement: .flag("signedIn"))
        guard case .parked(let link, replaced: nil) = store.open("app://article") else {
            Issue.record("expected the link to park")
            return
        }
        #expect(store.state.pendingDeepLink == link)
        // Signed in under the login cover: the request is blocked, so the link waits on.
        store.open("app://login")
        store.execute(.setFlag("signedIn", true))
        #expect(store.state.pendingDeepLink == link)
        #expect(store.state.top == .login)
        // The cover goes: the next command resumes the link, and the search tab presents it.
        store.execute(.dismiss)
        #expect(store.state.pendingDeepLink == nil)
        #expect(store.state.selectedTab == "search" && store.state.top == .article)
    }
}
