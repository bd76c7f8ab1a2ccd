import NavigationCore

/// A shop's routes and deep links, shared by the deep-link tests.
enum ShopRoute: Route, CustomStringConvertible {
    case catalog
    case product(id: Int)
    case article(slug: String)
    case search(query: String, sort: String?)
    case help(path: String)
    case cart
    case checkout
    case signIn

    var description: String {
        switch self {
        case .catalog: "catalog"
        case .product(let id): "product(\(id))"
        case .article(let slug): "article(\(slug))"
        case .search(let query, let sort): "search(\(query), \(sort ?? "-"))"
        case .help(let path): "help(\(path))"
        case .cart: "cart"
        case .checkout: "checkout"
        case .signIn: "signIn"
        }
    }
}

enum ShopLinks {
    static let mappings: [DeepLinkMapping<ShopRoute>] = [
        DeepLinkMapping("/", route: .catalog, plan: { NavigationPlan(destination: $0, stack: [.catalog]) }),
        DeepLinkMapping(
            "/products/:id",
            route: { parameters throws(DeepLinkRejection) in .product(id: try parameters.int("id")) },
            parameters: { route in
                guard case .product(let id) = route else { return nil }
                return DeepLinkParameters(["id": String(id)])
            },
            plan: { NavigationPlan(destination: $0, stack: [.catalog, $0]) }),
        DeepLinkMapping(
            "/articles/:slug",
            route: { parameters throws(DeepLinkRejection) in .article(slug: try parameters.string("slug")) },
            parameters: { route in
                guard case .article(let slug) = route else { return nil }
                return DeepLinkParameters(["slug": slug])
            },
            plan: { NavigationPlan(destination: $0, stack: [.catalog, $0]) }),
        DeepLinkMapping(
            "/search?q=:query&sort=:sort",
            route: { parameters throws(DeepLinkRejection) in .search(query: parameters["query"] ?? "", sort: parameters["sort"]) },
            parameters: { route in
                guard case .search(let query, let sort) = route else { return nil }
                var values = ["query": query]
                values["sort"] = sort
                return DeepLinkParameters(values)
            },
            plan: { NavigationPlan(destination: $0, stack: [.catalog, $0]) }),
        DeepLinkMapping(
            "/help/*",
            route: { parameters throws(DeepLinkRejection) in .help(path: parameters["*"] ?? "") },
            parameters: { route in
                guard case .help(let path) = route else { return nil }
                return DeepLinkParameters(["*": path])
            },
            plan: { NavigationPlan(destination: $0, stack: [.catalog, $0]) }),
        DeepLinkMapping(
            "/cart", route: .cart,
            plan: { NavigationPlan(destination: $0, stack: [.catalog], modal: .init(style: .sheet, routes: [$0])) }),
        DeepLinkMapping(
            "/checkout", route: .checkout,
            plan: { NavigationPlan(destination: $0, stack: [.catalog], modal: .init(style: .sheet, routes: [.cart, $0])) },
            requirement: .flag("signedIn")),
    ]

    static let configuration = DeepLinkConfiguration(schemes: ["shop", "https"], hosts: ["shop.example"])

    static func pipeline() throws -> DeepLinkPipeline<ShopRoute> {
        DeepLinkPipeline(configuration: configuration, matcher: try DeepLinkMatcher(strict: mappings))
    }

    static func state(signedIn: Bool = false) -> NavigationState<ShopRoute> {
        NavigationState(root: .catalog, flags: signedIn ? ["signedIn"] : [])
    }
}
