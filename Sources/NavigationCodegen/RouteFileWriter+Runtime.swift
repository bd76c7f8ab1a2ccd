import NavigationCore
import NavigationGraph

extension RouteFileWriter {
    /// The graph and the store: the document, embedded, read by the same loader as
    /// `navgraph verify` and typed, so the app runs what was verified.
    mutating func writeRuntime() {
        add("// MARK: - Runtime")
        add()
        add("extension \(type) {")
        if !extendsExistingType {
            add("    /// The graph of `\(source)` over these routes: its guards, transitions, events, deep links,")
            add("    /// invariants and bounds, read from the document embedded below by the loader `navgraph verify`")
            add("    /// uses. Explore it with `Checker` to verify the routes the app runs.")
            add("    \(modifier)static func navigationGraph() throws -> NavigationGraph<\(type)> {")
            add("        try navgraphGraph.get()")
            add("    }")
            add()
            add("    /// A store that runs the graph: its initial state, its guards as middleware, its events")
            add("    /// (`store.fire(named:)`) and its deep links. To have the app's own middleware verified too,")
            add("    /// add it to the graph: `NavigationStore(graph: navigationGraph().addingMiddleware(m, name: n))`.")
            add("    @MainActor")
            add("    \(modifier)static func makeStore() throws -> NavigationStore<\(type)> {")
            add("        try NavigationStore(graph: navigationGraph())")
            add("    }")
            add()
        }
        add("    private static let navgraphGraph = Result<NavigationGraph<\(type)>, any Error> {")
        // A graph with features composes the feature documents embedded below, not files.
        let embedded = features.isEmpty ? "" : ", features: .embedded(in: \(SwiftSource.stringLiteral(origin)), navgraphFeatures)"
        add("        try NavigationGraph<\(type)>(document: try GraphDocument.load(navgraphDocument, origin: \(SwiftSource.stringLiteral(origin))\(embedded))) { name, arguments in")
        // The app's own enum has no initialiser by name: its samples are the document's routes.
        add(extendsExistingType ? "            \(type).graphSamples.first { $0.graphName == name && $0.graphArguments == arguments }"
            : "            \(type)(graphName: name, graphArguments: arguments)")
        add("        }")
        add("    }")
        add()
        add("    /// `\(source)` as it was when this file was generated.")
        add("    private static let navgraphDocument = " + SwiftSource.multilineStringLiteral(documentText, indentation: "        "))
        if !features.isEmpty {
            add()
            add("    /// The feature documents `\(source)` includes, by their path relative to its folder, as they")
            add("    /// were when this file was generated.")
            add("    private static let navgraphFeatures: [Swift.String: Swift.String] = [")
            for (path, text) in features.sorted(by: { $0.key < $1.key }) {
                add("        \(SwiftSource.stringLiteral(path)): " + SwiftSource.multilineStringLiteral(text, indentation: "            ") + ",")
            }
            add("    ]")
        }
        add("}")
        add()
    }

    /// `init?(deepLink:)` and `deepLinkURL`, through the graph's own deep-link pipeline.
    mutating func writeDeepLinks() {
        guard let deepLinks = graph.deepLinks, !deepLinks.links.isEmpty else { return }
        add("// MARK: - Deep links")
        add()
        add("extension \(type) {")
        add("    /// The route a deep link stands for, by the document's patterns:")
        for link in deepLinks.links {
            let requested = link.plan.mode == .request ? ", requested from its nearest visible owner" : ""
            add("    /// - `\(SwiftSource.comment(link.mapping.patternText))` → `\(SwiftSource.comment(link.routeName))`\(requested)")
        }
        let schemes = deepLinks.configuration.schemes.map(SwiftSource.comment).joined(separator: ", ")
        let hosts = deepLinks.configuration.hosts.map(SwiftSource.comment).joined(separator: ", ")
        add("    ///")
        add("    /// with scheme \(schemes)\(hosts.isEmpty ? "" : " (web schemes on host \(hosts))"). Nil when the URL is malformed,")
        add("    /// its scheme or host is not accepted, no pattern matches, or a captured value does not fit its")
        add("    /// parameter's type (`abc` for an `Int`). A link's requirement is not judged here: the store's")
        add("    /// `open(_:)` parks a link until it holds.")
        add("    \(modifier)init?(deepLink url: Swift.String) {")
        add("        guard let pipeline = Self.navgraphDeepLinks, case .matched(_, let plan, _, _) = pipeline.resolve(url) else { return nil }")
        add("        self = plan.destination")
        add("    }")
        add()
        add("    /// The URL that opens this route, with the first scheme (and host): nil for a route no deep link stands for.")
        add("    \(modifier)var deepLinkURL: Swift.String? {")
        add("        try? Self.navgraphDeepLinks?.url(for: self)")
        add("    }")
        add()
        add("    private static let navgraphDeepLinks: DeepLinkPipeline<\(type)>? = (try? navigationGraph())?.makeDeepLinkPipeline()")
        add("}")
        add()
    }
}
