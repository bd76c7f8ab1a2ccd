import Foundation
import NavigationCore

/// What reading one document gives: its graph, and the entries and exits it declares for a
/// document that includes it as a feature.
struct LoadedDocument {
    /// A named way out of a feature, declared under `exits:`.
    struct Exit {
        let name: String
        let location: SourceLocation?
    }

    /// The graph, with each exit as a terminal stub route of its own name (so the document
    /// verifies alone).
    let graph: NavigationGraph<DynamicRoute>
    /// The routes another graph may enter the document at: `entries:`, or the root.
    let entries: [String]
    let exits: [Exit]
    /// The document's top-level keys with where they are written.
    let keys: [(name: String, location: SourceLocation?)]
}

/// A graph included as a feature, its names qualified (`people.detail`) and its exits wired.
struct IncludedFeature {
    typealias Graph = NavigationGraph<DynamicRoute>
    let name: String
    /// The file the feature was read from, as errors show it.
    let origin: String
    let location: SourceLocation?
    let routes: [RouteDeclaration<DynamicRoute>]
    let transitions: [TransitionDeclaration<DynamicRoute>]
    let groups: [Graph.Group]
    let invariants: [Graph.Invariant]
    let flags: [Graph.Flag]
    /// Qualified names of the routes the app may enter the feature at.
    let entries: [String]
}

/// Feature graphs: a document includes other documents under `features:`, each in a namespace
/// of its own (`people.detail`), entered at its `entries:` and left only through its `exits:`,
/// which the including document wires to its own routes or to other features' entries. The
/// result is one flat graph: the explorer, the symbolic engine and the runtime see ordinary
/// routes and transitions.
///
/// Flags are shared: a flag a feature declares is the app's flag of that name (two declarations
/// must agree on the initial value), since features read the app's state (`signedIn`).
extension DocumentReader {
    /// The top-level keys a document included as a feature may not have: a feature is a stack
    /// inside the app, and tabs, events, deep links and bounds belong to the app graph.
    static let keysRefusedInFeatures = ["tabs", "tabBar", "events", "deepLinks", "bounds", "modalScope", "properties"]

    // MARK: Exits and entries of this document

    func readExits(_ node: DocumentNode, routeNames: Set<String>) throws(GraphDocumentError) -> [LoadedDocument.Exit] {
        var names = DeclaredNames("exit")
        var exits: [LoadedDocument.Exit] = []
        for item in try node.sequence() {
            let name = try item.name()
            try names.add(name, at: item.location, of: item)
            guard !name.contains("."), !ConditionParser.reserved.contains(name) else {
                throw item.error("'\(name)' cannot name an exit", "use a single word without '.' that is not a condition keyword")
            }
            guard !routeNames.contains(name) else {
                throw item.error("exit '\(name)' has the name of a route", "rename the exit or the route: a transition to '\(name)' must mean one of them")
            }
            guard !exits.contains(where: { $0.name == name }) else { throw item.error("exit '\(name)' is listed twice", "list each exit once") }
            exits.append(LoadedDocument.Exit(name: name, location: item.location))
        }
        return exits
    }

    func readEntries(_ node: DocumentNode?, graph: Graph, exits: [LoadedDocument.Exit], document: DocumentNode) throws(GraphDocumentError) -> [String] {
        guard let node else { return graph.root.map { [$0] } ?? [] }
        var entries: [String] = []
        let routeNames = graph.routes.map(\.name)
        for item in try node.sequence() {
            let name = try item.name()
            if exits.contains(where: { $0.name == name }) {
                throw item.error("exit '\(name)' cannot be an entry", "an exit is where the feature ends; list the routes the app may open it at")
            }
            guard routeNames.contains(name) else {
                throw item.error("entry '\(name)' is not a route of this graph", NameSuggestion.hint(for: name, in: routeNames, kind: "routes"))
            }
            guard !entries.contains(name) else { throw item.error("entry '\(name)' is listed twice", "list each entry once") }
            entries.append(name)
        }
        guard !entries.isEmpty else { throw node.error("the graph lists no entries", "list the routes another graph may open it at, or remove 'entries'") }
        return entries
    }

    // MARK: Including features

    func readFeatures(_ node: DocumentNode, ownNames: Set<String>) throws(GraphDocumentError) -> [IncludedFeature] {
        let chain = featureChain.isEmpty ? [features.key(of: file)] : featureChain
        var names = DeclaredNames("feature", refusesKeywords: true)
        var loaded: [(name: String, location: SourceLocation?, node: DocumentNode, wiring: DocumentNode?, origin: String, document: LoadedDocument)] = []
        var composedRoutes = ownNames.count
        for entry in try node.mapping() {
            try names.add(entry.key, at: entry.keyLocation, of: entry.value)
            guard !entry.key.contains("."), !entry.key.contains(where: \.isWhitespace) else {
                throw entry.value.error("'\(entry.key)' cannot name a feature", "use a single word without '.': it prefixes the feature's routes, as in '\(entry.key.split(separator: ".").first ?? "people").detail'", at: entry.keyLocation)
            }
            let fields = try entry.value.fields(required: ["file"], optional: ["exits"])
            guard let fileNode = fields["file"] else { throw entry.value.error("missing key 'file'", "add 'file: <Feature>.navgraph.yaml'") }
            // The chain holds this document and every one including it: its length is the
            // depth of the feature about to be read.
            guard chain.count <= GraphDocument.maxIncludeDepth else {
                throw fileNode.error("feature '\(entry.key)' would be included \(chain.count) levels deep, past the limit of \(GraphDocument.maxIncludeDepth) levels of features within features",
                                     "include the feature from a graph nearer the app graph: apps nest features two or three levels deep")
            }
            let found = try features.read(try fileNode.string(), includedBy: file, node: fileNode)
            try includes.spend(bytes: found.bytes.count, including: found.origin, at: fileNode)
            let (origin, resolved) = (found.origin, found.key)
            if let start = chain.firstIndex(of: resolved) {
                let cycle = (chain[start...] + [resolved]).map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
                throw fileNode.error("feature '\(entry.key)' includes '\(origin)', which includes this document: \(cycle)",
                                     "a feature cannot include the graph that includes it; move what both need into a feature of its own")
            }
            let document = try GraphDocument.loadDocument(bytes: found.bytes, origin: origin, chain: chain + [resolved], features: features,
                                                          includes: includes)
            composedRoutes += document.graph.routes.count
            guard composedRoutes <= GraphDocument.maxComposedRoutes else {
                throw fileNode.error("feature '\(entry.key)' brings this graph to \(composedRoutes) routes with its features, over the limit of \(GraphDocument.maxComposedRoutes) composed routes",
                                     "include each feature once; a graph this large is beyond what the checker explores in reasonable time, so split the app into graphs verified one by one")
            }
            for key in document.keys where Self.keysRefusedInFeatures.contains(key.name) {
                throw GraphDocumentError(file: origin, location: key.location,
                                         message: "a feature graph cannot declare '\(key.name)' (this graph is included as feature '\(entry.key)' by \(file))",
                                         remedy: "move '\(key.name)' to the app graph that includes the feature")
            }
            guard !document.entries.isEmpty else {
                throw fileNode.error("feature '\(entry.key)' has no entry route", "give '\(origin)' a 'root:' or an 'entries:' list")
            }
            loaded.append((entry.key, entry.keyLocation, entry.value, fields["exits"], origin, document))
        }

        // Where wired exits may lead: this document's routes (and exits), and every feature's entries.
        var targets = ownNames
        for feature in loaded { targets.formUnion(feature.document.entries.map { "\(feature.name).\($0)" }) }
        let knownTargets = targets.sorted()
        var includedFeatures: [IncludedFeature] = []
        for feature in loaded {
            let exitNames = feature.document.exits.map(\.name)
            var wiring: [String: String] = [:]
            if let wiringNode = feature.wiring {
                for wire in try wiringNode.mapping() {
                    guard exitNames.contains(wire.key) else {
                        let hint = exitNames.isEmpty ? "'\(feature.origin)' declares no exits" : NameSuggestion.hint(for: wire.key, in: exitNames, kind: "exits")
                        throw wire.value.error("feature '\(feature.name)' has no exit '\(wire.key)'", hint, at: wire.keyLocation)
                    }
                    let target = try wire.value.name()
                    guard targets.contains(target) else {
                        let enters = target.split(separator: ".").first.map(String.init).flatMap { prefix in loaded.first { $0.name == prefix } }
                        let remedy = enters.map { other in
                            "'\(target)' is not an entry of feature '\(other.name)'; wire to one of \(other.document.entries.map { "\(other.name).\($0)" }.joined(separator: ", ")), or add the route to 'entries:' in \(other.origin)"
                        }
                            ?? NameSuggestion.hint(for: target, in: knownTargets, kind: "routes and feature entries")
                        throw wire.value.error("exit '\(wire.key)' of feature '\(feature.name)' is wired to '\(target)', which is neither a route of this graph nor a feature's entry", remedy)
                    }
                    wiring[wire.key] = target
                }
            }
            for exit in feature.document.exits where wiring[exit.name] == nil {
                let place = exit.location.map { " (\(feature.origin):\($0))" } ?? ""
                throw feature.node.error("exit '\(exit.name)'\(place) of feature '\(feature.name)' is not wired",
                                         "add '\(exit.name): <route>' under 'exits:' of feature '\(feature.name)', naming a route of this graph or another feature's entry",
                                         at: feature.location)
            }
            let included = Self.qualified(feature.document, as: feature.name, origin: feature.origin, location: feature.location, wiring: wiring)
            for route in included.routes where ownNames.contains(route.name) {
                throw feature.node.error("route '\(route.name)' of feature '\(feature.name)' has the name of a route of this graph",
                                         "rename the route, or the feature", at: feature.location)
            }
            includedFeatures.append(included)
        }
        return includedFeatures
    }

    static func resolvedPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    // MARK: Qualifying names

    /// The feature's graph with every route name `feature.name`, exits replaced by the routes
    /// they are wired to and exit stubs removed. Locations are kept, in the feature's file
    /// (`origin`), so lint and reports point into the document where a declaration is written.
    static func qualified(_ document: LoadedDocument, as feature: String, origin: String, location: SourceLocation?,
                          wiring: [String: String]) -> IncludedFeature {
        let graph = document.graph
        let exits = Set(document.exits.map(\.name))
        let name: (String) -> String = { wiring[$0] ?? "\(feature).\($0)" }
        let route: (DynamicRoute) -> DynamicRoute = { DynamicRoute(name($0.name), arguments: $0.arguments) }
        let place: (SourceLocation?) -> SourceLocation? = { $0?.inFile(origin) }
        let condition: (GraphCondition<DynamicRoute>) -> GraphCondition<DynamicRoute> = { condition in
            guard let expression = condition.expression else { return condition }
            return GraphCondition(renamingRoutes(expression, name), location: place(condition.location))
        }
        let routes = graph.routes.filter { !exits.contains($0.name) }.map { declaration in
            RouteDeclaration(name: name(declaration.name), samples: declaration.samples.map(route),
                             entryGuard: declaration.entryGuard.map { entryGuard in
                                 switch entryGuard.otherwise {
                                 case .cancel: RouteGuard(condition(entryGuard.condition), otherwise: .cancel)
                                 case .redirect(let target, let style): RouteGuard(condition(entryGuard.condition), otherwise: .redirect(to: name(target), style: style))
                                 }
                             },
                             location: place(declaration.location),
                             ownership: declaration.ownership.map { ownership in
                                 // A feature's own routes are renamed; tabs and the app are the includer's.
                                 .init(owners: ownership.owners.map { owner in if case .route(let routeName) = owner { .route(name(routeName)) } else { owner } },
                                       style: ownership.style, priority: ownership.priority)
                             },
                             modalScope: declaration.modalScope)
        }
        let group: (String) -> String = { "\(feature).\($0)" }
        let transitions = graph.transitions.map { transition in
            TransitionDeclaration(from: name(transition.from), to: name(transition.to), style: transition.style,
                                  condition: transition.condition.map(condition), location: place(transition.location), value: transition.value.map(route),
                                  sourceGroup: transition.sourceGroup.map(group), targetGroup: transition.targetGroup.map(group),
                                  reroute: transition.reroute.map { TransitionReroute(to: name($0.route), when: condition($0.condition)) },
                                  sourceList: transition.sourceList.map { $0.map(name) }, targetList: transition.targetList.map { $0.map(name) })
        }
        return IncludedFeature(
            name: feature, origin: origin, location: location, routes: routes, transitions: transitions,
            groups: graph.groups.map { Graph.Group(name: group($0.name), members: $0.members.filter { !exits.contains($0) }.map(name), location: place($0.location)) },
            invariants: graph.invariants.map { Graph.Invariant(name: group($0.name), condition: condition($0.condition), location: place($0.location)) },
            flags: graph.flags.map { Graph.Flag(name: $0.name, initial: $0.initial, location: place($0.location)) },
            entries: document.entries.map(name))
    }

    /// `condition` with every route name it mentions renamed (flags and tabs keep theirs).
    static func renamingRoutes(_ condition: Condition, _ name: (String) -> String) -> Condition {
        func renamed(_ route: Condition.Name) -> Condition.Name { route.renamed(name(route.text)) }
        switch condition {
        case .constant, .flag, .noModal, .compare(.depth, _, _), .compare(.modalDepth, _, _), .isNamed(.tab, _, _), .selectedTabHidden:
            return condition
        case .not(let inner): return .not(renamingRoutes(inner, name))
        case .and(let a, let b): return .and(renamingRoutes(a, name), renamingRoutes(b, name))
        case .or(let a, let b): return .or(renamingRoutes(a, name), renamingRoutes(b, name))
        case .implies(let a, let b): return .implies(renamingRoutes(a, name), renamingRoutes(b, name))
        case .isNamed(let subject, let route, let equal): return .isNamed(subject, renamed(route), equal: equal)
        case .stackContains(let route): return .stackContains(renamed(route))
        case .tabStackContains(let tab, let route): return .tabStackContains(tab: tab, route: renamed(route))
        case .modalsContain(let route): return .modalsContain(renamed(route))
        case .compare(.count(let route), let comparison, let value): return .compare(.count(renamed(route)), comparison, value)
        }
    }

    // MARK: Composing

    /// `graph` (this document's own declarations) with its features added, refusing a transition
    /// of this document that enters a feature other than at an entry or leaves one, and a flag
    /// two graphs declare with different initial values.
    func composed(_ graph: Graph, exits: [LoadedDocument.Exit], features: [IncludedFeature],
                  rootLocation: SourceLocation?) throws(GraphDocumentError) -> Graph {
        var result = graph
        var routes = graph.routes
        routes += exits.map { RouteDeclaration(name: $0.name, samples: [DynamicRoute($0.name)], location: $0.location) }
        for transition in graph.transitions where exits.contains(where: { $0.name == transition.from }) {
            throw GraphDocumentError(file: file, location: transition.location, message: "a transition leaves exit '\(transition.from)'",
                                     remedy: "an exit is where this graph ends and the including graph takes over; start the transition at a route")
        }
        guard !features.isEmpty else {
            if !exits.isEmpty { result.routes = routes }
            return result
        }
        var owner: [String: IncludedFeature] = [:]
        for feature in features {
            for route in feature.routes { owner[route.name] = feature }
        }
        for transition in graph.transitions {
            if let feature = owner[transition.from] {
                throw GraphDocumentError(file: file, location: transition.location,
                                         message: "the transition from '\(transition.from)' to '\(transition.to)' leaves feature '\(feature.name)' other than through one of its exits",
                                         remedy: "declare an exit in \(feature.origin), lead to it from there, and wire it under 'features: \(feature.name): exits:'")
            }
            if let feature = owner[transition.to], !feature.entries.contains(transition.to) {
                throw GraphDocumentError(file: file, location: transition.location,
                                         message: "the transition to '\(transition.to)' enters feature '\(feature.name)' at a route that is not one of its entries (\(feature.entries.joined(separator: ", ")))",
                                         remedy: "enter at an entry, or add the route to 'entries:' in \(feature.origin)")
            }
        }
        let roots = (graph.root.map { [$0] } ?? []) + graph.tabs.map(\.root)
        for root in roots {
            if let feature = owner[root], !feature.entries.contains(root) {
                throw GraphDocumentError(file: file, location: rootLocation, message: "root '\(root)' is a route of feature '\(feature.name)' that is not one of its entries",
                                         remedy: "start at an entry (\(feature.entries.joined(separator: ", "))), or add the route to 'entries:' in \(feature.origin)")
            }
        }
        // A deep link builds its stack (and modal) as if each route were pushed in turn: it
        // enters a feature wherever its plan steps into one, and must do so at an entry.
        for link in graph.deepLinks?.links ?? [] {
            var previous: String?
            for name in link.plannedRouteNames.isEmpty ? [link.routeName] : link.plannedRouteNames {
                let feature = owner[name]
                defer { previous = feature?.name }
                guard let feature, feature.name != previous, !feature.entries.contains(name) else { continue }
                throw GraphDocumentError(file: file, location: link.location,
                                         message: "deep link '\(link.mapping.patternText)' enters feature '\(feature.name)' at '\(name)', which is not one of its entries (\(feature.entries.joined(separator: ", ")))",
                                         remedy: link.plan.mode == .request
                                            ? "request an entry (\(feature.entries.joined(separator: ", "))), or add the route to 'entries:' in \(feature.origin)"
                                            : "plan the link through an entry, e.g. stack: [\(feature.entries.first ?? "<entry>"), …], or add the route to 'entries:' in \(feature.origin)")
            }
        }
        for feature in features {
            routes += feature.routes
            result.transitions.append(contentsOf: feature.transitions)
            result.groups.append(contentsOf: feature.groups)
            result.invariants.append(contentsOf: feature.invariants)
            for flag in feature.flags {
                if let existing = result.flags.first(where: { $0.name == flag.name }) {
                    guard existing.initial == flag.initial else {
                        throw GraphDocumentError(file: file, location: feature.location,
                                                 message: "flag '\(flag.name)' starts \(existing.initial) here and \(flag.initial) in feature '\(feature.name)' (\(feature.origin))",
                                                 remedy: "flags are shared by the app and its features; give both declarations the same initial value")
                    }
                } else {
                    result.flags.append(flag)
                }
            }
        }
        result.routes = routes
        return result
    }
}
