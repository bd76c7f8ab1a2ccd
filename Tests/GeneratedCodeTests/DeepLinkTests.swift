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

    @Test("text around a parameter in a segment: /@user, /@user/id and /export/id.json parse to their routes",
          arguments: [
              ("https://social.example/@bob", ProfilesRoute.account(user: "bob")),
              ("profiles://@alice", .account(user: "alice")),
              ("profiles://@alice/2", .status(user: "alice", id: 2)),
              ("profiles://export/7.json", .export(id: 7)),
              ("profiles://export/7.json.json", nil),
              ("profiles://export/7", nil),
              ("profiles://export/.json", nil),
              ("profiles://@", nil),
              ("profiles://alice", nil),
              ("profiles://@alice/two", nil),
          ])
    func affixedPatterns(url: String, route: ProfilesRoute?) {
        #expect(ProfilesRoute(deepLink: url) == route)
    }

    @Test("reverse routing writes the text around the parameter, and the scheme and host a link prefers")
    func affixedReverse() {
        // The profile link prefers https (the first accepted host); the others use the first scheme.
        #expect(ProfilesRoute.account(user: "bob").deepLinkURL == "https://social.example/@bob")
        #expect(ProfilesRoute.status(user: "alice", id: 1).deepLinkURL == "profiles://@alice/1")
        #expect(ProfilesRoute.export(id: 7).deepLinkURL == "profiles://export/7.json")
        #expect(ProfilesRoute.timeline.deepLinkURL == nil)
        for user in ["a.b", "@", "x y", "ü", "a/b"] {
            let url = ProfilesRoute.account(user: user).deepLinkURL
            #expect(url.flatMap(ProfilesRoute.init(deepLink:)) == .account(user: user), "\(url ?? "nil")")
        }
    }

    @Test("a link that requests its route parses and reverses like any other, and the generated store requests it from its owner")
    @MainActor
    func requestLinks() throws {
        #expect(ReroutesRoute(deepLink: "reroutes://products/2") == .product(id: 2))
        #expect(ReroutesRoute.product(id: 1).deepLinkURL == "reroutes://products/1")
        let store = try ReroutesRoute.makeStore()
        let outcome = store.open("reroutes://products/2")
        #expect(outcome.requestResolution?.presentation?.owner == .route("catalog"))
        #expect(store.state.activeStack.routes == [.catalog, .product(id: 2)])
        // Share is owned by a product only: the product below the picker's sheet presents it; the bare catalog drops it.
        store.navigators.product.pushCheckout()
        let before = store.state
        #expect(store.open("reroutes://share").requestResolution?.presentation?.owner == .route("product"))
        store.restore(before)
        store.execute(.popToRoot)
        store.execute(.dismissAll)
        store.execute(.popToRoot)
        #expect(store.open("reroutes://share").requestResolution?.drop?.route == "share")
    }
}
