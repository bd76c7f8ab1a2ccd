import NavigationCore
import NavigationGraph

/// The shop of `Graphs/Shop.navgraph.yaml`, written with the Swift front door.
public enum SwiftShopRoute: GraphRoute {
    case catalog
    case product(id: Int)
    case cart
    case checkout
    case signIn
    case receipt

    public var graphName: String {
        switch self {
        case .catalog: "catalog"
        case .product: "product"
        case .cart: "cart"
        case .checkout: "checkout"
        case .signIn: "signIn"
        case .receipt: "receipt"
        }
    }

    public var graphArguments: [DynamicRoute.Argument] {
        if case .product(let id) = self { [DynamicRoute.Argument(name: "id", value: String(id))] } else { [] }
    }

    public static let graphSamples: [SwiftShopRoute] = [.catalog, .product(id: 1), .product(id: 2), .cart, .checkout, .signIn, .receipt]
}

public enum SwiftShop {
    public static func graph() throws -> NavigationGraph<SwiftShopRoute> {
        try NavigationGraph<SwiftShopRoute>(
            "Shop", summary: "Catalog, products, a cart sheet, checkout guarded by sign-in, deep links to products and checkout."
        ) {
            Root(.catalog)
            Guard(.checkout, "signedIn", otherwise: .redirect(.signIn, style: .sheet))
            Flag("signedIn", initial: false)

            Event("signIn", when: "not signedIn and top == signIn", set: ["signedIn": true], then: [.dismiss])
            Event("signOut", when: "signedIn and modal == none", set: ["signedIn": false], then: [.popToRoot])

            Push(.catalog, eachSampleOf: .product(id: 1))
            Push(.product(id: 1), eachSampleOf: .product(id: 1))
            Sheet(.catalog, .cart)
            Sheet(.product(id: 1), .cart)
            Push(.cart, eachSampleOf: .product(id: 1))
            Push(.cart, .checkout)
            Sheet(.catalog, .signIn, when: "not signedIn")
            Replace(.checkout, .receipt)

            DeepLinkSchemes(["shop", "https"], hosts: ["shop.example"])
            DeepLink("/products/:id",
                     route: { parameters throws(DeepLinkRejection) in .product(id: try parameters.int("id")) },
                     parameters: { route in
                         guard case .product(let id) = route else { return nil }
                         return DeepLinkParameters(["id": String(id)])
                     },
                     stack: [.catalog, .product(id: 1)],
                     samples: ["shop://products/1": .plan, "https://shop.example/products/2": .plan, "shop://products/abc": .rejected])
            DeepLink("/checkout", to: .checkout, stack: [.catalog], modal: (.sheet, [.cart, .checkout]), requires: "signedIn",
                     samples: ["shop://checkout": .pending, "shop://orders": .unhandled])

            Invariant("checkout needs sign-in", "top == checkout implies signedIn")
            Invariant("at most three products deep", "count(product) <= 3")
            Bounds(maxStackDepth: 4, maxModalDepth: 2, maxStates: 200_000)
        }
    }
}
