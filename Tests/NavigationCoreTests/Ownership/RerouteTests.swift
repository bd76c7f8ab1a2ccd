import Testing
import NavigationCore

@Suite("Actions that reroute")
struct RerouteTests {
    let executor: NavigationExecutor<Place>

    init() throws {
        let ownership = try RouteOwnership<Place>([
            .init(route: "settings", owners: [.tab("feed")], style: .sheet),
            .init(route: "login", owners: [.app], style: .cover, priority: .high),
        ], routeName: \.rawValue)
        executor = NavigationExecutor(engine: NavigationEngine(rules: NavigationRules(ownership: ownership)))
    }

    func launch() throws -> NavigationState<Place> {
        try NavigationState(tabs: [NavigationTab(id: "feed", root: .feed), NavigationTab(id: "search", root: .search)], selected: "feed")
    }

    /// Opens security, which needs settings on screen: else it reroutes to settings.
    let openSecurity = ReroutableAction<Place>(name: "open security") { state in
        state.activeStack.contains(.settings) ? .run(.push(.security)) : .reroute(.settings)
    }

    @Test("an action that can run runs its command, without a request")
    func runs() throws {
        var state = try launch()
        #expect(executor.execute(.present(.settings, style: .sheet), on: &state).succeeded)
        let result = executor.perform(openSecurity, on: &state)
        #expect(result == .ran(.success))
        #expect(state.activeStack.routes == [.settings, .security])
    }

    @Test("a reroute requests the route, then retries once in the state the request left")
    func reroutesAndRetries() throws {
        var state = try launch()
        let result = executor.perform(openSecurity, on: &state)
        guard case .rerouted(let route, _, let retry) = result else {
            Issue.record("expected a reroute, got \(result)")
            return
        }
        #expect(route == .settings)
        #expect(retry == .success)
        #expect(result.rerouteResolution?.presentation?.owner == .tab("feed"))
        #expect(result.succeeded)
        #expect(state.activeStack.routes == [.settings, .security])
    }

    @Test("a second reroute is a loop: reported, and the state is as before the action")
    func loop() throws {
        // Checkout needs a signed-in user; showing login does not sign anyone in.
        let checkout = ReroutableAction<Place>(name: "checkout") { state in
            state.isSet("signedIn") ? .run(.push(.checkout)) : .reroute(.login)
        }
        let before = try launch()
        var state = before
        let result = executor.perform(checkout, on: &state)
        #expect(result == .rerouteLoop([.login, .login]))
        #expect(!result.succeeded)
        #expect(state == before)
    }

    @Test("a reroute whose request is dropped is not retried and changes nothing")
    func droppedReroute() throws {
        let share = ReroutableAction<Place>(name: "share") { _ in .reroute(.orphan) }
        let before = try launch()
        var state = before
        let result = executor.perform(share, on: &state)
        #expect(result == .rerouteNotPresented(to: .orphan, request: .requested(.dropped(RequestDrop(route: "orphan", reason: .notOwned)))))
        #expect(result.rerouteResolution?.drop != nil)
        #expect(state == before)
    }
}
