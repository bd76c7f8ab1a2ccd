import Foundation
import NavigationCore
import NavigationGraph

/// Generates Swift from a graph document: transitions checked at compile time.
///
/// From `Graphs/Shop.navgraph.yaml` it writes one file with
/// - `enum ShopRoute`, one case per route, parameters typed from their samples (see
///   ``ParameterType``), and its `GraphRoute` conformance;
/// - `navigationGraph()` and `makeStore()`: the document, embedded, read by
///   `GraphDocument.load(_:origin:)` and typed (`NavigationGraph.init(document:route:)`),
///   so the app runs exactly the guards, plans and requirements that were verified;
/// - `init?(deepLink:)` and `deepLinkURL` from the document's deep links;
/// - one navigator protocol per screen (`ShopRoute.CatalogNavigator`) with one method per
///   transition the graph allows from it, and `ShopRoute.Navigators`, whose property per screen
///   is typed as that protocol alone: a transition the graph does not allow does not compile.
///
/// ```swift
/// let swift = try SwiftGenerator(options: .init(access: .public))
///     .generate(documentText: text, origin: "Graphs/Shop.navgraph.yaml")
/// ```
///
/// Navigator methods are named by the transition's style and the destination's case:
/// `push<To>` (push), `present<To>` (sheet), `cover<To>` (cover), `replaceWith<To>` (replace),
/// e.g. `pushProduct(id:)`, `presentCart()`, `replaceWithReceipt()`. The prefixes differ within
/// their first two letters, and two routes whose cases differ only in the first letter's case
/// are refused, so no two methods of a screen share a name; a transition declared twice with
/// the same style (under different conditions) is one method.
///
/// A document with `features:` is composed from its feature documents (read next to `origin`),
/// and the generated file embeds them beside it, so the app runs the composed graph that was
/// verified; feature routes' cases join the feature's name and the route's (`people.detail` →
/// `peopleDetail`, `PeopleDetailNavigator`), and an exit into another feature is a navigator
/// method like any transition (`pushPeopleProfile(id:)` from `feed.post`).
///
/// An app whose graph is written in the Swift DSL over its own route enum gets navigators for
/// that enum instead: export the DSL graph as a document (`GraphDocument.export(_:)`), and name
/// the enum in ``Options/existingRouteTypes`` (the `.navgraph.yml` key `generate: { extend:
/// [SocialRoute] }`). The file then declares no route type: it extends the app's enum with the
/// navigators alone, so there is one route enum, and the compiler checks that its cases are the
/// document's (a case missing or spelled otherwise does not compile).
///
/// The output is deterministic: the same document, origin and options give the same bytes.
public struct SwiftGenerator: Sendable {
    /// The access level of the generated declarations.
    public enum Access: String, Hashable, Sendable, CaseIterable {
        case `public`, `internal`
    }

    /// What to generate.
    public struct Options: Hashable, Sendable {
        /// The route type's name; `nil` for the graph's name and `Route` (`ShopRoute`).
        public var typeName: String?
        public var access: Access
        /// The document's path as the generated code writes it (its header and the graph's
        /// origin, which findings point at); `nil` for the path it was read from. The build-tool
        /// plugin passes the path relative to the package, so generated code holds no path of
        /// the machine it was built on and two checkouts generate the same bytes.
        public var originInCode: String?

        /// Route types the app declares itself (the enum of a Swift DSL graph, which conforms
        /// to `GraphRoute`): for a graph whose route type is one of them, the file extends that
        /// type with the navigators alone, and declares no enum, `GraphRoute` members, graph,
        /// store or deep links (the app's DSL graph has them). Empty by default: every route
        /// type is generated.
        public var existingRouteTypes: Set<String>

        /// The options of one generation.
        ///
        /// - Parameters:
        ///   - typeName: The route type's name; `nil` for the graph's name and `Route`.
        ///   - access: The access level of the generated declarations.
        ///   - originInCode: The document's path as the generated code writes it; `nil` for the
        ///     path it was read from.
        ///   - existingRouteTypes: Route types the app declares: navigators only for them.
        public init(typeName: String? = nil, access: Access = .internal, originInCode: String? = nil, existingRouteTypes: Set<String> = []) {
            self.typeName = typeName
            self.access = access
            self.originInCode = originInCode
            self.existingRouteTypes = existingRouteTypes
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// The Swift file for the graph document `documentText`.
    ///
    /// - Parameters:
    ///   - documentText: The YAML or JSON document.
    ///   - origin: Its path as the user gave it: where its features are read from, shown in
    ///     errors, and (unless ``Options/originInCode`` says otherwise) in the file's header and
    ///     as the generated graph's origin, so findings point at the document.
    /// - Throws: ``CodegenError`` when the document does not load, has lint errors, or has a
    ///   name that makes no Swift identifier or collides with another.
    public func generate(documentText: String, origin: String) throws(CodegenError) -> String {
        var graph: NavigationGraph<DynamicRoute>
        do { graph = try GraphDocument.load(documentText, origin: origin) } catch {
            throw CodegenError(file: error.file, location: error.location, message: error.message, remedy: error.remedy)
        }
        let features = try Self.featureDocuments(of: graph, origin: origin)
        if let shown = options.originInCode, shown != origin {
            // Loaded again under the name the code uses, its features from the texts just read:
            // every location the code quotes (doc comments name each declaration's line) is
            // then relative to it, never a path of this machine.
            do { graph = try GraphDocument.load(documentText, origin: shown, features: .embedded(in: shown, features)) } catch {
                throw CodegenError(file: error.file, location: error.location, message: error.message, remedy: error.remedy)
            }
        }
        // Generating code judges no property, so no property name is reserved here; `verify`
        // and the checker (NavigationChecker's `GraphLinter.lint`) refuse an invariant named
        // after one.
        let errors = GraphLinter.lint(graph, reservedPropertyNames: []).filter { $0.severity == .error }
        if let first = errors.first {
            let more = errors.count > 1 ? " (and \(errors.count - 1) more lint error\(errors.count == 2 ? "" : "s"))" : ""
            throw CodegenError(file: origin, location: first.location, message: first.message + more,
                               remedy: first.remedy + "; `navgraph lint \(origin)` lists every finding")
        }
        let names = try GeneratedNames(graph: graph, file: origin, typeName: options.typeName)
        return RouteFileWriter(graph: graph, names: names, documentText: documentText, origin: options.originInCode ?? origin, access: options.access,
                               features: features, extendsExistingType: options.existingRouteTypes.contains(names.typeName)).write()
    }

    /// The text of every feature document `graph` (loaded from `origin`) includes, by its path
    /// relative to `origin`'s folder, to embed beside the document.
    static func featureDocuments(of graph: NavigationGraph<DynamicRoute>, origin: String) throws(CodegenError) -> [String: String] {
        var documents: [String: String] = [:]
        for file in graph.featureFiles.keys.sorted() {
            guard let key = FeatureSource.embeddedPath(of: file, in: origin),
                  let data = FileManager.default.contents(atPath: file) else {
                throw CodegenError(file: origin, location: nil, message: "cannot read feature document '\(file)' to embed it",
                                   remedy: "generate from the graph document's own file, next to its features")
            }
            documents[key] = String(decoding: data, as: UTF8.self)
        }
        return documents
    }
}
