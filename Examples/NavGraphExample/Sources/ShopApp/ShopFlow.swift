import NavigationCore
import NavigationGraph

/// The shop's screens, each holding only its own navigator: the catalog can open a product or the
/// cart, and nothing else. Writing `navigators.catalog.pushCheckout()` here would not compile,
/// because `Shop.navgraph.yaml` has no transition from the catalog to checkout.
@MainActor
public final class ShopFlow {
    let store: NavigationStore<ShopRoute>

    /// The graph the app runs and the explorer verifies: the document's, with the app's own
    /// middleware registered once.
    nonisolated static func graph() throws -> NavigationGraph<ShopRoute> {
        try ShopRoute.navigationGraph().addingMiddleware(CloseCartAfterOrder(), name: "close the cart after an order")
    }

    public init() throws {
        // The store from the graph: initial state, guards, the app's middleware, events, deep links.
        store = try NavigationStore(graph: Self.graph())
    }

    /// What the catalog screen does when a product is tapped.
    public func catalogTapped(product id: Int) {
        store.navigators.catalog.pushProduct(id: id)
    }

    /// What the product screen does when "add to cart" is tapped.
    public func productAddedToCart() {
        store.navigators.product.presentCart()
    }

    /// What the cart does on "check out": the graph's guard presents sign-in first when needed.
    @discardableResult
    public func cartCheckedOut() -> Bool {
        store.navigators.cart.pushCheckout().succeeded && store.state.top == .checkout
    }

    /// What checkout does once the order is placed.
    public func orderPlaced() {
        store.navigators.checkout.replaceWithConfirmation()
    }

    /// Signing in happens outside navigation: the graph's own `signIn` event, the one the explorer
    /// verified, sets the flag and dismisses the cover.
    /// Returns whether the event fired and every step succeeded.
    @discardableResult
    public func signedIn() -> Bool {
        store.fire(named: "signIn").succeeded
    }

    /// The system Back button, through the middleware like any command. Returns how the
    /// middleware changed it (`pop → dismissAll by close the cart after an order`), if it did.
    @discardableResult
    public func back() -> String? {
        store.send(.back).redirect?.description
    }

    /// Opens a deep link such as `example://products/2`.
    public func open(_ url: String) {
        store.open(url)
    }

    /// The visible routes, for printing: the active stack, root first.
    public var visibleStack: [String] {
        store.state.activeStack.routes.map { "\($0)" }
    }
}
