import NavigationCore
import NavigationGraph
import Testing

/// A store driven through each screen's navigator: the commands run through the middleware, so
/// the document's guards apply, and each returns its result.
@MainActor
@Suite("Generated navigators")
struct NavigatorTests {
    @Test("a store is driven through the screens' navigators, guard included")
    func drive() throws {
        let store = try ShopRoute.makeStore()
        #expect(store.state.top == .catalog)
        #expect(store.middlewareNames == ["route guards"])

        #expect(store.navigators.catalog.pushProduct(id: 7).succeeded)
        #expect(store.state.activeStack.routes == [.catalog, .product(id: 7)])
        store.navigators.product.presentCart()
        #expect(store.state.top == .cart)

        // Checkout requires sign-in: the guard redirects to sign-in as a sheet.
        let redirected = store.navigators.cart.pushCheckout()
        #expect(store.state.top == .signIn, "\(redirected)")

        // Signed in, checkout opens and is replaced by the receipt.
        store.execute(.dismiss)
        store.execute(.setFlag("signedIn", true))
        #expect(store.navigators.cart.pushCheckout().succeeded)
        #expect(store.state.top == .checkout)
        #expect(store.navigators.checkout.replaceWithReceipt().succeeded)
        #expect(store.state.activeStack.routes == [.cart, .receipt])
    }

    @Test("a navigator used out of place still goes through the engine and the guards")
    func guardsApply() throws {
        let store = try ShopRoute.makeStore()
        // The checkout screen's navigator, used while the catalog shows: the replace still runs
        // through the middleware, and the guard on checkout is not involved.
        let result = store.navigators.checkout.replaceWithReceipt()
        #expect(result.succeeded)
        #expect(store.state.activeStack.routes == [.receipt])
    }

    @Test("a transition that writes a value makes a navigator method without parameters that brings in exactly that value")
    func writtenValue() throws {
        let store = try ProfilesRoute.makeStore()
        // '{ from: "*", to: status, with: { user: alice, id: 1 } }': every screen may push that status, and only it.
        #expect(store.navigators.timeline.pushStatus().succeeded)
        #expect(store.state.top == .status(user: "alice", id: 1))
        // 'to: account' names the route alone: the caller gives the value.
        #expect(store.navigators.timeline.pushAccount(user: "bob").succeeded)
        #expect(store.state.top == .account(user: "bob"))
        #expect(store.navigators.account.presentExport(id: 7).succeeded)
    }

    @Test("a transition with a reroute makes a navigator method that performs the graph's reroutable action through the store")
    func reroute() async throws {
        let store = try ReroutesRoute.makeStore()
        let graph = try ReroutesRoute.navigationGraph()
        #expect(store.navigators.catalog.requestProduct(id: 2).succeeded)
        let events = store.events()
        // No picker shown: the move reroutes to it (product presents it as a sheet), then retries.
        let result = store.navigators.product.pushCheckout()
        guard case .rerouted(let route, let request, let retry) = result else {
            Issue.record("expected a reroute, got \(result)")
            return
        }
        #expect(route == .picker && retry.succeeded)
        #expect(request.resolution?.presentation?.owner == .route("product"))
        #expect(store.state.topModal?.stack.routes == [.picker, .checkout])
        // The same action performed by the executor on the state before gives the same state: the
        // navigator runs the graph's own action, the one the explorer explores.
        var replayed = try graph.initialState()
        let executor = graph.makeExecutor()
        executor.execute(.request(.product(id: 2)), on: &replayed)
        let transition = try #require(graph.transitions.first { $0.reroute != nil })
        executor.perform(try #require(graph.reroutableAction(for: transition, to: .checkout)), on: &replayed)
        #expect(replayed == store.state)
        var iterator = events.makeAsyncIterator()
        let event = await iterator.next()
        guard case .performed(let name, let published, _)? = event else {
            Issue.record("expected a performed event, got \(String(describing: event))")
            return
        }
        #expect(name == "push product → checkout" && published == result)
        // With the picker up, the move runs at once: no reroute.
        store.execute(.pop)
        #expect(store.navigators.product.pushCheckout() == .ran(.success))
    }
}
