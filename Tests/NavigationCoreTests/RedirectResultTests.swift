import Testing
import NavigationCore

@Suite("Redirects in results")
struct RedirectResultTests {
    /// Sends pushes of 2 to a sheet of 5 (a sign-in guard in miniature).
    static let redirector = AnyMiddleware<Screen>(willExecute: { command, _ in
        command == .push(2) ? .redirect(.present(5, style: .sheet)) : .proceed
    })

    @Test("a redirected command's result names the command asked, the one that ran and the middleware")
    func redirectNamed() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(Self.redirector, name: "sign-in guard")
        var state = stackState([1])
        let result = executor.execute(.push(2), on: &state)
        let expected = NavigationRedirect<Screen>(requested: .push(2), executed: .present(5, style: .sheet), middleware: "sign-in guard")
        #expect(result == .redirected(expected, result: .success))
        #expect(result.redirect == expected)
        #expect(result.succeeded)
        #expect(!result.succeededAsAsked)
        #expect(state.topModal?.stack.routes == [5])
    }

    @Test("a command no middleware changed is plain success")
    func unchanged() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(Self.redirector, name: "sign-in guard")
        var state = stackState([1])
        #expect(executor.execute(.push(3), on: &state) == .success)
        #expect(executor.execute(.push(3), on: &state).succeededAsAsked)
    }

    @Test("a rewrite is reported like a redirect, by the middleware that rewrote")
    func rewrite() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            command == .pop ? .rewrite(.popToRoot) : .proceed
        }), name: "pop to root")
        var state = stackState([1, 2, 3])
        let result = executor.execute(.pop, on: &state)
        #expect(result.redirect == NavigationRedirect(requested: .pop, executed: .popToRoot, middleware: "pop to root"))
        #expect(state.activeStack.routes == [1])
    }

    @Test("a redirect that is then cancelled says both: redirected, and cancelled by whom")
    func redirectThenCancel() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(Self.redirector, name: "sign-in guard")
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            if case .present = command { return .cancel(reason: "no modals today") }
            return .proceed
        }), name: "modal blocker")
        var state = stackState([1])
        let result = executor.execute(.push(2), on: &state)
        #expect(result.redirect?.executed == .present(5, style: .sheet))
        #expect(result.cancellation == NavigationCancellation(middleware: "modal blocker", reason: "no modals today"))
        #expect(!result.succeeded)
        #expect(state == stackState([1]))
    }

    @Test("a redirected primary that is cancelled still runs the fallback of whenCancelled")
    func fallbackAfterRedirect() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(Self.redirector, name: "sign-in guard")
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            if case .present = command { return .cancel(reason: "no modals") }
            return .proceed
        }), name: "modal blocker")
        var state = stackState([1])
        let result = executor.execute(.whenCancelled(.push(2), fallback: .push(3)), on: &state)
        #expect(result == .fellBack(NavigationCancellation(middleware: "modal blocker", reason: "no modals"), fallback: .success))
        #expect(state.top == 3)
    }

    @MainActor
    @Test("the store's event record carries the requested command and, in its result, the executed one")
    func storeRecord() async {
        let store = NavigationStore(initial: stackState([1]))
        store.addMiddleware(Self.redirector, name: "sign-in guard")
        let events = store.events()
        store.send(.go(2))
        var iterator = events.makeAsyncIterator()
        guard case .executed(let requested, let result, let state)? = await iterator.next() else {
            Issue.record("expected one executed event")
            return
        }
        #expect(requested == .push(2))
        #expect(result.redirect?.executed == .present(5, style: .sheet))
        #expect(result.description == "redirected (push(s2) → present(s5, sheet) by sign-in guard): success")
        #expect(state.top == 5)
    }
}
