import Testing
import NavigationCore

@Suite("Middleware")
struct MiddlewareTests {
    func recorder(_ name: String, _ journal: Journal, decision: MiddlewareDecision<Screen> = .proceed) -> AnyMiddleware<Screen> {
        AnyMiddleware(
            willExecute: { command, _ in journal.write("\(name) will \(command)"); return decision },
            didExecute: { command, result, _ in journal.write("\(name) did \(command): \(result)") })
    }

    @Test("middleware runs in registry order before the engine, and didExecute after it")
    func order() {
        let journal = Journal()
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(recorder("A", journal), name: "A")
        executor.middleware.add(recorder("B", journal), name: "B")
        executor.middleware.insert(recorder("first", journal), name: "first", at: 0)
        var state = stackState([1])
        executor.execute(.push(2), on: &state)
        #expect(journal.entries == [
            "first will push(s2)", "A will push(s2)", "B will push(s2)",
            "first did push(s2): success", "A did push(s2): success", "B did push(s2): success",
        ])
        #expect(executor.middleware.names == ["first", "A", "B"])
    }

    @Test("rewrite hands the changed command to the next middleware, and the rewritten one runs")
    func rewrite() {
        let journal = Journal()
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            command == .push(2) ? .rewrite(.push(3)) : .proceed
        }), name: "rewriter")
        executor.middleware.add(recorder("after", journal), name: "after")
        var state = stackState([1])
        #expect(executor.execute(.push(2), on: &state).redirect == NavigationRedirect(requested: .push(2), executed: .push(3), middleware: "rewriter"))
        #expect(state.activeStack.routes == [1, 3])
        #expect(journal.entries == ["after will push(s3)", "after did push(s3): success"])
    }

    @Test("the first cancel stops the chain and leaves the state unchanged")
    func cancel() {
        let journal = Journal()
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(recorder("A", journal), name: "A")
        executor.middleware.add(recorder("blocker", journal, decision: .cancel(reason: "not now")), name: "blocker")
        executor.middleware.add(recorder("never", journal, decision: .cancel(reason: "unreached")), name: "never")
        var state = stackState([1])
        let result = executor.execute(.push(2), on: &state)
        #expect(result == .cancelled(NavigationCancellation(middleware: "blocker", reason: "not now")))
        #expect(state.activeStack.routes == [1])
        #expect(!journal.entries.contains("never will push(s2)"))
    }

    @Test("redirect restarts the chain, so earlier middleware judges the new command")
    func redirectRestarts() {
        let journal = Journal()
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(recorder("A", journal), name: "A")
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            command == .push(2) ? .redirect(.present(5, style: .sheet)) : .proceed
        }), name: "redirector")
        var state = stackState([1])
        #expect(executor.execute(.push(2), on: &state).redirect?.executed == .present(5, style: .sheet))
        #expect(state.top == 5)
        #expect(journal.entries.prefix(2) == ["A will push(s2)", "A will present(s5, sheet)"])
    }

    @Test("a redirect loop fails with the chain instead of spinning")
    func redirectLoop() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            switch command {
            case .push(let screen): .redirect(.push(Screen(screen.id % 3 + 1)))
            default: .proceed
            }
        }), name: "ping-pong")
        var state = stackState([1])
        let result = executor.execute(.push(1), on: &state)
        #expect(result == .failure(.redirectLoop([.push(1), .push(2), .push(3), .push(1)])))
        #expect(state.activeStack.routes == [1])
    }

    @Test("an endless chain of fresh redirects stops at maxRedirects")
    func redirectLimit() {
        var executor = NavigationExecutor<Screen>(maxRedirects: 4)
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            if case .push(let screen) = command { return .redirect(.push(Screen(screen.id + 1))) }
            return .proceed
        }), name: "always further")
        var state = stackState([1])
        let result = executor.execute(.push(10), on: &state)
        guard case .failure(.redirectLimitExceeded(let chain)) = result else {
            Issue.record("expected redirectLimitExceeded, got \(result)")
            return
        }
        #expect(chain == [.push(10), .push(11), .push(12), .push(13), .push(14), .push(15)])
        #expect(state.activeStack.routes == [1])
    }

    @Test("whenCancelled runs the fallback only when middleware cancels the primary")
    func whenCancelled() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            command == .push(9) ? .cancel(reason: "locked") : .proceed
        }), name: "lock")
        var state = stackState([1])
        let cancelled = executor.execute(.whenCancelled(.push(9), fallback: .push(2)), on: &state)
        #expect(cancelled == .fellBack(NavigationCancellation(middleware: "lock", reason: "locked"), fallback: .success))
        #expect(cancelled.succeeded)
        let failed = executor.execute(.whenCancelled(.popTo(7), fallback: .push(3)), on: &state)
        #expect(failed == .failure(.routeNotFound(7)), "an engine failure is not a cancellation")
        #expect(state.activeStack.routes == [1, 2])
    }

    @Test("middleware sees each step of a sequence on its own")
    func sequenceSteps() {
        let journal = Journal()
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            journal.write("\(command)")
            return command == .push(3) ? .cancel(reason: "no 3") : .proceed
        }), name: "per step")
        var state = stackState([1])
        let result = executor.execute(.sequence([.push(2), .push(3), .push(4)]), on: &state)
        #expect(journal.entries == ["push(s2)", "push(s3)", "push(s4)"])
        #expect(result == .sequence([.success, .cancelled(NavigationCancellation(middleware: "per step", reason: "no 3")), .success]))
        #expect(state.activeStack.routes == [1, 2, 4])
    }

    @Test("guards can ask where a command leads through the context")
    func contextOutcome() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, context in
            context.outcome(of: command)?.top == 9 && !context.state.isSet("admin") ? .cancel(reason: "admins only") : .proceed
        }), name: "admin guard")
        var state = stackState([1, 9, 2])
        #expect(executor.execute(.pop, on: &state).cancellation?.reason == "admins only", "popping back onto 9 is guarded too")
        executor.execute(.setFlag("admin", true), on: &state)
        #expect(executor.execute(.pop, on: &state) == .success)
        #expect(state.top == 9)
    }

    @Test("remove and replace work by handle and keep the order")
    func registryHandles() {
        var registry = MiddlewareRegistry<Screen>()
        let a = registry.add(AnyMiddleware(), name: "a")
        let b = registry.add(AnyMiddleware(), name: "b")
        registry.add(AnyMiddleware(), name: "c")
        let replacedB = registry.replace(b, with: AnyMiddleware(), name: "b2")
        #expect(replacedB)
        #expect(registry.names == ["a", "b2", "c"])
        let removedA = registry.remove(a)
        let removedAgain = registry.remove(a)
        let replacedRemoved = registry.replace(a, with: AnyMiddleware())
        #expect(removedA)
        #expect(!removedAgain, "a handle is removed once")
        #expect(!replacedRemoved)
        #expect(registry.names == ["b2", "c"])
        registry.insert(AnyMiddleware(), name: "z", at: 99)
        #expect(registry.names == ["b2", "c", "z"], "an index past the end appends")
    }

    @Test("preview decides like execute but calls no didExecute and changes nothing")
    func preview() {
        let journal = Journal()
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(recorder("A", journal), name: "A")
        let state = stackState([1])
        let (result, next) = executor.preview(.push(2), in: state)
        #expect(result == .success)
        #expect(next.top == 2)
        #expect(state.top == 1)
        #expect(journal.entries == ["A will push(s2)"])
        #expect(executor.canExecute(.push(2), in: state))
    }
}
