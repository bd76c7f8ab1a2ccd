import NavigationCore
import Testing

@Suite("NavigationPlan: push mode keeps the tab's stack")
struct PushPlanTests {
    private static let home = TabID("home")
    private static let inbox = TabID("inbox")

    /// Two tabs; `home` holds timeline › status(1) and is selected, `inbox` holds only its root.
    private static func state() throws -> NavigationState<DynamicRoute> {
        var state = try NavigationState(tabs: [NavigationTab(id: home, root: DynamicRoute("timeline")),
                                               NavigationTab(id: inbox, root: DynamicRoute("inbox"))], selected: home)
        _ = NavigationEngine().apply(.push(DynamicRoute("status")), to: &state)
        return state
    }

    private static let account = DynamicRoute("account")

    @Test("a push plan pushes onto the selected tab's stack; a replace plan replaces it")
    func pushKeepsTheStack() throws {
        let state = try Self.state()
        let push = NavigationPlan(destination: Self.account, stack: [Self.account], mode: .push)
        #expect(push.commands(in: state) == [.pushAll([Self.account])])
        var pushed = state
        #expect(NavigationExecutor().executeTransaction(push.commands(in: state), on: &pushed).committed)
        #expect(pushed.activeStack.routes.map(\.name) == ["timeline", "status", "account"])

        var replaced = state
        let replace = NavigationPlan(destination: Self.account, stack: [DynamicRoute("timeline"), Self.account])
        #expect(NavigationExecutor().executeTransaction(replace.commands(in: state), on: &replaced).committed)
        #expect(replaced.activeStack.routes.map(\.name) == ["timeline", "account"])
    }

    @Test("under a modal, a push plan dismisses every modal first, then pushes onto the tab")
    func pushUnderAModal() throws {
        var state = try Self.state()
        _ = NavigationEngine().apply(.present(DynamicRoute("compose"), style: .sheet), to: &state)
        let plan = NavigationPlan(destination: Self.account, stack: [Self.account], mode: .push)
        #expect(plan.commands(in: state) == [.dismissAll, .pushAll([Self.account])])
        #expect(NavigationExecutor().executeTransaction(plan.commands(in: state), on: &state).committed)
        #expect(state.modals.isEmpty)
        #expect(state.activeStack.routes.map(\.name) == ["timeline", "status", "account"])
    }

    @Test("a push plan naming another tab selects it, keeping that tab's stack, and pushes there")
    func pushOnAnotherTab() throws {
        var state = try Self.state()
        let plan = NavigationPlan(destination: Self.account, tab: Self.inbox, stack: [Self.account], mode: .push)
        #expect(plan.commands(in: state) == [.selectTab(Self.inbox), .pushAll([Self.account])])
        // Naming the selected tab does not re-select it (which would pop it to its root).
        let here = NavigationPlan(destination: Self.account, tab: Self.home, stack: [Self.account], mode: .push)
        #expect(here.commands(in: state) == [.pushAll([Self.account])])
        #expect(NavigationExecutor().executeTransaction(plan.commands(in: state), on: &state).committed)
        #expect(state.selectedTab == Self.inbox)
        #expect(state.activeStack.routes.map(\.name) == ["inbox", "account"])
        #expect(state.stack(of: Self.home)?.routes.map(\.name) == ["timeline", "status"])
    }
}
