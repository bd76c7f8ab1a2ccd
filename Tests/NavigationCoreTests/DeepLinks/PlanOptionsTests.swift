import NavigationCore
import Testing

/// The options of a `NavigationPlan`: pushing under the open modals (`underModals: .keep`)
/// and setting flags when the plan runs.
@Suite("NavigationPlan: links under modals and links that set flags")
struct PlanOptionsTests {
    private static let home = TabID("home")
    private static let inbox = TabID("inbox")
    private static let account = DynamicRoute("account")
    private static let compose = DynamicRoute("compose")

    /// Two tabs; `home` holds timeline › status and is selected, with a compose sheet up.
    private static func stateUnderSheet() throws -> NavigationState<DynamicRoute> {
        var state = try NavigationState(tabs: [NavigationTab(id: home, root: DynamicRoute("timeline")),
                                               NavigationTab(id: inbox, root: DynamicRoute("inbox"))], selected: home)
        _ = NavigationEngine().apply(.push(DynamicRoute("status")), to: &state)
        _ = NavigationEngine().apply(.present(compose, style: .sheet), to: &state)
        return state
    }

    @Test("keep pushes onto the selected tab's stack under the sheet, which stays up")
    func keepPushesUnderTheSheet() throws {
        var state = try Self.stateUnderSheet()
        let plan = NavigationPlan(destination: Self.account, stack: [Self.account], mode: .push, underModals: .keep)
        #expect(plan.commands(in: state) == [.pushUnderModals([Self.account])])
        #expect(NavigationExecutor().executeTransaction(plan.commands(in: state), on: &state).committed)
        #expect(state.modals.count == 1)
        #expect(state.top == Self.compose)
        #expect(state.stack(of: Self.home)?.routes.map(\.name) == ["timeline", "status", "account"])
        // Dismissing the sheet shows the pushed route.
        _ = NavigationEngine().apply(.dismiss, to: &state)
        #expect(state.top == Self.account)
    }

    @Test("dismiss, the default, dismisses every modal first; keep without a modal pushes as dismiss does")
    func dismissIsTheDefault() throws {
        let state = try Self.stateUnderSheet()
        let plan = NavigationPlan(destination: Self.account, stack: [Self.account], mode: .push)
        #expect(plan.underModals == .dismiss)
        #expect(plan.commands(in: state) == [.dismissAll, .pushAll([Self.account])])
        var closed = state
        _ = NavigationEngine().apply(.dismissAll, to: &closed)
        let keep = NavigationPlan(destination: Self.account, stack: [Self.account], mode: .push, underModals: .keep)
        #expect(keep.commands(in: closed) == [.pushAll([Self.account])])
    }

    @Test("keep on another tab selects it (dismissing the modals), and a replace plan ignores it")
    func keepOnAnotherTab() throws {
        let state = try Self.stateUnderSheet()
        let other = NavigationPlan(destination: Self.account, tab: Self.inbox, stack: [Self.account], mode: .push, underModals: .keep)
        #expect(other.commands(in: state) == [.selectTab(Self.inbox), .pushAll([Self.account])])
        let here = NavigationPlan(destination: Self.account, tab: Self.home, stack: [Self.account], mode: .push, underModals: .keep)
        #expect(here.commands(in: state) == [.pushUnderModals([Self.account])])
        let replace = NavigationPlan(destination: Self.account, stack: [DynamicRoute("timeline"), Self.account], underModals: .keep)
        #expect(replace.commands(in: state) == [.selectTab(Self.home), .replace([DynamicRoute("timeline"), Self.account])])
    }

    @Test("a push under the modals that the stack's rules refuse fails, leaving the state as it was")
    func refusedUnderModals() throws {
        let state = try Self.stateUnderSheet()
        let engine = NavigationEngine<DynamicRoute>(rules: NavigationRules(stackValidator: .maxDepth(2)))
        var pushed = state
        let result = engine.apply(.pushUnderModals([Self.account]), to: &pushed)
        #expect(result.firstFailure != nil)
        #expect(pushed == state)
    }

    @Test("a plan's flags are set first, in the same transaction: a rollback leaves them as they were")
    func flagsSetFirst() throws {
        var state = NavigationState(root: DynamicRoute("welcome"))
        let plan = NavigationPlan(destination: DynamicRoute("home"), stack: [DynamicRoute("home")],
                                  flags: ["signedIn": true, "guest": false])
        #expect(plan.commands(in: state) == [.setFlag("guest", false), .setFlag("signedIn", true), .selectTab(.main), .replace([DynamicRoute("home")])])
        // A guard on home that needs signedIn: it sees the flag the plan just set.
        let needsSignIn = AnyMiddleware<DynamicRoute>(willExecute: { command, context in
            if case .replace(let routes) = command, routes.last?.name == "home", !context.state.isSet("signedIn") {
                return .cancel(reason: "needs sign-in")
            }
            return .proceed
        })
        var registry = MiddlewareRegistry<DynamicRoute>()
        _ = registry.add(needsSignIn, name: "needsSignIn")
        let executor = NavigationExecutor(middleware: registry)
        #expect(executor.executeTransaction(plan.commands(in: state), on: &state).committed)
        #expect(state.isSet("signedIn") && state.top?.name == "home")

        // A guard that cancels the navigation rolls the flags back too.
        var refused = NavigationState(root: DynamicRoute("welcome"))
        let never = AnyMiddleware<DynamicRoute>(willExecute: { command, _ in
            if case .replace = command { return .cancel(reason: "closed") }
            return .proceed
        })
        var closed = MiddlewareRegistry<DynamicRoute>()
        _ = closed.add(never, name: "never")
        #expect(!NavigationExecutor(middleware: closed).executeTransaction(plan.commands(in: refused), on: &refused).committed)
        #expect(!refused.isSet("signedIn"))
    }

    @Test("a pending link that sets a flag sets it when it resumes, not when it parks")
    func flagsOnResume() throws {
        let callback = DeepLinkMapping<DynamicRoute>(
            "/callback", route: DynamicRoute("home"),
            plan: { NavigationPlan(destination: $0, stack: [$0], flags: ["signedIn": true]) },
            requirement: .flag("consented"))
        let pipeline = DeepLinkPipeline(configuration: DeepLinkConfiguration(schemes: ["app"]), matcher: try DeepLinkMatcher(strict: [callback]))
        var state = NavigationState(root: DynamicRoute("welcome"))
        let executor = NavigationExecutor<DynamicRoute>()
        guard case .parked = pipeline.open("app://callback", on: &state, using: executor) else {
            Issue.record("expected the link to park")
            return
        }
        #expect(!state.isSet("signedIn"))
        _ = executor.execute(.setFlag("consented", true), on: &state)
        guard case .navigated(_, .committed)? = pipeline.resumePending(on: &state, using: executor) else {
            Issue.record("expected the link to resume")
            return
        }
        #expect(state.isSet("signedIn") && state.top?.name == "home" && state.pendingDeepLink == nil)
    }
}
