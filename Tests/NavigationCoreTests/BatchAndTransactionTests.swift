import Testing
import NavigationCore

@Suite("Batch and transaction")
struct BatchAndTransactionTests {
    /// A script whose third step fails: there is no screen 9 to pop to.
    let failingScript: [NavigationCommand<Screen>] = [.push(2), .push(3), .popTo(9), .push(4)]

    @Test("the same failing script: a batch keeps what succeeded, a transaction keeps nothing")
    func sideBySide() {
        let executor = NavigationExecutor<Screen>()
        var batchState = stackState([1])
        var transactionState = stackState([1])

        let batch = executor.executeBatch(failingScript, on: &batchState)
        let transaction = executor.executeTransaction(failingScript, on: &transactionState)

        #expect(batch.results == [.success, .success, .failure(.routeNotFound(9)), .success])
        #expect(batch.failedSteps == [2])
        #expect(!batch.succeeded)
        #expect(batchState.activeStack.routes == [1, 2, 3, 4])

        #expect(transaction == .rolledBack(failedStep: 2, result: .failure(.routeNotFound(9)), completed: [.success, .success]))
        #expect(transactionState == stackState([1]))
    }

    @Test("a batch with stopOnFailure stops at the failing step and keeps the earlier ones")
    func stopOnFailure() {
        var state = stackState([1])
        let batch = NavigationExecutor<Screen>().executeBatch(failingScript, on: &state, stopOnFailure: true)
        #expect(batch.results.count == 3)
        #expect(batch.stoppedEarly)
        #expect(state.activeStack.routes == [1, 2, 3])
    }

    @Test("a transaction whose steps all succeed commits them all")
    func commit() {
        var state = stackState([1])
        let result = NavigationExecutor<Screen>().executeTransaction([.push(2), .present(5, style: .sheet), .push(6)], on: &state)
        #expect(result == .committed([.success, .success, .success]))
        #expect(result.committed)
        #expect(state.top == 6)
        #expect(state.stack(of: .main)?.routes == [1, 2])
    }

    @Test("a cancel by middleware rolls a transaction back and is reported with its step")
    func cancelRollsBack() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            command == .push(3) ? .cancel(reason: "no 3") : .proceed
        }), name: "no-three")
        var state = stackState([1])
        let result = executor.executeTransaction([.push(2), .push(3)], on: &state)
        #expect(result == .rolledBack(failedStep: 1, result: .cancelled(NavigationCancellation(middleware: "no-three", reason: "no 3")), completed: [.success]))
        #expect(state == stackState([1]))
    }

    @Test("steps in a batch pass through middleware one by one")
    func batchUsesMiddleware() {
        var executor = NavigationExecutor<Screen>()
        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            command == .push(3) ? .rewrite(.push(30)) : .proceed
        }), name: "rewrite 3")
        var state = stackState([1])
        let batch = executor.executeBatch([.push(2), .push(3)], on: &state)
        #expect(batch.succeeded)
        #expect(state.activeStack.routes == [1, 2, 30])
    }
}
