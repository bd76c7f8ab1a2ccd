import NavigationGraph

/// Writes a route enum's `GraphRoute` conformance: `graphName` (each case's
/// name), `graphArguments` (each associated value by its label) and `graphSamples` (each case
/// without a payload, then the values listed in `routeSamples` for the cases with one, in case
/// order).
///
/// ```swift
/// import NavGraphMacros
/// import NavigationCore
/// import NavigationGraph
///
/// @GraphRoutes
/// enum ShopRoute {
///     case catalog, product(id: Int), cart
///
///     static let routeSamples: [ShopRoute] = [.product(id: 1), .product(id: 2)]
/// }
/// ```
///
/// An associated value needs a label (it names the parameter in documents and deep links), and
/// a value is written with `String(describing:)`. A member you write yourself (say
/// `graphSamples`) is kept, and the macro does not write it. The macro lives in its own library
/// so that the NavGraph libraries and `navgraph` never build swift-syntax: only a package that
/// depends on `NavGraphMacros` does.
@attached(member, names: named(graphName), named(graphArguments), named(graphSamples))
@attached(extension, conformances: GraphRoute)
public macro GraphRoutes() = #externalMacro(module: "NavGraphMacrosPlugin", type: "GraphRoutesMacro")
