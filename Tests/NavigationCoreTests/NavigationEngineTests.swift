import Testing
import NavigationCore

@Suite("NavigationEngine: stack commands")
struct NavigationEngineStackTests {
    let engine = NavigationEngine<Screen>()

    @Test("push and pushAll append to the active stack")
    func pushes() {
        var state = stackState([1])
        #expect(engine.apply(.push(2), to: &state) == .success)
        #expect(engine.apply(.pushAll([3, 4]), to: &state) == .success)
        #expect(state.activeStack.routes == [1, 2, 3, 4])
        #expect(state.top == 4)
        #expect(state.depth == 4)
    }

    @Test("pop removes the top; on a root-only stack it fails and changes nothing")
    func pop() {
        var state = stackState([1, 2])
        #expect(engine.apply(.pop, to: &state) == .success)
        #expect(state.activeStack.routes == [1])
        let before = state
        #expect(engine.apply(.pop, to: &state) == .failure(.insufficientDepth(requested: 1, available: 0)))
        #expect(state == before)
    }

    @Test("pop on an empty stack fails with emptyStack", arguments: [
        NavigationCommand<Screen>.pop, .popCount(1), .popToRoot,
    ])
    func popEmpty(command: NavigationCommand<Screen>) {
        let permissive = NavigationEngine<Screen>(rules: .init(stackValidator: .any))
        var state = stackState([])
        #expect(permissive.apply(command, to: &state) == .failure(.emptyStack))
        #expect(state == stackState([]))
    }

    @Test("popCount pops that many; zero, negative or too many fail and change nothing", arguments: [
        (2, NavigationResult<Screen>.success, [Screen(1), 2]),
        (3, .success, [1]),
        (4, .failure(.insufficientDepth(requested: 4, available: 3)), [1, 2, 3, 4]),
        (0, .failure(.invalidPopCount(0)), [1, 2, 3, 4]),
        (-2, .failure(.invalidPopCount(-2)), [1, 2, 3, 4]),
    ])
    func popCount(count: Int, expected: NavigationResult<Screen>, remaining: [Screen]) {
        var state = stackState([1, 2, 3, 4])
        #expect(engine.apply(.popCount(count), to: &state) == expected)
        #expect(state.activeStack.routes == remaining)
    }

    @Test("popTo pops to the nearest occurrence; a missing route fails")
    func popTo() {
        var state = stackState([1, 2, 3, 2, 4])
        #expect(engine.apply(.popTo(2), to: &state) == .success)
        #expect(state.activeStack.routes == [1, 2, 3, 2])
        #expect(engine.apply(.popTo(2), to: &state) == .success, "popTo the top is a no-op success")
        #expect(state.activeStack.routes == [1, 2, 3, 2])
        #expect(engine.apply(.popTo(9), to: &state) == .failure(.routeNotFound(9)))
        #expect(state.activeStack.routes == [1, 2, 3, 2])
    }

    @Test("popToRoot keeps only the root, and is a no-op on a root-only stack")
    func popToRoot() {
        var state = stackState([1, 2, 3])
        #expect(engine.apply(.popToRoot, to: &state) == .success)
        #expect(state.activeStack.routes == [1])
        #expect(engine.apply(.popToRoot, to: &state) == .success)
        #expect(state.activeStack.routes == [1])
    }

    @Test("replace swaps the whole stack; replacing with nothing breaks nonEmpty")
    func replace() {
        var state = stackState([1, 2])
        #expect(engine.apply(.replace([5, 6, 7]), to: &state) == .success)
        #expect(state.activeStack.routes == [5, 6, 7])
        #expect(engine.apply(.replace([]), to: &state) == .failure(.validatorRejected(.empty, at: .tab(.main))))
        #expect(state.activeStack.routes == [5, 6, 7])
    }

    @Test("sequence keeps the steps that succeeded when a later one fails (no rollback)")
    func sequence() {
        var state = stackState([1])
        let result = engine.apply(.sequence([.push(2), .popTo(9), .push(3)]), to: &state)
        #expect(result == .sequence([.success, .failure(.routeNotFound(9)), .success]))
        #expect(!result.succeeded)
        #expect(result.firstFailure == .routeNotFound(9))
        #expect(state.activeStack.routes == [1, 2, 3])
    }

    @Test("whenCancelled runs only its primary command when no middleware cancels")
    func whenCancelledWithoutMiddleware() {
        var state = stackState([1])
        #expect(engine.apply(.whenCancelled(.push(2), fallback: .push(3)), to: &state) == .success)
        #expect(state.activeStack.routes == [1, 2])
    }

    @Test("dry runs report without changing anything")
    func dryRuns() {
        let state = stackState([1, 2])
        #expect(engine.canExecute(.pop, in: state))
        #expect(!engine.canExecute(.popCount(2), in: state))
        #expect(engine.validate(.popTo(7), in: state) == .routeNotFound(7))
        #expect(engine.validate(.sequence([.pop, .pop]), in: state) == .insufficientDepth(requested: 1, available: 0))
        #expect(engine.preview(.push(3), in: state).state.activeStack.routes == [1, 2, 3])
        #expect(state.activeStack.routes == [1, 2])
    }
}

@Suite("NavigationEngine: modals, tabs and flags")
struct NavigationEngineLayerTests {
    let engine = NavigationEngine<Screen>()

    @Test("present opens a layer with its own stack; stack commands act on the topmost layer")
    func presentAndPush() {
        var state = stackState([1, 2])
        #expect(engine.apply(.present(10, style: .sheet), to: &state) == .success)
        #expect(engine.apply(.push(11), to: &state) == .success)
        #expect(engine.apply(.present(20, style: .cover), to: &state) == .success)
        #expect(state.modals.map(\.style) == [.sheet, .cover])
        #expect(state.modals[0].stack.routes == [10, 11])
        #expect(state.top == 20)
        #expect(state.activeLocation == .modal(level: 1))
        #expect(state.stack(of: .main)?.routes == [1, 2], "the tab's stack is untouched under a modal")
        #expect(engine.apply(.pop, to: &state) == .failure(.insufficientDepth(requested: 1, available: 0)))
    }

    @Test("dismiss removes the top layer; dismissAll removes every layer; both fail with none presented")
    func dismiss() {
        var state = stackState([1])
        #expect(engine.apply(.dismiss, to: &state) == .failure(.noModalPresented))
        #expect(engine.apply(.dismissAll, to: &state) == .failure(.noModalPresented))
        engine.apply(.present(10, style: .sheet), to: &state)
        engine.apply(.present(20, style: .sheet), to: &state)
        #expect(engine.apply(.dismiss, to: &state) == .success)
        #expect(state.top == 10)
        engine.apply(.present(20, style: .cover), to: &state)
        #expect(engine.apply(.dismissAll, to: &state) == .success)
        #expect(state.modals.isEmpty)
        #expect(state.top == 1)
    }

    @Test("a single-screen modal refuses stack commands")
    func singleScreenModal() {
        var state = stackState([1])
        engine.apply(.present(10, style: .cover, providesNavigation: false), to: &state)
        let before = state
        #expect(engine.apply(.push(11), to: &state) == .failure(.modalNotNavigable))
        #expect(engine.apply(.replace([12]), to: &state) == .failure(.modalNotNavigable))
        #expect(state == before)
    }

    @Test("the modal limit refuses one layer too many")
    func modalLimit() {
        let limited = NavigationEngine<Screen>(rules: .init(maxModalDepth: 1))
        var state = stackState([1])
        #expect(limited.apply(.present(10, style: .sheet), to: &state) == .success)
        #expect(limited.apply(.present(11, style: .sheet), to: &state) == .failure(.modalDepthExceeded(limit: 1)))
        #expect(state.modals.count == 1)
    }

    @Test("selecting a tab switches stacks and dismisses modals; re-selecting pops to root")
    func selectTab() throws {
        var state = try tabbedState()
        engine.apply(.push(4), to: &state)
        #expect(engine.apply(.selectTab("b"), to: &state) == .success)
        engine.apply(.push(5), to: &state)
        engine.apply(.present(10, style: .sheet), to: &state)
        #expect(engine.apply(.selectTab("a"), to: &state) == .success)
        #expect(state.modals.isEmpty)
        #expect(state.activeStack.routes == [1, 4], "each tab keeps its own stack")
        #expect(state.stack(of: "b")?.routes == [2, 5])
        #expect(engine.apply(.selectTab("a"), to: &state) == .success)
        #expect(state.activeStack.routes == [1])
    }

    @Test("re-selecting a tab whose root-only stack its validator rejects fails and changes nothing, modals included")
    func reselectRejected() throws {
        let deep = RouteStackValidator<Screen>(name: "at least two") { $0.count < 2 ? .custom("keep two screens") : nil }
        let engine = NavigationEngine<Screen>(rules: NavigationRules(tabValidators: ["a": deep]))
        var state = try tabbedState()
        #expect(engine.apply(.push(4), to: &state) == .success)
        #expect(engine.apply(.present(10, style: .sheet), to: &state) == .success)
        let before = state
        #expect(engine.apply(.selectTab("a"), to: &state) == .failure(.validatorRejected(.custom("keep two screens"), at: .tab("a"))))
        #expect(state == before)
        #expect(state.modals.count == 1)
    }

    @Test("a failed edit of a modal's stack leaves the tab stacks, the modal and the flags as they were")
    func failedModalEdit() throws {
        let engine = NavigationEngine<Screen>(rules: NavigationRules(modalValidator: .maxDepth(2)))
        var state = try tabbedState()
        engine.apply(.sequence([.push(4), .setFlag("x", true), .present(10, style: .sheet), .push(11)]), to: &state)
        let before = state
        #expect(engine.apply(.push(12), to: &state) == .failure(.validatorRejected(.tooDeep(depth: 3, limit: 2), at: .modal(level: 0))))
        #expect(state == before)
        #expect(engine.apply(.pop, to: &state) == .success)
        #expect(state.activeStack.routes == [10])
        #expect(state.stack(of: "a")?.routes == [1, 4])
    }

    @Test("selecting an undeclared tab fails and names the declared ones")
    func unknownTab() throws {
        var state = try tabbedState()
        let before = state
        let result = engine.apply(.selectTab("nope"), to: &state)
        #expect(result == .failure(.unknownTab("nope", declared: ["a", "b", "c"])))
        #expect(state == before)
        #expect("\(result)".contains("choose one of: a, b, c"))
    }

    @Test("setFlag sets and clears flags; setPendingDeepLink fills and clears the slot")
    func flagsAndPending() {
        var state = stackState([1])
        engine.apply(.setFlag("signedIn", true), to: &state)
        #expect(state.isSet("signedIn"))
        engine.apply(.setFlag("signedIn", false), to: &state)
        #expect(state.flags.isEmpty)
        let link = PendingDeepLink(url: "shop://checkout", requirement: "signedIn")
        engine.apply(.setPendingDeepLink(link), to: &state)
        #expect(state.pendingDeepLink == link)
        engine.apply(.setPendingDeepLink(nil), to: &state)
        #expect(state.pendingDeepLink == nil)
    }

    @Test("invalid tab declarations are typed errors", arguments: [
        ([NavigationTab<Screen>](), TabID("a"), NavigationStateError.noTabs),
        ([NavigationTab(id: "a", root: 1), NavigationTab(id: "a", root: 2)], "a", .duplicateTab("a")),
        ([NavigationTab(id: "a", root: 1)], "z", .unknownSelectedTab("z", declared: ["a"])),
    ])
    func invalidTabs(tabs: [NavigationTab<Screen>], selected: TabID, expected: NavigationStateError) {
        #expect(throws: expected) { try NavigationState(tabs: tabs, selected: selected) }
    }
}
