import Testing
import NavigationCore

@Suite("DeepLinkPipeline: decisions, pending links, the store")
struct DeepLinkPipelineTests {
    @Test("a matching link with no requirement plans a stack, tab and modal")
    func plan() throws {
        let pipeline = try ShopLinks.pipeline()
        guard case .plan(let plan) = pipeline.decide("https://SHOP.example/products/7", in: ShopLinks.state()) else {
            Issue.record("expected a plan")
            return
        }
        #expect(plan.destination == .product(id: 7))
        #expect(plan.stack == [.catalog, .product(id: 7)])
        #expect(plan.commands(in: ShopLinks.state()) == [.selectTab(.main), .replace([.catalog, .product(id: 7)])])
    }

    @Test("a link whose requirement does not hold is pending; when it holds, it plans")
    func pendingThenPlan() throws {
        let pipeline = try ShopLinks.pipeline()
        guard case .pending(let link) = pipeline.decide("shop://checkout", in: ShopLinks.state()) else {
            Issue.record("expected pending")
            return
        }
        #expect(link == PendingDeepLink(url: "shop://checkout", requirement: "signedIn"))
        guard case .plan(let plan) = pipeline.decide("shop://checkout", in: ShopLinks.state(signedIn: true)) else {
            Issue.record("expected a plan once signed in")
            return
        }
        #expect(plan.modal?.routes == [.cart, .checkout])
    }

    @Test("rejections and unhandled links, each at its step", arguments: [
        ("shop://x/" + String(repeating: "a", count: 3_000), "tooLong"),
        ("ftp://products/7", "schemeNotAllowed"),
        ("https://evil.example/products/7", "hostNotAllowed"),
        ("shop://products/seven", "invalidParameter"),
        ("shop://../products/7", "dotSegment"),
        ("shop://nowhere/at/all", "unhandled"),
    ])
    func decisions(url: String, expected: String) throws {
        let decision = try ShopLinks.pipeline().decide(url, in: ShopLinks.state())
        let actual: String = switch decision {
        case .plan: "plan"
        case .pending: "pending"
        case .unhandled: "unhandled"
        case .rejected(let reason):
            switch reason {
            case .tooLong: "tooLong"
            case .schemeNotAllowed: "schemeNotAllowed"
            case .hostNotAllowed: "hostNotAllowed"
            case .invalidParameter: "invalidParameter"
            case .dotSegment: "dotSegment"
            default: "\(reason)"
            }
        }
        #expect(actual == expected)
    }

    @Test("the checks run in the documented order: limits, scheme, host, match, plan, requirement")
    func order() throws {
        let pipeline = try ShopLinks.pipeline()
        let longBadScheme = "ftp://" + String(repeating: "a", count: 3_000)
        guard case .rejected(.tooLong) = pipeline.decide(longBadScheme, in: ShopLinks.state()) else {
            Issue.record("limits come before the scheme")
            return
        }
        guard case .rejected(.schemeNotAllowed) = pipeline.decide("ftp://evil.example/x", in: ShopLinks.state()) else {
            Issue.record("the scheme comes before the host")
            return
        }
        guard case .rejected(.hostNotAllowed) = pipeline.decide("https://evil.example/nowhere", in: ShopLinks.state()) else {
            Issue.record("the host comes before matching")
            return
        }
        let vip = DeepLinkMapping<ShopRoute>(
            "/vip/:id", route: { parameters throws(DeepLinkRejection) in .product(id: try parameters.int("id")) },
            parameters: { _ in nil }, plan: { NavigationPlan(destination: $0, stack: [$0]) },
            requirement: .flag("vip"), whenUnmet: .reject)
        let rejecting = DeepLinkPipeline(configuration: ShopLinks.configuration, matcher: DeepLinkMatcher([vip]))
        guard case .rejected(.invalidParameter) = rejecting.decide("shop://vip/x", in: ShopLinks.state()) else {
            Issue.record("the plan's parameters come before the requirement")
            return
        }
        guard case .rejected(.requirementNotMet("vip")) = rejecting.decide("shop://vip/1", in: ShopLinks.state()) else {
            Issue.record("a mapping may reject instead of pending")
            return
        }
    }

    @Test("open runs the plan as one transaction through the middleware")
    func openRunsTransaction() throws {
        let pipeline = try ShopLinks.pipeline()
        var executor = NavigationExecutor<ShopRoute>()
        var state = ShopLinks.state()
        state = { var s = state; executor.execute(.present(.signIn, style: .sheet), on: &s); return s }()
        guard case .navigated(_, .committed) = pipeline.open("shop://cart", on: &state, using: executor) else {
            Issue.record("expected the cart link to commit")
            return
        }
        #expect(state.modals.map(\.stack.routes) == [[.cart]], "the plan dismissed the sign-in sheet and presented the cart")

        executor.middleware.add(AnyMiddleware(willExecute: { command, _ in
            if case .present(.cart, _, _) = command { return .cancel(reason: "cart closed for maintenance") }
            return .proceed
        }), name: "maintenance")
        var other = ShopLinks.state()
        executor.execute(.push(.product(id: 1)), on: &other)
        let before = other
        guard case .navigated(_, .rolledBack(let step, _, _)) = pipeline.open("shop://cart", on: &other, using: executor) else {
            Issue.record("expected the guarded plan to roll back")
            return
        }
        #expect(step == 2)
        #expect(other == before, "a cancelled plan changes nothing")
    }

    @Test("a pending link parks, a newer one replaces it, and it resumes once its requirement holds")
    func pendingLifecycle() throws {
        let checkoutOnly = DeepLinkMapping<ShopRoute>(
            "/checkout/:step", route: { p throws(DeepLinkRejection) in .product(id: try p.int("step")) }, parameters: { _ in nil },
            plan: { NavigationPlan(destination: $0, stack: [.catalog, $0]) }, requirement: .flag("signedIn"))
        let pipeline = DeepLinkPipeline(configuration: ShopLinks.configuration, matcher: DeepLinkMatcher([checkoutOnly]))
        let executor = NavigationExecutor<ShopRoute>()
        var state = ShopLinks.state()

        guard case .parked(let first, replaced: nil) = pipeline.open("shop://checkout/1", on: &state, using: executor) else {
            Issue.record("expected the first link to park")
            return
        }
        guard case .parked(_, replaced: first?) = pipeline.open("shop://checkout/2", on: &state, using: executor) else {
            Issue.record("expected the second link to replace the first")
            return
        }
        #expect(state.pendingDeepLink?.url == "shop://checkout/2")

        guard case .stillPending = pipeline.resumePending(on: &state, using: executor) else {
            Issue.record("still signed out: the link must stay pending")
            return
        }
        executor.execute(.setFlag("signedIn", true), on: &state)
        guard case .navigated(let plan, .committed) = pipeline.resumePending(on: &state, using: executor) else {
            Issue.record("signed in: the link must resume")
            return
        }
        #expect(plan.destination == .product(id: 2))
        #expect(state.activeStack.routes == [.catalog, .product(id: 2)], "the resumed link lands where its plan says")
        #expect(state.pendingDeepLink == nil)
        #expect(pipeline.resumePending(on: &state, using: executor) == nil)
    }

    @Test("a resumed link is re-checked: one the app no longer handles is dropped")
    func resumeRechecks() throws {
        let pipeline = try ShopLinks.pipeline()
        let executor = NavigationExecutor<ShopRoute>()
        var state = ShopLinks.state()
        executor.execute(.setPendingDeepLink(PendingDeepLink(url: "shop://gone", requirement: "signedIn")), on: &state)
        guard case .unhandled("shop://gone") = pipeline.resumePending(on: &state, using: executor) else {
            Issue.record("expected the stale link to be dropped as unhandled")
            return
        }
        #expect(state.pendingDeepLink == nil)
    }

    @MainActor
    @Test("the store opens links and resumes a pending one after the command that satisfies it")
    func store() throws {
        let store = NavigationStore(initial: ShopLinks.state(), deepLinks: try ShopLinks.pipeline())
        guard case .parked = store.open("shop://checkout") else {
            Issue.record("expected checkout to wait for sign-in")
            return
        }
        #expect(store.state.pendingDeepLink?.url == "shop://checkout")
        store.send(.go(.product(id: 3)))
        #expect(store.state.pendingDeepLink != nil, "an unrelated command does not resume it")
        store.execute(.setFlag("signedIn", true))
        #expect(store.state.pendingDeepLink == nil)
        #expect(store.state.modals.first?.stack.routes == [.cart, .checkout])
        guard case .rejected(.schemeNotAllowed) = store.open("javascript://alert(1)") else {
            Issue.record("expected an unknown scheme to be rejected")
            return
        }
    }
}
