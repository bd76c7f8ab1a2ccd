import NavigationCore

/// A route enum the Swift front door can build a graph over.
///
/// Write ``graphName`` as an exhaustive `switch`: a case added to the enum and forgotten in the
/// graph is then a compile error, not a silently unexplored screen. A case with associated
/// values lists its finite sample values in ``graphSamples``; an enum whose cases carry no
/// payload gets ``graphSamples`` from `CaseIterable` and needs nothing else.
///
/// ```swift
/// enum ShopRoute: GraphRoute {
///     case catalog, product(id: Int), cart
///
///     var graphName: String {
///         switch self {
///         case .catalog: "catalog"
///         case .product: "product"
///         case .cart: "cart"
///         }
///     }
///     var graphArguments: [DynamicRoute.Argument] {
///         if case .product(let id) = self { [.init(name: "id", value: String(id))] } else { [] }
///     }
///     static let graphSamples: [ShopRoute] = [.catalog, .product(id: 1), .product(id: 2), .cart]
/// }
/// ```
public protocol GraphRoute: Route {
    /// The route's name in the graph, e.g. `product` for every `.product(id:)`.
    var graphName: String { get }
    /// The route's parameter values by name, in declaration order; empty without a payload.
    /// Exported documents list them as `params:`.
    var graphArguments: [DynamicRoute.Argument] { get }
    /// The routes the explorer tries: each case without payload once, each case with a payload
    /// once per sample value. A transition brings in the value it writes (which must be listed
    /// here), or each sample of a route with `eachSampleOf:`; event steps, guard redirects and
    /// deep-link plan entries bring in the value they write too (also one listed here).
    static var graphSamples: [Self] { get }
}

extension GraphRoute {
    public var graphArguments: [DynamicRoute.Argument] { [] }
}

extension GraphRoute where Self: CaseIterable {
    public static var graphSamples: [Self] { Array(allCases) }
}
