import Testing
import NavigationCore

@MainActor
@Suite("App events")
struct AppEventTests {
    static let logout = AppEvent<Screen>(
        name: "logout",
        precondition: .init("signedIn") { $0.isSet("signedIn") },
        steps: [.command(.setFlag("signedIn", false)), .command(.dismissAll), .command(.popToRoot)])

    @Test("firing runs every step through the middleware, in order, and reports each")
    func fires() {
        let journal = Journal()
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in journal.write("\(command)"); return .proceed }), name: "log")
        var state = stackState([1, 2], flags: ["signedIn"])
        _ = executor.execute(.present(7, style: .sheet), on: &state)
        let result = executor.fire(Self.logout, on: &state)
        #expect(journal.entries == ["present(s7, sheet)", "clear(signedIn)", "dismissAll", "popToRoot"])
        #expect(result == .fired("logout", steps: [
            AppEventStepResult(command: .setFlag("signedIn", false), result: .success),
            AppEventStepResult(command: .dismissAll, result: .success),
            AppEventStepResult(command: .popToRoot, result: .success),
        ]))
        #expect(result.succeeded)
        #expect(state == stackState([1]))
    }

    @Test("an event whose precondition fails changes nothing and says which precondition")
    func notEnabled() {
        var state = stackState([1, 2])
        let result = NavigationExecutor<Screen>().fire(Self.logout, on: &state)
        #expect(result == .notEnabled("logout", precondition: "signedIn"))
        #expect(!result.succeeded)
        #expect(state == stackState([1, 2]))
    }

    @Test("a failing step does not stop the others or undo the ones before (no rollback)")
    func noRollback() {
        var state = stackState([1, 2], flags: ["signedIn"])
        let result = NavigationExecutor<Screen>().fire(Self.logout, on: &state)
        #expect(result.stepResults == [.success, .failure(.noModalPresented), .success])
        #expect(state == stackState([1]))
    }

    @Test("a step made from the state it meets sees what earlier steps did")
    func stateDependentStep() {
        let event = AppEvent<Screen>(name: "swap", steps: [
            .command(.push(3)),
            AppEvent.Step("replace the top with 9") { state in .replace(state.activeStack.routes.dropLast() + [9]) },
        ])
        var state = stackState([1])
        NavigationExecutor<Screen>().fire(event, on: &state)
        #expect(state.activeStack.routes == [1, 9])
    }

    @Test("the store fires by value and by name, publishes one event, and refuses unknown names")
    func store() async {
        let store = NavigationStore(initial: stackState([1, 2], flags: ["signedIn"]), executor: NavigationExecutor(), events: [Self.logout])
        let events = store.events()
        #expect(store.fire(named: "logout").succeeded == false)  // dismissAll finds no modal
        #expect(store.state == stackState([1]))
        #expect(store.fire(named: "logut") == .unknown("logut", declared: ["logout"]))
        #expect(store.fire(Self.logout) == .notEnabled("logout", precondition: "signedIn"))
        var iterator = events.makeAsyncIterator()
        guard case .fired(let fired, let after)? = await iterator.next() else {
            Issue.record("expected a fired event")
            return
        }
        #expect(fired.name == "logout")
        #expect(after == stackState([1]))
        guard case .fired(.unknown, _)? = await iterator.next() else {
            Issue.record("expected the unknown name to be published")
            return
        }
    }

    @Test("results read well", arguments: [
        (AppEventResult<Screen>.notEnabled("logout", precondition: "signedIn"), "logout did not fire: its precondition 'signedIn' does not hold"),
        (.unknown("logut", declared: ["login", "logout"]), "no event 'logut' is registered; choose one of: login, logout"),
        (.fired("logout", steps: [AppEventStepResult(command: .pop, result: .success)]), "logout fired: [pop: success]"),
    ])
    func descriptions(result: AppEventResult<Screen>, text: String) {
        #expect(result.description == text)
    }
}
