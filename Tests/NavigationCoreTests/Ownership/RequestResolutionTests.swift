import Testing
import NavigationCore

/// Screens of a small tabbed app, named by their raw values in ownership declarations.
enum Place: String, Route, CustomStringConvertible {
    case feed, post, article, search, profile, settings, security, composer, login, forgot, checkout, orphan
    var description: String { rawValue }
}

@Suite("Request resolution")
struct RequestResolutionTests {
    let ownership: RouteOwnership<Place>
    let engine: NavigationEngine<Place>

    init() throws {
        ownership = try RouteOwnership<Place>([
            .init(route: "article", owners: [.route("post"), .route("composer"), .tab("search")]),
            .init(route: "security", owners: [.route("settings")]),
            .init(route: "composer", owners: [.tab("feed")], style: .sheet),
            .init(route: "login", owners: [.app], style: .cover, priority: .high),
            .init(route: "forgot", owners: [.route("login")]),
            .init(route: "checkout", owners: [.route("nowhere")]),
        ], routeName: \.rawValue)
        engine = NavigationEngine(rules: NavigationRules(ownership: ownership))
    }

    /// Tabs feed, search and profile at their roots; feed selected.
    func launch() throws -> NavigationState<Place> {
        try NavigationState(tabs: [NavigationTab(id: "feed", root: .feed), NavigationTab(id: "search", root: .search),
                                   NavigationTab(id: "profile", root: .profile)], selected: "feed")
    }

    /// `launch()` after `commands`, each of which must succeed.
    func state(after commands: [NavigationCommand<Place>]) throws -> NavigationState<Place> {
        var state = try launch()
        for command in commands { try #require(engine.apply(command, to: &state).succeeded, "\(command)") }
        return state
    }

    @Test("the nearest owner walking down from the top presents: a route above the tab, popped to first")
    func nearestOwner() throws {
        var state = try state(after: [.push(.post), .push(.orphan)])
        let result = engine.apply(.request(.article), to: &state)
        let presentation = try #require(result.resolution?.presentation)
        #expect(presentation.owner == .route("post"))
        #expect(presentation.ownerLocation == .tab("feed"))
        #expect(presentation.command == .sequence([.popTo(.post), .push(.article)]))
        #expect(result.succeeded)
        #expect(state.activeStack.routes == [.feed, .post, .article])
    }

    @Test("an owner in the top modal wins over one in the tab below, and presents inside the modal")
    func modalOwnerFirst() throws {
        var state = try state(after: [.push(.post), .present(.composer, style: .sheet)])
        let result = engine.apply(.request(.article), to: &state)
        #expect(result.resolution?.presentation?.owner == .route("composer"))
        #expect(result.resolution?.presentation?.ownerLocation == .modal(level: 0))
        #expect(state.modals.count == 1)
        #expect(state.activeStack.routes == [.composer, .article])
        #expect(state.stack(of: "feed")?.routes == [.feed, .post])
    }

    @Test("a normal request dismisses the modals above its owner")
    func dismissesAboveOwner() throws {
        var state = try state(after: [.push(.post), .present(.orphan, style: .sheet)])
        let result = engine.apply(.request(.article), to: &state)
        #expect(result.resolution?.presentation?.command == .sequence([.dismiss, .push(.article)]))
        #expect(state.modals.isEmpty)
        #expect(state.activeStack.routes == [.feed, .post, .article])
    }

    @Test("a tab owns what its stack presents: the selected tab presents a sheet above its top")
    func tabOwner() throws {
        var state = try state(after: [.push(.post)])
        let result = engine.apply(.request(.composer), to: &state)
        #expect(result.resolution?.presentation?.owner == .tab("feed"))
        #expect(state.topModal?.style == .sheet)
        #expect(state.top == .composer)
        #expect(state.stack(of: "feed")?.routes == [.feed, .post])
    }

    @Test("an owner only in an inactive tab's stack selects that tab first, then presents from it")
    func inactiveBranch() throws {
        var state = try state(after: [.selectTab("profile"), .push(.settings), .push(.orphan), .selectTab("feed")])
        let result = engine.apply(.request(.security), to: &state)
        let presentation = try #require(result.resolution?.presentation)
        #expect(presentation.selectedTab == "profile")
        #expect(presentation.command == .sequence([.selectTab("profile"), .popTo(.settings), .push(.security)]))
        #expect(state.selectedTab == "profile")
        #expect(state.activeStack.routes == [.profile, .settings, .security])
    }

    @Test("a request nobody owns, or whose owners are nowhere, is dropped with its reason and changes nothing")
    func noOwner() throws {
        let before = try state(after: [.push(.post)])
        var state = before
        let unowned = engine.apply(.request(.orphan), to: &state)
        #expect(unowned == .requested(.dropped(RequestDrop(route: "orphan", reason: .notOwned))))
        #expect(!unowned.succeeded)
        #expect(unowned.firstFailure == nil)
        let hidden = engine.apply(.request(.checkout), to: &state)
        #expect(hidden.resolution?.drop?.reason == .noVisibleOwner(owners: [.route("nowhere")]))
        #expect(state == before)
        // Without ownership in the rules, every request is dropped.
        #expect(NavigationEngine<Place>().apply(.request(.article), to: &state).resolution?.drop?.reason == .notOwned)
    }

    @Test("a high-priority cover goes above every modal, and blocks normal requests that would reach below it")
    func priorityBlocking() throws {
        var state = try state(after: [.push(.post), .present(.composer, style: .sheet)])
        let login = engine.apply(.request(.login), to: &state)
        #expect(login.resolution?.presentation?.owner == .app)
        #expect(state.modals.map(\.style) == [.sheet, .cover])
        #expect(ownership.highPriorityLevel(in: state) == 1)
        let before = state
        let blocked = engine.apply(.request(.article), to: &state)
        #expect(blocked.resolution?.drop?.reason == .blockedByHighPriorityFlow("login"))
        #expect(state == before)
        // Inside the high-priority flow, its own routes are still requested.
        let forgot = engine.apply(.request(.forgot), to: &state)
        #expect(forgot.resolution?.presentation?.ownerLocation == .modal(level: 1))
        #expect(state.activeStack.routes == [.login, .forgot])
    }

    @Test("a request is presented whole or not at all: a refused last step undoes the dismissals before it")
    func allOrNothing() throws {
        // composer is owned by tab feed: dismiss the sheet, then present; a validator on modal
        // stacks refuses the composer, so the dismissal must not stay.
        let strict = NavigationEngine<Place>(rules: NavigationRules(modalValidator: RouteStackValidator(name: "no composer") { routes in
            routes.contains(.composer) ? .custom("no composer") : nil
        }, ownership: ownership))
        var state = try launch()
        #expect(strict.apply(.present(.orphan, style: .sheet), to: &state).succeeded)
        let before = state
        let result = strict.apply(.request(.composer), to: &state)
        #expect(result.firstFailure == .validatorRejected(.custom("no composer"), at: .modal(level: 0)))
        #expect(state == before)
    }

    @Test("middleware sees the request before it is resolved: it can redirect it to another request or cancel it")
    func redirectBeforeResolution() throws {
        var executor = NavigationExecutor<Place>(engine: engine)
        executor.middleware.add(AnyMiddleware(willExecute: { command, context in
            guard command == .request(.checkout) else { return .proceed }
            return context.state.isSet("signedIn") ? .cancel(reason: "already paid") : .redirect(.request(.login))
        }), name: "checkout")
        var state = try launch()
        let redirected = executor.execute(.request(.checkout), on: &state)
        #expect(redirected.redirect?.executed == .request(.login))
        #expect(redirected.resolution?.presentation?.owner == .app)
        #expect(state.top == .login)
        var signedIn = try self.state(after: [.setFlag("signedIn", true)])
        let before = signedIn
        #expect(executor.execute(.request(.checkout), on: &signedIn).cancellation?.reason == "already paid")
        #expect(signedIn == before)
    }

    @Test("ownership refuses a route owned twice or by nobody")
    func declarationErrors() {
        #expect(throws: OwnershipError.duplicateRoute("article")) {
            try RouteOwnership<Place>([.init(route: "article", owners: [.app]), .init(route: "article", owners: [.tab("feed")])], routeName: \.rawValue)
        }
        #expect(throws: OwnershipError.noOwners(route: "article")) {
            try RouteOwnership<Place>([.init(route: "article", owners: [])], routeName: \.rawValue)
        }
    }

    @Test("the store's request intent is the request command")
    func intent() throws {
        let state = try launch()
        #expect(NavigationIntent<Place>.request(.login).command(in: state) == .request(.login))
    }
}
