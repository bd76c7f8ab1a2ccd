import Testing
import NavigationCore

@MainActor
@Suite("UI reconciliation")
struct UIReconciliationTests {
    @Test("a path the UI reports becomes the command it amounts to", arguments: [
        ([2, 3] as [Screen], NavigationCommand<Screen>?.none),
        ([2], .pop),
        ([], .popToRoot),
        ([2, 3, 4], .push(4)),
        ([2, 3, 4, 5], .pushAll([4, 5])),
        ([6], .replace([1, 6])),
    ])
    func pathCommands(path: [Screen], command: NavigationCommand<Screen>?) {
        let state = stackState([1, 2, 3])
        #expect(UIChange.path(path, at: state.activeLocation).command(in: state) == command)
    }

    @Test("popping several screens at once is popCount")
    func popCount() {
        let state = stackState([1, 2, 3, 4])
        #expect(UIChange.path([2], at: state.activeLocation).command(in: state) == .popCount(2))
    }

    @Test("a path reported for a stack that is not the active one is nothing to run")
    func inactiveStack() throws {
        var state = try tabbedState()
        NavigationEngine().apply(.present(5, style: .sheet), to: &state)
        #expect(UIChange.path([], at: .tab("a")).command(in: state) == nil)
        #expect(UIChange.path([6], at: .modal(level: 0)).command(in: state) == .push(6))
        #expect(UIChange.path([6], at: .modal(level: 3)).command(in: state) == nil)
    }

    @Test("a dismissed layer is dismiss, dismissAll, or one dismiss per layer above it")
    func modalCommands() {
        var state = stackState([1])
        let engine = NavigationEngine<Screen>()
        for route in [5, 6, 7] as [Screen] { engine.apply(.present(route, style: .sheet), to: &state) }
        #expect(UIChange.modalDismissed(level: 2).command(in: state) == .dismiss)
        #expect(UIChange.modalDismissed(level: 0).command(in: state) == .dismissAll)
        #expect(UIChange.modalDismissed(level: 1).command(in: state) == .sequence([.dismiss, .dismiss]))
        #expect(UIChange.modalDismissed(level: 3).command(in: state) == nil)
    }

    @Test("selecting the selected tab is nothing; another tab is selectTab")
    func tabCommands() throws {
        let state = try tabbedState()
        #expect(UIChange<Screen>.tabSelected("a").command(in: state) == nil)
        #expect(UIChange<Screen>.tabSelected("b").command(in: state) == .selectTab("b"))
    }

    @Test("a swipe back goes through middleware, and a refused one tells the UI the path to show")
    func refusedSwipe() {
        let store = NavigationStore(initial: stackState([1, 2, 3]))
        store.addMiddleware(AnyMiddleware(willExecute: { command, context in
            command == .pop && context.state.top == 3 ? .cancel(reason: "unsaved changes") : .proceed
        }), name: "unsaved-changes guard")
        let location = store.state.activeLocation
        let refused = store.reconcile(.path([2], at: location))
        #expect(refused.command == .pop)
        #expect(refused.result?.cancellation?.middleware == "unsaved-changes guard")
        #expect(refused.needsCorrection)
        #expect(refused.correctedPath == [2, 3])
        #expect(store.state.activeStack.routes == [1, 2, 3])
        #expect(store.uiCorrections == 1)

        store.send(.backToRoot)
        store.send(.goMany([2, 4]))
        let accepted = store.reconcile(.path([2], at: location))
        #expect(accepted.result == .success)
        #expect(!accepted.needsCorrection)
        #expect(accepted.correctedPath == nil)
        #expect(store.state.activeStack.routes == [1, 2])
        #expect(store.uiCorrections == 1)
    }

    @Test("an interactive dismiss a middleware redirects is reported with what the UI must show")
    func redirectedDismiss() {
        let store = NavigationStore(initial: stackState([1]))
        store.addMiddleware(AnyMiddleware(willExecute: { command, context in
            // Dismissing the editor with a draft shows the "discard draft?" sheet instead.
            command == .dismiss && context.state.top == 5 ? .redirect(.present(6, style: .sheet)) : .proceed
        }), name: "draft keeper")
        store.execute(.present(5, style: .sheet))
        let reconciliation = store.reconcile(.modalDismissed(level: 0))
        #expect(reconciliation.result?.redirect?.executed == .present(6, style: .sheet))
        #expect(reconciliation.needsCorrection)
        #expect(store.state.modals.map(\.stack.routes) == [[5], [6]])
    }

    @Test("a tab the user selects runs selectTab, and the store publishes one reconciled event")
    func tabSelection() async throws {
        let store = NavigationStore(initial: try tabbedState())
        let events = store.events()
        let reconciliation = store.reconcile(.tabSelected("c"))
        #expect(!reconciliation.needsCorrection)
        #expect(store.state.selectedTab == "c")
        var iterator = events.makeAsyncIterator()
        guard case .reconciled(let published, let state)? = await iterator.next() else {
            Issue.record("expected a reconciled event")
            return
        }
        #expect(published == reconciliation)
        #expect(state.selectedTab == "c")
    }

    @Test("a UI report the state already shows runs nothing")
    func alreadyShown() {
        let store = NavigationStore(initial: stackState([1, 2]))
        let reconciliation = store.reconcile(.path([2], at: store.state.activeLocation))
        #expect(reconciliation.command == nil)
        #expect(reconciliation.result == nil)
        #expect(!reconciliation.needsCorrection)
    }
}
