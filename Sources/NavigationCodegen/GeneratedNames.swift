import NavigationCore
import NavigationGraph

/// The Swift names of a graph's generated code, checked for collisions before anything is
/// written: the route type, one case per route, one label per parameter, and the members and
/// types named after them.
struct GeneratedNames {
    /// A parameter of a route: its document name, its label and its type.
    struct Parameter {
        let name: String
        let identifier: String
        let type: ParameterType
    }

    /// A route: its document name, its case, the stem of its navigator's names and its
    /// parameters, with each sample's values in parameter order.
    struct Route {
        let name: String
        let identifier: String
        /// `Catalog` for `catalog`: `CatalogNavigator`, `pushCatalog`.
        let stem: String
        let parameters: [Parameter]
        let samples: [[String]]
        let location: SourceLocation?
    }

    let typeName: String
    let routes: [Route]

    /// Members the generated route type declares besides its cases.
    static let routeTypeMembers: Set<String> = [
        "graphName", "graphArguments", "graphSamples", "deepLinkURL", "navigationGraph", "makeStore", "Navigators",
        "navgraphDocument", "navgraphGraph", "navgraphDeepLinks", "navgraphArgument", "hashValue", "hash",
    ]
    /// Members of the generated `Navigators` besides one property per route.
    static let navigatorsMembers: Set<String> = ["navigationStore"]
    /// Types generated code names without a module (NavigationCore's and NavigationGraph's
    /// cannot be qualified: the module NavigationGraph has a type of the same name), and the
    /// modules it qualifies with: a route type named like one would hide it.
    static let namesGeneratedCodeUses: Set<String> = [
        "Swift", "Int", "Bool", "String", "Result", "Error", "NavigationCore", "NavigationGraph", "GraphRoute", "GraphDocument",
        "DynamicRoute", "NavigationStore", "NavigationResult", "NavigationCommand", "DeepLinkPipeline", "MainActor",
    ]

    private let file: String

    /// Names `graph`'s code, or throws the first problem: a name that makes no identifier,
    /// two names that make one, or a type name that is not an identifier or hides one the
    /// generated code uses.
    init(graph: NavigationGraph<DynamicRoute>, file: String, typeName requested: String?) throws(CodegenError) {
        self.file = file
        typeName = try Self.typeName(requested, graph: graph, file: file)

        var routes: [Route] = []
        var caseOwners: [String: RouteDeclaration<DynamicRoute>] = [:]
        var stemOwners: [String: RouteDeclaration<DynamicRoute>] = [:]
        for declaration in graph.routes {
            guard let identifier = SwiftSource.identifier(for: declaration.name) else {
                throw CodegenError(file: file, location: declaration.location,
                                   message: "route '\(SwiftSource.comment(declaration.name))' cannot be named in Swift: \(Self.why(declaration.name))",
                                   remedy: "rename the route with ASCII letters and digits, e.g. 'signIn'")
            }
            if let other = caseOwners[identifier] {
                throw Self.clash(file: file, first: other, second: declaration, what: "the case '\(identifier)'")
            }
            caseOwners[identifier] = declaration
            let stem = SwiftSource.upperFirst(identifier)
            if let other = stemOwners[stem] {
                throw Self.clash(file: file, first: other, second: declaration, what: "'\(stem)Navigator' and methods such as 'push\(stem)'")
            }
            stemOwners[stem] = declaration
            // A case is a member: inside the generated extensions it would hide a type the code names.
            if Self.namesGeneratedCodeUses.contains(identifier) {
                throw CodegenError(file: file, location: declaration.location,
                                   message: "route '\(SwiftSource.comment(declaration.name))' would be named '\(identifier)', and hide the '\(identifier)' the generated code uses",
                                   remedy: "rename the route")
            }
            if Self.routeTypeMembers.contains(identifier) {
                throw CodegenError(file: file, location: declaration.location,
                                   message: "route '\(SwiftSource.comment(declaration.name))' would be named '\(identifier)', like a member the generated \(typeName) declares",
                                   remedy: "rename the route")
            }
            if Self.navigatorsMembers.contains(identifier) {
                throw CodegenError(file: file, location: declaration.location,
                                   message: "route '\(SwiftSource.comment(declaration.name))' would be named '\(identifier)', like a member of the generated \(typeName).Navigators",
                                   remedy: "rename the route")
            }
            routes.append(Route(name: declaration.name, identifier: identifier, stem: stem,
                                parameters: try Self.parameters(of: declaration, file: file),
                                samples: declaration.samples.map { $0.arguments.map(\.value) }, location: declaration.location))
        }
        // A case named like another route's navigator protocol (`CatalogNavigator` beside `catalog`).
        for route in routes {
            if let owner = caseOwners["\(route.stem)Navigator"] {
                throw CodegenError(file: file, location: owner.location,
                                   message: "route '\(SwiftSource.comment(owner.name))' would be named '\(route.stem)Navigator', like the navigator protocol of route '\(SwiftSource.comment(route.name))'",
                                   remedy: "rename one of the two routes")
            }
            if let owner = caseOwners["\(route.stem)Screen"] {
                throw CodegenError(file: file, location: owner.location,
                                   message: "route '\(SwiftSource.comment(owner.name))' would be named '\(route.stem)Screen', like the navigator type of route '\(SwiftSource.comment(route.name))'",
                                   remedy: "rename one of the two routes")
            }
        }
        self.routes = routes
    }

    /// The route with document name `name`.
    func route(named name: String) -> Route? {
        routes.first { $0.name == name }
    }

    private static func typeName(_ requested: String?, graph: NavigationGraph<DynamicRoute>, file: String) throws(CodegenError) -> String {
        let name: String
        if let requested {
            guard SwiftSource.identifier(for: requested) == requested, !SwiftSource.keywords.contains(requested) else {
                throw CodegenError(file: file, location: nil, message: "type name '\(SwiftSource.comment(requested))' is not a Swift identifier",
                                   remedy: "pass a name of ASCII letters and digits that starts with a letter, e.g. --type-name ShopRoute")
            }
            name = requested
        } else {
            guard let base = SwiftSource.identifier(for: graph.name) else {
                throw CodegenError(file: file, location: nil,
                                   message: "the graph's name '\(SwiftSource.comment(graph.name))' makes no Swift type name: \(why(graph.name))",
                                   remedy: "pass --type-name <Name>, or rename the graph")
            }
            name = SwiftSource.upperFirst(base) + "Route"
        }
        guard !namesGeneratedCodeUses.contains(name) else {
            throw CodegenError(file: file, location: nil, message: "type name '\(name)' would hide the '\(name)' the generated code uses",
                               remedy: "pass another --type-name, e.g. --type-name \(name)Route")
        }
        return name
    }

    private static func parameters(of declaration: RouteDeclaration<DynamicRoute>, file: String) throws(CodegenError) -> [Parameter] {
        let names = declaration.samples.first?.arguments.map(\.name) ?? []
        var parameters: [Parameter] = []
        var owners: [String: String] = [:]
        for name in names {
            guard let identifier = SwiftSource.identifier(for: name) else {
                throw CodegenError(file: file, location: declaration.location,
                                   message: "parameter '\(SwiftSource.comment(name))' of route '\(SwiftSource.comment(declaration.name))' cannot be named in Swift: \(why(name))",
                                   remedy: "rename the parameter with ASCII letters and digits, e.g. 'id'")
            }
            if let other = owners[identifier] {
                throw CodegenError(file: file, location: declaration.location,
                                   message: "parameters '\(SwiftSource.comment(other))' and '\(SwiftSource.comment(name))' of route '\(SwiftSource.comment(declaration.name))' would both be labelled '\(identifier)'",
                                   remedy: "rename one of them")
            }
            owners[identifier] = name
            let values = declaration.samples.compactMap { sample in sample.arguments.first { $0.name == name }?.value }
            parameters.append(Parameter(name: name, identifier: identifier, type: ParameterType(samples: values)))
        }
        return parameters
    }

    private static func clash(file: String, first: RouteDeclaration<DynamicRoute>, second: RouteDeclaration<DynamicRoute>, what: String) -> CodegenError {
        CodegenError(file: file, location: second.location,
                     message: "routes '\(SwiftSource.comment(first.name))' (line \(first.location.map { "\($0.line)" } ?? "?")) and '\(SwiftSource.comment(second.name))' would both generate \(what)",
                     remedy: "rename one of them so their names differ in more than punctuation and the case of the first letter")
    }

    private static func why(_ name: String) -> String {
        guard let identifier = identifierIgnoringUnusable(name) else {
            return "it has no ASCII letter or digit (names keep only A-Z, a-z, 0-9 and _)"
        }
        return "it maps to '\(identifier)', which Swift reserves"
    }

    private static func identifierIgnoringUnusable(_ name: String) -> String? {
        let kept = name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        guard kept.contains(where: { $0 != "_" }) else { return nil }
        return String(String.UnicodeScalarView(kept))
    }
}
