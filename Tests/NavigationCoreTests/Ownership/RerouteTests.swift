import Foundation
import NavigationCore
import Testing

extension Place: Codable {}

@Suite("Actions that reroute")
struct RerouteTests {
    let executor: NavigationExecutor<Place>

    init() throws {
        let ownership = try RouteOwnership<Place>([
            .init(route: "settings", owners: [.tab("feed")], style: .sheet),
            .init(route: "login", owners: [.app], style: .cover, priority: .high),
            .init(route: "forgot", owners: [.route("login")]),
        ], routeName: \.rawValue)
        var executor = NavigationExecutor(engine: NavigationEngine(rules: NavigationRules(ownership: ownership)))
        executor.register(checkout)
        executor.register(compose)
        self.executor = executor
    }

    func launch() throws -> NavigationState<Place> {
        try NavigationState(tabs: [NavigationTab(id: "feed", root: .feed), NavigationTab(id: "search", root: .search)], selected: "feed")
    }

    /// Opens security, which needs settings on screen: else it reroutes to settings.
    let openSecurity = ReroutableAction<Place>(name: "open security") { state in
        state.activeStack.contains(.settings) ? .run(.push(.security)) : .reroute(.settings)
    }

    /// Checkout needs a signed-in user: else it reroutes to the login cover, which signs
    /// nobody in by being shown, so its retry waits for the cover to go.
    let checkout = ReroutableAction<Place>(name: "checkout") { state in
        state.isSet("signedIn") ? .run(.push(.checkout)) : .reroute(.login)
    }

    /// Composing needs a signed-in user too.
    let compose = ReroutableAction<Place>(name: "compose") { state in
        state.isSet("signedIn") ? .run(.push(.composer)) : .reroute(.login)
    }

    /// `state` after the login succeeded: the flag set, then the cover dismissed.
    func signIn(_ state: inout NavigationState<Place>) {
        executor.execute(.setFlag("signedIn", true), on: &state)
        executor.execute(.dismiss, on: &state)
    }

    @Test("an action that can run runs its command, without a request")
    func runs() throws {
        var state = try launch()
        #expect(executor.execute(.present(.settings, style: .sheet), on: &state).succeeded)
        let result = executor.perform(openSecurity, on: &state)
        #expect(result == .ran(.success))
        #expect(state.activeStack.routes == [.settings, .security])
        #expect(state.pendingRetry == nil)
    }

    @Test("a reroute requests the route, then retries at once when the action can run in the state the request left")
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
        #expect(state.pendingRetry == nil)
    }

    @Test("a retry that cannot run yet is pending until the rerouted cover is dismissed, and then runs once, in that state")
    func pendingThenRuns() throws {
        var state = try launch()
        let result = executor.perform(checkout, on: &state)
        guard case .retryPending(let pending, let route, _, let replaced) = result else {
            Issue.record("expected a pending retry, got \(result)")
            return
        }
        #expect(route == .login && replaced == nil && !result.succeeded)
        #expect(pending.action == "checkout" && pending.location == .modal(level: 0) && pending.position == 0)
        #expect(state.pendingRetry == pending)
        #expect(state.top == .login)
        // Inside the flow the retry waits: a push above the login does not end it.
        executor.execute(.push(.forgot), on: &state)
        #expect(executor.runPendingRetry(on: &state) == nil)
        executor.execute(.pop, on: &state)
        signIn(&state)
        let outcome = executor.runPendingRetry(on: &state)
        #expect(outcome == .ran(pending, .success))
        #expect(outcome?.succeeded == true)
        #expect(state.activeStack.routes == [.feed, .checkout])
        #expect(state.pendingRetry == nil)
        // Once: nothing is left to run.
        #expect(executor.runPendingRetry(on: &state) == nil)
    }

    @Test("a pending retry that reroutes again after the flow ends is given up, with no second request")
    func pendingThenGivenUp() throws {
        var state = try launch()
        executor.perform(checkout, on: &state)
        // The user cancels: the cover goes, nobody signed in.
        executor.execute(.dismiss, on: &state)
        let before = state
        let outcome = executor.runPendingRetry(on: &state)
        #expect(outcome == .gaveUp(try #require(before.pendingRetry), because: .reroutedAgain(.login)))
        #expect(outcome?.succeeded == false)
        #expect(state.modals.isEmpty)
        #expect(state.pendingRetry == nil)
        #expect(state.activeStack.routes == [.feed])
    }

    @Test("a newer reroute replaces the pending retry, like a newer deep link replaces a parked one")
    func replaced() throws {
        var state = try launch()
        executor.perform(checkout, on: &state)
        let first = try #require(state.pendingRetry)
        // Cancelled, then compose is tapped: the login is shown again, for compose this time.
        executor.execute(.dismiss, on: &state)
        let second = executor.perform(compose, on: &state)
        guard case .retryPending(let pending, _, _, let replaced) = second else {
            Issue.record("expected a pending retry, got \(second)")
            return
        }
        #expect(replaced == first)
        #expect(state.pendingRetry == pending && pending.action == "compose")
        signIn(&state)
        #expect(executor.runPendingRetry(on: &state) == .ran(pending, .success))
        #expect(state.activeStack.routes == [.feed, .composer])
    }

    @Test("a pushed reroute's flow ends when its route is popped off the stack it was pushed on, not when another tab is selected")
    func pushedFlow() throws {
        let state = try launch()
        let retry = PendingRetry(action: "checkout", reroutedTo: "settings", location: .tab("feed"), position: 1)
        var pushed = state
        executor.execute(.push(.settings), on: &pushed)
        #expect(!retry.flowHasEnded(in: pushed))
        var elsewhere = pushed
        executor.execute(.selectTab("search"), on: &elsewhere)
        #expect(!retry.flowHasEnded(in: elsewhere))
        var popped = pushed
        executor.execute(.pop, on: &popped)
        #expect(retry.flowHasEnded(in: popped))
        // A modal layer's flow ends when the layer is dismissed, also by selecting a tab.
        var covered = state
        executor.execute(.present(.login, style: .cover), on: &covered)
        let modal = PendingRetry(action: "checkout", reroutedTo: "login", location: .modal(level: 0), position: 0)
        #expect(!modal.flowHasEnded(in: covered))
        executor.execute(.selectTab("search"), on: &covered)
        #expect(modal.flowHasEnded(in: covered))
    }

    @Test("a retry whose action is not registered, or cannot run, is given up and says why")
    func unknownOrUnavailable() throws {
        var state = try launch()
        var bare = NavigationExecutor<Place>(engine: executor.engine)
        bare.perform(checkout, on: &state)
        executor.execute(.dismiss, on: &state)
        let pending = try #require(state.pendingRetry)
        var unknown = state
        #expect(bare.runPendingRetry(on: &unknown) == .gaveUp(pending, because: .unknownAction))
        #expect(unknown.pendingRetry == nil)
        bare.register(ReroutableAction(name: "checkout") { _ in .unavailable("the cart is empty") })
        #expect(bare.runPendingRetry(on: &state) == .gaveUp(pending, because: .unavailable("the cart is empty")))
    }

    @Test("a state with a pending retry encodes and decodes as it was, and differs from the same state without it")
    func codable() throws {
        var state = try launch()
        executor.perform(checkout, on: &state)
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(NavigationState<Place>.self, from: data)
        #expect(decoded == state)
        #expect(decoded.pendingRetry?.action == "checkout")
        #expect(String(decoding: data, as: UTF8.self).contains("\"pendingRetry\""))
        // The same login cover, requested without an action: equal but for the retry.
        var without = try launch()
        executor.execute(.request(.login), on: &without)
        #expect(without.modals == state.modals && without.pendingRetry == nil)
        #expect(without != state)
        #expect(Set([state, decoded, without]).count == 2)
        let negative = #"{"action":"a","reroutedTo":"b","location":{"modal":{"level":0}},"position":-1}"#
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(PendingRetry.self, from: Data(negative.utf8)) }
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

    @Test("the store performs an action, shows its pending retry, and publishes the retry when a later command ends the flow")
    @MainActor
    func store() async throws {
        let store = NavigationStore(initial: try launch(), executor: NavigationExecutor(engine: executor.engine))
        let events = store.events()
        let result = store.perform(checkout)
        guard case .retryPending(let pending, _, _, _) = result else {
            Issue.record("expected a pending retry, got \(result)")
            return
        }
        #expect(store.state.pendingRetry == pending)
        store.execute(.setFlag("signedIn", true))
        #expect(store.state.pendingRetry == pending)
        store.execute(.dismiss)
        #expect(store.state.pendingRetry == nil)
        #expect(store.state.activeStack.routes == [.feed, .checkout])
        var seen: [NavigationEvent<Place>] = []
        for await event in events {
            seen.append(event)
            if seen.count == 4 { break }
        }
        guard seen.count == 4, case .performed("checkout", result, _) = seen[0], case .retried(let outcome, let after) = seen[3] else {
            Issue.record("unexpected events: \(seen)")
            return
        }
        #expect(outcome == .ran(pending, .success))
        #expect(after == store.state)
    }
}
