import NavigationCore
import Testing

/// `init?(deepLink:)` and `deepLinkURL`, generated from the document's patterns.
@Suite("Generated deep links")
struct DeepLinkTests {
    @Test("a URL becomes its route, parameters typed",
          arguments: [
              ("shop://products/7", ShopRoute.product(id: 7)),
              ("https://shop.example/products/2", .product(id: 2)),
              ("SHOP://products/12/", .product(id: 12)),
              ("shop://checkout", .checkout),
          ])
    func parse(url: String, route: ShopRoute) {
        #expect(ShopRoute(deepLink: url) == route)
    }

    @Test("a URL that does not make a route is nil",
          arguments: ["shop://products/abc", "shop://products/99999999999999999999", "shop://orders", "https://evil.example/products/1",
                      "ftp://shop.example/products/1", "shop://products/1/2", "shop://products", "not a url", ""])
    func rejected(url: String) {
        #expect(ShopRoute(deepLink: url) == nil)
    }

    @Test("a route with a deep link has a URL that opens it again; others have none")
    func reverse() {
        #expect(ShopRoute.product(id: 7).deepLinkURL == "shop://products/7")
        #expect(ShopRoute.checkout.deepLinkURL == "shop://checkout")
        #expect(ShopRoute.cart.deepLinkURL == nil)
        for id in [0, 1, -5, Int.max] {
            let url = ShopRoute.product(id: id).deepLinkURL
            #expect(url.flatMap(ShopRoute.init(deepLink:)) == .product(id: id), "\(url ?? "nil")")
        }
    }

    @Test("the store opens a deep link with the document's plan")
    @MainActor
    func open() throws {
        let store = try ShopRoute.makeStore()
        store.open("shop://products/2")
        #expect(store.state.activeStack.routes == [.catalog, .product(id: 2)])
        // Checkout needs sign-in: the link waits, and resumes once signed in.
        store.open("shop://checkout")
        #expect(store.state.pendingDeepLink?.url == "shop://checkout")
        store.execute(.setFlag("signedIn", true))
        #expect(store.state.top == .checkout)
        #expect(store.state.pendingDeepLink == nil)
    }
}
