import NavigationCore

/// Reads the parts of a graph document into the model, one section at a time.
struct DocumentReader {
    typealias Graph = NavigationGraph<DynamicRoute>
    let file: String
    /// Member route names by group name, for conditions and transitions.
    private var groupMembers: [String: [String]] = [:]
    /// The route names the document declares, which win over a group of the same name.
    private var declaredRouteNames: Set<String> = []
    /// The routes of the features the document includes, qualified: its deep links may open them.
    private var featureRoutes: [RouteDeclaration<DynamicRoute>] = []
    /// The tabs shown under a condition, with it, once the tabs are read: what `tab hidden`
    /// in a condition is replaced by (``Condition/expandingSelectedTabHidden(_:)``). `nil`
    /// while the tabs themselves are read, and in a document without tabs.
    private var tabsShownWhen: [(tab: String, condition: Condition)]?

    /// The resolved paths of the documents that include this one, outermost first (a feature
    /// that includes one of them is a cycle).
    let featureChain: [String]
    /// Where the documents under `features:` are read from.
    let features: FeatureSource
    /// What the whole load has included so far, shared with the documents it includes.
    let includes: IncludeBudget
    /// The problems found so far: reading goes on past a broken entry or section.
    let problems = DocumentProblems()

    init(file: String, featureChain: [String] = [], features: FeatureSource = .fileSystem, includes: IncludeBudget = IncludeBudget()) {
        self.file = file
        self.featureChain = featureChain
        self.features = features
        self.includes = includes
    }

    static let topLevelKeys = ["navgraph", "name", "summary", "root", "tabs", "tabBar", "routes", "groups", "flags", "events",
                               "transitions", "deepLinks", "invariants", "properties", "within", "bounds", "features", "entries", "exits", "modalScope"]

    func read(_ document: DocumentNode) throws(GraphDocumentError) -> Graph {
        try readDocument(document).graph
    }

    /// The graph, with the entries and exits the document declares for when it is a feature;
    /// every problem found (``DocumentProblems``) when it has any.
    func readDocument(_ document: DocumentNode) throws(GraphDocumentError) -> LoadedDocument {
        do { return try readDocumentOnce(document) } catch {
            // A problem that stops the reading (a section the rest depends on), with those
            // found before it (unless it is already all of them).
            guard !problems.combinedTaken else { throw error }
            problems.record(error)
            throw problems.combined ?? error
        }
    }

    private func readDocumentOnce(_ document: DocumentNode) throws(GraphDocumentError) -> LoadedDocument {
        let fields = try document.fields(required: ["navgraph", "name", "routes"], optional: Self.topLevelKeys, unknownKeys: problems)
        guard let versionNode = fields["navgraph"] else { throw document.error("missing key 'navgraph'", "add 'navgraph: 1'") }
        let version = try versionNode.int(in: 0...Int.max)
        guard version == GraphDocument.version else {
            let remedy = version > GraphDocument.version
                ? "this NavGraph reads version \(GraphDocument.version); update NavGraph, or write the document for version \(GraphDocument.version)"
                : "write 'navgraph: \(GraphDocument.version)'"
            throw versionNode.error("unsupported document version \(version)", remedy)
        }
        let name = try optional(fields["name"]) { node throws(GraphDocumentError) in try node.string() } ?? ""
        guard !name.isEmpty else { throw document.error("the graph's name is empty", "write 'name: <Name>'") }
        if let nameNode = fields["name"] {
            guard name.utf8.count <= GraphDocument.maxNameBytes else {
                throw nameNode.error("the graph's name is \(name.utf8.count) bytes long, over the \(GraphDocument.maxNameBytes) a graph name may have",
                                     "shorten it: reports are written to a folder named after the graph, and file systems allow 255 bytes in a folder name",
                                     at: nameNode.location)
            }
            var graphName = DeclaredNames("graph")
            try graphName.add(name, at: nameNode.location, of: nameNode)
        }

        guard let routesNode = fields["routes"] else { throw document.error("missing key 'routes'", "declare the app's routes") }
        // Groups first: conditions everywhere, route guards included, read them.
        var reader = self
        var ownRouteNames: [String] = []
        if case .mapping(let entries) = routesNode.node {
            ownRouteNames = entries.compactMap { $0.key.scalar?.string }
        }
        let exits = try optional(fields["exits"]) { node throws(GraphDocumentError) in try readExits(node, routeNames: Set(ownRouteNames)) } ?? []
        let features = try optional(fields["features"]) { node throws(GraphDocumentError) in
            try readFeatures(node, ownNames: Set(ownRouteNames + exits.map(\.name)))
        } ?? []
        reader.declaredRouteNames = Set(ownRouteNames + exits.map(\.name) + features.flatMap { $0.routes.map(\.name) })
        reader.featureRoutes = features.flatMap(\.routes)
        let groups = try optional(fields["groups"]) { node throws(GraphDocumentError) in try readGroups(node) } ?? []
        reader.groupMembers = Dictionary(groups.map { ($0.name, $0.members) }, uniquingKeysWith: { first, _ in first })
        // Tabs next: `tab hidden` anywhere, route guards included, reads their conditions.
        if let tabsNode = fields["tabs"] {
            reader.tabsShownWhen = recovering(nil) { () throws(GraphDocumentError) in
                try reader.readTabs(tabsNode).compactMap { tab in tab.condition?.expression.map { (tab: tab.id.name, condition: $0) } }
            }
        }
        let own = try reader.read(fields, document: document, name: name, routesNode: routesNode, groups: groups)
        // Every problem of the sections read so far, at once; composing needs them sound.
        if let combined = problems.combined { throw combined }
        var graph = try composed(own, exits: exits, features: features, rootLocation: (fields["root"] ?? fields["tabs"] ?? document).location)
        try checkRouteValues(in: graph)
        let entries = try readEntries(fields["entries"], graph: graph, exits: exits, document: document)
        // A feature document verified by itself, not included by another: stub its surroundings.
        // Only a document that could be included as a feature is one: what only an app may
        // declare (tabs, a tab bar, events, deep links, bounds) makes it an app, whose unknown
        // owners and unowned requests stay errors.
        let appOnly = Self.keysRefusedInFeatures.contains { fields[$0] != nil }
        if featureChain.isEmpty, fields["entries"] != nil || !exits.isEmpty, !appOnly {
            graph = Self.standingAlone(graph, exits: exits.map(\.name))
        }
        return LoadedDocument(graph: graph, entries: entries, exits: exits,
                              keys: (try? document.mapping().map { ($0.key, $0.keyLocation) }) ?? [])
    }

    private func read(_ fields: [String: DocumentNode], document: DocumentNode, name: String, routesNode: DocumentNode,
                      groups: [Graph.Group]) throws(GraphDocumentError) -> Graph {
        let routes = try readRoutes(routesNode)
        // A section that cannot be read is recorded and read as empty, so the next ones are
        // read too; `readDocument` throws every problem once all are read.
        let tabsRead = recovering(nil) { () throws(GraphDocumentError) in try optional(fields["tabs"]) { node throws(GraphDocumentError) in try readTabs(node) } ?? [] }
        let tabs = tabsRead ?? []
        let root = recovering(nil) { () throws(GraphDocumentError) in try optional(fields["root"]) { node throws(GraphDocumentError) in try node.name() } }
        if tabsRead != nil && tabs.isEmpty && root == nil && fields["root"] == nil {
            throw document.error("the graph has neither 'root' nor 'tabs'", "add 'root: <route>' for one stack, or 'tabs:' for a tab bar")
        }
        if !tabs.isEmpty, let rootNode = fields["root"] {
            throw rootNode.error("'root' and 'tabs' are both given", "a tabbed app's roots are its tabs' roots; remove 'root'")
        }
        // Deep links may open a feature's routes, as the app's events and transitions may.
        let linkRoutes = routes + featureRoutes
        let routeNames = linkRoutes.map(\.name)
        let representatives = Dictionary(linkRoutes.map { ($0.name, $0.samples[0]) }, uniquingKeysWith: { first, _ in first })

        func section<T>(_ key: String, _ empty: T, _ read: (DocumentNode) throws(GraphDocumentError) -> T) -> T {
            recovering(empty) { () throws(GraphDocumentError) in try optional(fields[key], read) ?? empty }
        }
        let summary = section("summary", "") { node throws(GraphDocumentError) in try node.string() }
        let flags = section("flags", []) { node throws(GraphDocumentError) in try readFlags(node) }
        let events = section("events", []) { node throws(GraphDocumentError) in try readEvents(node, routes: linkRoutes, tabs: tabs) }
        let transitions = section("transitions", []) { node throws(GraphDocumentError) in try readTransitions(node, routes: routes) }
        let deepLinks = section("deepLinks", nil) { node throws(GraphDocumentError) in try readDeepLinks(node, routes: linkRoutes, representatives: representatives, routeNames: routeNames) }
        let invariants = section("invariants", []) { node throws(GraphDocumentError) in try readInvariants(node) }
        let properties = section("properties", []) { node throws(GraphDocumentError) in try readProperties(node) }
        let bounds = section("bounds", GraphBounds()) { node throws(GraphDocumentError) in try readBounds(node) }
        let tabBar = recovering(Graph.TabBar()) { () throws(GraphDocumentError) in try readTabBar(fields["tabBar"], tabs: tabs) }
        let modalScope = recovering(nil) { () throws(GraphDocumentError) in try readModalScope(fields["modalScope"], requiringTabs: tabs.isEmpty) }
        let tapLimits = section("within", []) { node throws(GraphDocumentError) in try readTapLimits(node) }
        var graph = Graph(
            name: name,
            summary: summary,
            routes: routes,
            tabs: tabs,
            root: root,
            flags: flags,
            events: events,
            transitions: transitions,
            deepLinks: deepLinks,
            invariants: invariants,
            bounds: bounds,
            routeName: { $0.name },
            origin: file,
            groups: groups,
            tabBar: tabBar,
            modalScope: modalScope ?? .window)
        graph.properties = properties
        graph.tapLimits = tapLimits
        return graph
    }

    /// `within:`: a route, group or `all` mapped to the most user actions it may need. The
    /// names are lint's to check (`unknown-route`, with suggestions), as everywhere else.
    private func readTapLimits(_ node: DocumentNode) throws(GraphDocumentError) -> [Graph.TapLimit] {
        var names = DeclaredNames("within entry")
        return try node.mapping().map { entry throws(GraphDocumentError) in
            try names.add(entry.key, at: entry.keyLocation, of: entry.value)
            return Graph.TapLimit(target: entry.key, limit: try entry.value.int(in: 0...10_000), location: entry.keyLocation)
        }
    }

    /// `read()`'s value, or `fallback` with the problem recorded in ``problems``: the reader
    /// goes on, and `readDocument` throws every problem at once.
    private func recovering<T>(_ fallback: T, _ read: () throws(GraphDocumentError) -> T) -> T {
        do { return try read() } catch {
            problems.record(error)
            return fallback
        }
    }

    /// A `modalScope:` (the graph's, or a route's): `window` or `tab`. The graph's `tab` needs
    /// tabs (`requiringTabs` when it has none); a route's may be a feature's, whose app has them.
    private func readModalScope(_ node: DocumentNode?, requiringTabs: Bool) throws(GraphDocumentError) -> ModalScope? {
        guard let node else { return nil }
        let text = try node.string()
        guard let scope = ModalScope(rawValue: text) else {
            throw node.error("unknown modal scope '\(text)'", NameSuggestion.hint(for: text, in: ModalScope.allCases.map(\.rawValue), kind: "modal scopes"))
        }
        if scope == .tab && requiringTabs {
            throw node.error("'modalScope: tab' in a graph without tabs", "declare 'tabs:', or write 'modalScope: window' (a modal then belongs to the window)")
        }
        return scope
    }

    /// A condition, with route groups replaced by their members and `tab hidden` by the tabs'
    /// conditions (the text stays as written).
    private func condition(_ node: DocumentNode) throws(GraphDocumentError) -> GraphCondition<DynamicRoute> {
        let condition: GraphCondition<DynamicRoute> = try node.condition(groups: groupMembers, routes: declaredRouteNames)
        guard let expression = condition.expression, expression.readsSelectedTabHidden else { return condition }
        guard featureChain.isEmpty else {
            throw node.error("a feature's condition says 'tab hidden'", "the tabs are the including app's: write the condition in the app's document")
        }
        // In a document without tabs no tab is hidden: the atom stays, and is false.
        guard let tabsShownWhen else { return condition }
        return GraphCondition(expression.expandingSelectedTabHidden(tabsShownWhen), text: condition.text, location: condition.location)
    }

    /// Refuses a route value in a condition (`top == accountDetail(id: mee)`) that is not one of
    /// its route's declared samples, at the value, once every route (features' too) is known.
    private func checkRouteValues(in graph: Graph) throws(GraphDocumentError) {
        for condition in graph.writtenConditions {
            guard let expression = condition.expression, !expression.routeValues.isEmpty else { continue }
            do {
                try expression.checkRouteValues(samples: graph.sampleArguments)
            } catch {
                let place = condition.location.map { $0.offset(by: error.location) }
                throw GraphDocumentError(file: place?.file ?? file, location: place,
                                         message: "condition '\(condition.text)': \(error.message)", remedy: error.remedy)
            }
        }
    }

    private func optional<T>(_ node: DocumentNode?, _ read: (DocumentNode) throws(GraphDocumentError) -> T) throws(GraphDocumentError) -> T? {
        guard let node else { return nil }
        return try read(node)
    }

    // MARK: Routes

    private func readRoutes(_ node: DocumentNode) throws(GraphDocumentError) -> [RouteDeclaration<DynamicRoute>] {
        let entries = try node.mapping()
        guard !entries.isEmpty else { throw node.error("the graph declares no routes", "declare at least one route under 'routes:'") }
        var routes: [RouteDeclaration<DynamicRoute>] = []
        var redirectValues: [(index: Int, with: DocumentNode)] = []
        var names = DeclaredNames("route")
        for entry in entries {
            // A route that cannot be read is recorded and stands as a plain route, so what
            // names it is read without a second, misleading error.
            let read = recovering(false) { () throws(GraphDocumentError) -> Bool in
                try readRoute(entry, into: &routes, redirectValues: &redirectValues, names: &names)
                return true
            }
            if !read { routes.append(RouteDeclaration(name: entry.key, samples: [DynamicRoute(entry.key)], location: entry.keyLocation)) }
        }
        // A redirect's route may be declared after the guarded one: its values are read last.
        for (index, with) in redirectValues {
            let route = routes[index]
            guard let entryGuard = route.entryGuard, case .redirect(let target, _) = entryGuard.otherwise else { continue }
            guard let value = recovering(nil, { () throws(GraphDocumentError) -> DynamicRoute? in try readValue(with, of: target, routes: routes) }) else { continue }
            routes[index] = RouteDeclaration(name: route.name, samples: route.samples,
                                             entryGuard: RouteGuard(entryGuard.condition, otherwise: entryGuard.otherwise, redirectValue: value),
                                             location: route.location, ownership: route.ownership, modalScope: route.modalScope)
        }
        return routes
    }

    /// One entry of `routes:`, appended to `routes` (and its redirect's `with:` to
    /// `redirectValues`, read once every route is known).
    private func readRoute(_ entry: (key: String, keyLocation: SourceLocation?, value: DocumentNode), into routes: inout [RouteDeclaration<DynamicRoute>],
                           redirectValues: inout [(index: Int, with: DocumentNode)], names: inout DeclaredNames) throws(GraphDocumentError) {
        let name = entry.key
        guard !name.isEmpty, !name.contains(where: { $0.isWhitespace }), !ConditionParser.reserved.contains(name) else {
            throw entry.value.error("'\(name)' cannot name a route", "use a single word that is not a condition keyword", at: entry.keyLocation)
        }
        try names.add(name, at: entry.keyLocation, of: entry.value)
        guard !name.contains(FeatureNames.separator) else {
            throw entry.value.error("'\(name)' cannot name a route: '\(FeatureNames.separator)' separates a feature's name from its routes (people.detail)",
                                    "write the name without '\(FeatureNames.separator)', e.g. '\(String(name.map { $0 == "." ? "_" : $0 }))'", at: entry.keyLocation)
        }
        var samples = [DynamicRoute(name)]
        var entryGuard: RouteGuard<DynamicRoute>?
        var ownership: RouteDeclaration<DynamicRoute>.Ownership?
        var redirectWith: DocumentNode?
        var modalScope: ModalScope?
        if case .mapping = entry.value.node {
            let fields = try entry.value.fields(required: [], optional: ["params", "requires", "otherwise", "owner", "style", "priority", "modalScope"])
            modalScope = try readModalScope(fields["modalScope"], requiringTabs: false)
            ownership = try readOwnership(fields)
            if let params = fields["params"] { samples = try readSamples(of: name, params) }
            if let requires = fields["requires"] {
                entryGuard = RouteGuard(try condition(requires), otherwise: try optional(fields["otherwise"]) { node throws(GraphDocumentError) in try readOtherwise(node) } ?? .cancel)
                if let otherwise = fields["otherwise"], case .mapping = otherwise.node {
                    redirectWith = try otherwise.fields(required: [], optional: ["redirect", "style", "with"])["with"]
                }
            } else if let otherwise = fields["otherwise"] {
                throw otherwise.error("'otherwise' without 'requires'", "add 'requires: <condition>' or remove 'otherwise'")
            }
        } else if case .scalar(let scalar) = entry.value.node, !scalar.string.isEmpty, scalar.string != "~", scalar.string != "null" {
            throw entry.value.error("expected a mapping or nothing", "write '\(name): {}' or give 'params:' / 'requires:'")
        }
        routes.append(RouteDeclaration(name: name, samples: samples, entryGuard: entryGuard, location: entry.keyLocation, ownership: ownership,
                                       modalScope: modalScope))
        if let redirectWith { redirectValues.append((routes.count - 1, redirectWith)) }
    }

    /// A route's `owner:` (one owner or a list: a route's name, `tab:<name>` or `app`), with
    /// the `style:` (push, sheet, cover) and `priority:` (normal, high) its owners present it in.
    private func readOwnership(_ fields: [String: DocumentNode]) throws(GraphDocumentError) -> RouteDeclaration<DynamicRoute>.Ownership? {
        guard let ownerNode = fields["owner"] else {
            if let stray = fields["style"] ?? fields["priority"] {
                throw stray.error("'style' and 'priority' say how a route's owner presents it, and the route has no 'owner'",
                                  "add 'owner: <route>', 'owner: tab:<tab>' or 'owner: app', or remove them")
            }
            return nil
        }
        let items = if case .sequence = ownerNode.node { try ownerNode.sequence() } else { [ownerNode] }
        var owners: [OwnerScope] = []
        for item in items {
            let text = try item.name()
            let owner: OwnerScope
            if text == "app" {
                owner = .app
            } else if text.hasPrefix("tab:") {
                let tab = String(text.dropFirst(4))
                guard !tab.isEmpty else { throw item.error("'tab:' names no tab", "write 'tab:<name>', e.g. 'tab:home'") }
                owner = .tab(TabID(tab))
            } else {
                owner = .route(text)
            }
            guard !owners.contains(owner) else { throw item.error("owner '\(text)' is listed twice", "list each owner once") }
            owners.append(owner)
        }
        guard !owners.isEmpty else { throw ownerNode.error("the route's owner list is empty", "name an owner: a route, 'tab:<name>' or 'app'") }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, default value: T) throws(GraphDocumentError) -> T where T.RawValue == String {
            guard let node = fields[key] else { return value }
            let text = try node.string()
            guard let chosen = T(rawValue: text) else {
                throw node.error("unknown \(key) '\(text)'", NameSuggestion.hint(for: text, in: T.allCases.map(\.rawValue), kind: "\(key) values"))
            }
            return chosen
        }
        return .init(owners: owners, style: try choice("style", default: OwnershipStyle.push),
                     priority: try choice("priority", default: RequestPriority.normal))
    }

    private func readSamples(of route: String, _ node: DocumentNode) throws(GraphDocumentError) -> [DynamicRoute] {
        var combinations: [[DynamicRoute.Argument]] = [[]]
        var parameterNames = DeclaredNames("parameter")
        for parameter in try node.mapping() {
            try parameterNames.add(parameter.key, at: parameter.keyLocation, of: parameter.value)
            let values = try parameter.value.sequence().map { item throws(GraphDocumentError) in
                let value = try item.string()
                if let problem = DeclaredNames.unreadableCharacter(in: value) {
                    throw item.error("sample value '\(value)' contains \(problem)", DeclaredNames.unreadableRemedy)
                }
                return value
            }
            guard !values.isEmpty else {
                throw parameter.value.error("parameter '\(parameter.key)' has no sample values", "list at least one, e.g. [1, 2]")
            }
            combinations = combinations.flatMap { prefix in values.map { prefix + [DynamicRoute.Argument(name: parameter.key, value: $0)] } }
            guard combinations.count <= GraphDocument.maxSamplesPerRoute else {
                throw parameter.value.error("route '\(route)' would stand for more than \(GraphDocument.maxSamplesPerRoute) sample routes",
                                            "use fewer sample values: each one multiplies the states to explore")
            }
        }
        return combinations.map { DynamicRoute(route, arguments: $0) }
    }

    private func readOtherwise(_ node: DocumentNode) throws(GraphDocumentError) -> RouteGuard<DynamicRoute>.Otherwise {
        if case .scalar = node.node {
            guard try node.string() == "cancel" else { throw node.error("expected 'cancel' or a redirect", "write 'cancel' or '{ redirect: <route>, style: sheet }'") }
            return .cancel
        }
        let fields = try node.fields(required: ["redirect"], optional: ["style", "with"])
        guard let target = fields["redirect"] else { return .cancel }
        return .redirect(to: try target.name(), style: try optional(fields["style"]) { node throws(GraphDocumentError) in try readStyle(node) } ?? .push)
    }

    private func readStyle(_ node: DocumentNode) throws(GraphDocumentError) -> TransitionStyle {
        let text = try node.string()
        guard let style = TransitionStyle(rawValue: text) else {
            throw node.error("unknown style '\(text)'", NameSuggestion.hint(for: text, in: TransitionStyle.allCases.map(\.rawValue), kind: "styles"))
        }
        return style
    }

    // MARK: Tabs, flags, events

    private func readTabs(_ node: DocumentNode) throws(GraphDocumentError) -> [Graph.Tab] {
        var tabs: [Graph.Tab] = []
        var names = DeclaredNames("tab", refusesKeywords: true)
        for item in try node.sequence() {
            let fields = try item.fields(required: ["name", "root"], optional: ["when", "reselect"])
            guard let nameNode = fields["name"], let rootNode = fields["root"] else { continue }
            let name = try nameNode.name()
            guard !tabs.contains(where: { $0.id.name == name }) else {
                throw nameNode.error("tab '\(name)' is declared twice", "give each tab a unique name")
            }
            try names.add(name, at: nameNode.location, of: nameNode)
            if let when = fields["when"],
               (try when.condition(groups: groupMembers, routes: declaredRouteNames) as GraphCondition<DynamicRoute>).expression?.readsSelectedTabHidden ?? false {
                throw when.error("tab '\(name)''s condition says 'tab hidden'", "a tab's condition decides whether it is shown, so it cannot read whether the selected tab is shown; name flags or routes instead")
            }
            tabs.append(Graph.Tab(id: TabID(name), root: try rootNode.name(),
                                  when: try optional(fields["when"]) { node throws(GraphDocumentError) in try condition(node) },
                                  reselect: try optional(fields["reselect"]) { node throws(GraphDocumentError) in try option(node, TabReselection.self, "reselect") },
                                  location: item.location))
        }
        return tabs
    }

    /// `tabBar: { tappableUnder: [sheet], fallback: timeline, reselect: keep, hiddenSelection: stay }`:
    /// the modal styles the tab bar stays tappable under (none by default, as on an iPhone), the
    /// tab selected when the selected one is hidden, what re-selecting a tab does to its stack
    /// (`popToRoot` by default) and whether a hidden selection falls back (the default) or stays.
    private func readTabBar(_ node: DocumentNode?, tabs: [Graph.Tab]) throws(GraphDocumentError) -> Graph.TabBar {
        guard let node else { return Graph.TabBar() }
        guard !tabs.isEmpty else {
            throw node.error("'tabBar' in a graph without tabs", "declare 'tabs:', or remove 'tabBar'")
        }
        let fields = try node.fields(required: [], optional: ["tappableUnder", "fallback", "reselect", "hiddenSelection"])
        var styles = ModalStyle.tappableUnderByDefault
        if let list = fields["tappableUnder"] {
            styles = []
            for item in try list.sequence() {
                let text = try item.string()
                guard let style = ModalStyle(rawValue: text) else {
                    throw item.error("unknown modal style '\(text)'", NameSuggestion.hint(for: text, in: ModalStyle.allCases.map(\.rawValue), kind: "modal styles"))
                }
                styles.insert(style)
            }
        }
        var fallback: TabID?
        if let fallbackNode = fields["fallback"] {
            let name = try fallbackNode.name()
            guard tabs.contains(where: { $0.id.name == name }) else {
                throw fallbackNode.error("the tab bar's fallback '\(name)' is not a declared tab",
                                         NameSuggestion.hint(for: name, in: tabs.map(\.id.name), kind: "tabs"))
            }
            fallback = TabID(name)
        }
        let reselect = try optional(fields["reselect"]) { node throws(GraphDocumentError) in try option(node, TabReselection.self, "reselect") }
        let hiddenSelection = try optional(fields["hiddenSelection"]) { node throws(GraphDocumentError) in
            try option(node, HiddenTabSelection.self, "hiddenSelection")
        }
        return Graph.TabBar(tappableUnder: styles, fallback: fallback, reselect: reselect ?? .popToRoot,
                            hiddenSelection: hiddenSelection ?? .fallback, location: node.location)
    }

    /// One of an option's values, spelled as its raw value (`reselect: keep`).
    private func option<Option: RawRepresentable & CaseIterable>(_ node: DocumentNode, _: Option.Type, _ key: String) throws(GraphDocumentError) -> Option
        where Option.RawValue == String {
        let text = try node.string()
        guard let value = Option(rawValue: text) else {
            let values = Option.allCases.map(\.rawValue)
            let remedy = NameSuggestion.closest(to: text, in: values).map { "did you mean '\($0)'?" } ?? "write one of: \(values.joined(separator: ", "))"
            throw node.error("unknown \(key) '\(text)'", remedy)
        }
        return value
    }

    private func readFlags(_ node: DocumentNode) throws(GraphDocumentError) -> [Graph.Flag] {
        var names = DeclaredNames("flag", refusesKeywords: true)
        return try node.mapping().map { entry throws(GraphDocumentError) in
            try names.add(entry.key, at: entry.keyLocation, of: entry.value)
            return Graph.Flag(name: FlagName(entry.key), initial: try entry.value.bool(), location: entry.keyLocation)
        }
    }

    private func readEvents(_ node: DocumentNode, routes: [RouteDeclaration<DynamicRoute>], tabs: [Graph.Tab]) throws(GraphDocumentError) -> [EventDeclaration<DynamicRoute>] {
        var events: [EventDeclaration<DynamicRoute>] = []
        var names = DeclaredNames("event")
        for entry in try node.mapping() {
            recovering(()) { () throws(GraphDocumentError) in
                try names.add(entry.key, at: entry.keyLocation, of: entry.value)
                let fields = try entry.value.fields(required: [], optional: ["when", "set", "then"])
                let changes = try optional(fields["set"]) { set throws(GraphDocumentError) in
                    try set.mapping().map { flag throws(GraphDocumentError) in (flag: FlagName(flag.key), value: try flag.value.bool()) }
                } ?? []
                var navigation: [EventDeclaration<DynamicRoute>.Navigation] = []
                var values: [DynamicRoute?] = []
                if let then = fields["then"] {
                    let steps = if case .sequence = then.node { try then.sequence() } else { [then] }
                    for step in steps {
                        let (action, value) = try readEventStep(step, routes: routes, tabs: tabs)
                        navigation.append(action)
                        values.append(value)
                    }
                }
                events.append(EventDeclaration(name: entry.key, precondition: try optional(fields["when"]) { node throws(GraphDocumentError) in try condition(node) },
                                               flagChanges: changes, navigation: navigation,
                                               navigationValues: values.contains { $0 != nil } ? values : [], location: entry.keyLocation))
            }
        }
        return events
    }

    /// A step, and the route value its `with:` writes (`{ push: status, with: { id: 2 } }`).
    private func readEventStep(_ node: DocumentNode, routes: [RouteDeclaration<DynamicRoute>], tabs: [Graph.Tab]) throws(GraphDocumentError)
        -> (EventDeclaration<DynamicRoute>.Navigation, DynamicRoute?) {
        if case .scalar = node.node {
            switch try node.string() {
            case "back": return (.back, nil)
            case "dismiss": return (.dismiss, nil)
            case "dismissAll": return (.dismissAll, nil)
            case "popToRoot": return (.popToRoot, nil)
            case "resetTabs": return (.resetTabs(nil), nil)
            case let other:
                throw node.error("unknown step '\(other)'", NameSuggestion.hint(for: other, in: ["back", "dismiss", "dismissAll", "popToRoot", "resetTabs"], kind: "steps")
                                 + ", or " + (TransitionStyle.allCases.map { "'{ \($0.rawValue): <route> }'" } + ["'{ tab: <tab> }'", "'{ resetTabs: [<tab>, …] }'"]).joined(separator: ", "))
            }
        }
        let entries = try node.mapping(allowed: TransitionStyle.allCases.map(\.rawValue) + ["tab", "resetTabs", "with"])
        let actions = entries.filter { $0.key != "with" }
        guard actions.count == 1, let entry = actions.first else {
            throw node.error("a step names exactly one action", "write e.g. '{ push: receipt }'")
        }
        let with = entries.first { $0.key == "with" }?.value
        if entry.key == "tab" {
            if let with { throw with.error("a tab step brings in no route to give values for", "remove 'with'") }
            return (.selectTab(TabID(try entry.value.name())), nil)
        }
        if entry.key == "resetTabs" {
            if let with { throw with.error("a reset step brings in no route to give values for", "remove 'with'") }
            return (.resetTabs(try readResetTabs(entry.value, tabs: tabs)), nil)
        }
        let name = try entry.value.name()
        let value = try optional(with) { node throws(GraphDocumentError) in try readValue(node, of: name, routes: routes) }
        // The mapping allowed only the styles' names besides 'tab' and 'with'.
        return (.go(name, style: TransitionStyle(rawValue: entry.key) ?? .push), value)
    }

    /// The tabs of `{ resetTabs: [a, b] }`: declared tabs, each once.
    private func readResetTabs(_ node: DocumentNode, tabs: [Graph.Tab]) throws(GraphDocumentError) -> [TabID] {
        guard !tabs.isEmpty else {
            throw node.error("'resetTabs' names tabs in a graph without tabs", "write 'resetTabs' alone to put the one stack back to its root, or declare 'tabs:'")
        }
        let items = if case .sequence = node.node { try node.sequence() } else { [node] }
        guard !items.isEmpty else { throw node.error("'resetTabs' names no tab", "name the tabs to reset, e.g. [\(tabs[0].id.name)], or write 'resetTabs' alone for every tab") }
        var named: [TabID] = []
        for item in items {
            let name = try item.name()
            guard tabs.contains(where: { $0.id.name == name }) else {
                throw item.error("'resetTabs' names tab '\(name)', which is not declared", NameSuggestion.hint(for: name, in: tabs.map(\.id.name), kind: "tabs"))
            }
            guard !named.contains(TabID(name)) else { throw item.error("tab '\(name)' is reset twice in one step", "name each tab once") }
            named.append(TabID(name))
        }
        return named
    }

    // MARK: Deep links

    private func readDeepLinks(
        _ node: DocumentNode, routes: [RouteDeclaration<DynamicRoute>], representatives: [String: DynamicRoute], routeNames: [String]
    ) throws(GraphDocumentError) -> Graph.DeepLinks {
        let fields = try node.fields(required: ["schemes", "links"], optional: ["hosts", "match", "underModals"])
        guard let schemesNode = fields["schemes"], let linksNode = fields["links"] else { throw node.error("missing 'schemes' or 'links'", "add both") }
        let schemes = try schemesNode.sequence().map { item throws(GraphDocumentError) in try item.name() }
        guard !schemes.isEmpty else { throw schemesNode.error("no scheme is accepted", "list at least one, e.g. [myapp, https]") }
        let hosts = try optional(fields["hosts"]) { hostsNode throws(GraphDocumentError) in
            try hostsNode.sequence().map { item throws(GraphDocumentError) in try item.name() }
        } ?? []
        // The default for links with `mode: push` that do not say: today's, dismissing the modals.
        let underModals = try optional(fields["underModals"]) { node throws(GraphDocumentError) in try underModalsValue(node) } ?? .dismiss
        var links: [DeepLinkDeclaration<DynamicRoute>] = []
        for item in try linksNode.sequence() {
            if let link = recovering(nil, { () throws(GraphDocumentError) -> DeepLinkDeclaration<DynamicRoute>? in
                try readDeepLink(item, routes: routes, representatives: representatives, routeNames: routeNames, underModals: underModals)
            }) { links.append(link) }
        }
        let matching = try optional(fields["match"]) { node throws(GraphDocumentError) in try readMatching(node) } ?? .lenient
        return Graph.DeepLinks(configuration: DeepLinkConfiguration(schemes: schemes, hosts: hosts, matching: matching), links: links)
    }

    /// `match: strict`, `match: lenient`, or `match: { caseSensitive: [scheme, host], unknownQuery: reject, trailingSlash: reject }`.
    private func readMatching(_ node: DocumentNode) throws(GraphDocumentError) -> DeepLinkMatching {
        if case .scalar = node.node {
            switch try node.string() {
            case "strict": return .strict
            case "lenient": return .lenient
            case let other:
                throw node.error("unknown matching '\(other)'",
                                 "use strict (scheme and host with case, no unknown query item, no trailing slash), lenient (the default), "
                                 + "or a mapping of caseSensitive, unknownQuery and trailingSlash")
            }
        }
        let fields = try node.fields(required: [], optional: ["caseSensitive", "unknownQuery", "trailingSlash"])
        func value<T: RawRepresentable>(_ key: String, _ values: [T]) throws(GraphDocumentError) -> T? where T.RawValue == String {
            try optional(fields[key]) { node throws(GraphDocumentError) in
                let text = try node.string()
                guard let value = T(rawValue: text) else {
                    throw node.error("unknown value '\(text)' for '\(key)'", "use \(SpokenList.joined(values.map(\.rawValue)))")
                }
                return value
            }
        }
        let parts = try optional(fields["caseSensitive"]) { node throws(GraphDocumentError) in
            try node.sequence().map { item throws(GraphDocumentError) -> DeepLinkMatching.Part in
                let text = try item.string()
                guard let part = DeepLinkMatching.Part(rawValue: text) else {
                    throw item.error("unknown part '\(text)' for 'caseSensitive'", "use scheme or host")
                }
                return part
            }
        } ?? []
        return DeepLinkMatching(caseSensitive: Set(parts),
                                unknownQuery: try value("unknownQuery", DeepLinkMatching.UnknownQuery.allCases) ?? .ignore,
                                trailingSlash: try value("trailingSlash", DeepLinkMatching.TrailingSlash.allCases) ?? .ignore)
    }

    /// `dismiss` or `keep`, for `underModals:` on a link or under `deepLinks:`.
    private func underModalsValue(_ node: DocumentNode) throws(GraphDocumentError) -> NavigationPlanUnderModals {
        let text = try node.string()
        guard let value = NavigationPlanUnderModals(rawValue: text) else {
            throw node.error("unknown value '\(text)' for 'underModals'",
                             "use dismiss (the default: every modal is dismissed before the push) or keep (push on the selected tab under the open modals)")
        }
        return value
    }

    private func readDeepLink(
        _ item: DocumentNode, routes: [RouteDeclaration<DynamicRoute>], representatives: [String: DynamicRoute], routeNames: [String],
        underModals defaultUnderModals: NavigationPlanUnderModals
    ) throws(GraphDocumentError) -> DeepLinkDeclaration<DynamicRoute> {
        let fields = try item.fields(required: ["pattern"],
                                     optional: ["route", "request", "tab", "stack", "modal", "mode", "underModals", "set", "requires", "whenUnmet",
                                                "samples", "scheme", "host"])
        guard let patternNode = fields["pattern"] else { throw item.error("missing 'pattern'", "add 'pattern: /path/:parameter'") }
        // `request: share` in place of `route:` plans a request of the route: its owner decides where it shows.
        let requesting = fields["request"] != nil
        let routeNode: DocumentNode
        switch (fields["route"], fields["request"]) {
        case (let route?, nil), (nil, let route?): routeNode = route
        case (_?, _?):
            throw item.error("a deep link has both 'route' and 'request'",
                             "keep 'route:' to plan where the link goes, or 'request:' to request the route from its owner")
        case (nil, nil):
            throw item.error("missing 'route' or 'request'",
                             "add 'route: <route>' with the plan (tab, stack, modal), or 'request: <route>' for its nearest visible owner to present it")
        }
        if requesting, let planned = ["tab", "stack", "modal", "mode", "underModals"].first(where: { fields[$0] != nil }), let node = fields[planned] {
            throw node.error("a deep link that requests its route has no '\(planned)': the route's nearest visible owner decides where it shows",
                             "remove '\(planned)', or write 'route:' instead of 'request:' to plan the link")
        }
        let patternText = try patternNode.string()
        let routeName = try routeNode.name()
        guard let declaration = routes.first(where: { $0.name == routeName }) else {
            throw routeNode.error("unknown route '\(routeName)'", NameSuggestion.hint(for: routeName, in: routeNames, kind: "routes"))
        }
        // The pattern must capture every parameter of the route, so a URL always makes a whole route.
        // A pattern that does not parse is left to the deep-link lint, which names its problem
        // (`/:x:y` is a bad parameter name, not a pattern missing `:id`).
        let parsed = DeepLinkPattern.parse(patternText)
        let captured = Set(parsed.pattern?.parameterNames ?? [])
        let parameterNames = declaration.samples[0].arguments.map(\.name)
        for parameter in parameterNames where parsed.problems.isEmpty && !captured.contains(parameter) {
            throw patternNode.error("pattern '\(patternText)' does not capture parameter '\(parameter)' of route '\(routeName)'",
                                    "add ':\(parameter)' to the pattern")
        }
        let numeric = Set(parameterNames.filter { name in
            declaration.samples.allSatisfy { route in route.arguments.first { $0.name == name }.map { Int($0.value) != nil } ?? false }
        })

        let tab = try optional(fields["tab"]) { node throws(GraphDocumentError) in TabID(try node.name()) }
        let stackEntries = try optional(fields["stack"]) { stackNode throws(GraphDocumentError) in
            try stackNode.sequence().map { entry throws(GraphDocumentError) in try planEntry(entry, linkRoute: routeName, routes: routes) }
        } ?? []
        let stack = stackEntries.map(\.name)
        var modal: (style: ModalStyle, routes: [String])?
        var modalEntries: [(name: String, value: DynamicRoute?)] = []
        if let modalNode = fields["modal"] {
            let modalFields = try modalNode.fields(required: ["style", "routes"], optional: [])
            let styleText = try modalFields["style"]?.string() ?? ""
            guard let style = ModalStyle(rawValue: styleText) else {
                throw modalNode.error("unknown modal style '\(styleText)'", "use \(SpokenList.joined(ModalStyle.allCases.map(\.documentName)))")
            }
            modalEntries = try modalFields["routes"]?.sequence().map { entry throws(GraphDocumentError) in
                try planEntry(entry, linkRoute: routeName, routes: routes)
            } ?? []
            guard !modalEntries.isEmpty else { throw modalNode.error("the modal presents no route", "list its routes, the presented one first") }
            modal = (style, modalEntries.map(\.name))
        }
        let planValues = (stackEntries + modalEntries).map(\.value)
        for name in stack + (modal?.routes ?? []) where representatives[name] == nil {
            throw item.error("the plan names unknown route '\(name)'", NameSuggestion.hint(for: name, in: routeNames, kind: "routes"))
        }
        let requirement: GraphCondition<DynamicRoute>? = try optional(fields["requires"]) { node throws(GraphDocumentError) in try condition(node) }
        let whenUnmet: DeepLinkMapping<DynamicRoute>.Unmet = try optional(fields["whenUnmet"]) { node throws(GraphDocumentError) in
            switch try node.string() {
            case "pend": return .pend
            case "reject": return .reject
            case let other: throw node.error("unknown value '\(other)'", "use pend or reject")
            }
        } ?? .pend
        let mode: NavigationPlanMode = try optional(fields["mode"]) { node throws(GraphDocumentError) in
            let text = try node.string()
            if text == NavigationPlanMode.request.rawValue {
                throw node.error("a link requests its route with 'request: <route>', not with 'mode: request'",
                                 "write 'request: <route>' in place of 'route:', and drop 'mode' (and any tab, stack or modal)")
            }
            guard let mode = NavigationPlanMode(rawValue: text) else {
                throw node.error("unknown mode '\(text)'", "use replace (the default: the plan's stack replaces the tab's) or push (onto the current tab's stack)")
            }
            return mode
        } ?? (requesting ? .request : .replace)
        var underModals = mode == .push ? defaultUnderModals : .dismiss
        if let node = fields["underModals"] {
            guard mode == .push else {
                throw node.error("'underModals' is for links with 'mode: push': a link that replaces a tab's stack selects the tab, which dismisses every modal",
                                 "add 'mode: push' to push onto the selected tab's stack, or remove 'underModals'")
            }
            underModals = try underModalsValue(node)
        }
        // `set: { signedIn: true }`: flags the plan sets before it navigates (a sign-in callback link).
        var flags: [FlagName: Bool] = [:]
        if let setNode = fields["set"] {
            for entry in try setNode.mapping() {
                flags[FlagName(entry.key)] = try entry.value.bool()
            }
        }
        let samples: [DeepLinkDeclaration<DynamicRoute>.Sample] = try optional(fields["samples"]) { samplesNode throws(GraphDocumentError) in
            try samplesNode.sequence().map { sample throws(GraphDocumentError) -> DeepLinkDeclaration<DynamicRoute>.Sample in
                let sampleFields = try sample.fields(required: ["url", "expect"], optional: [])
                let url = try sampleFields["url"]?.string() ?? ""
                guard let expectNode = sampleFields["expect"] else { throw sample.error("missing key 'expect'", "add 'expect: …'") }
                guard case .sequence = expectNode.node else {
                    return DeepLinkDeclaration<DynamicRoute>.Sample(url: url, expect: try expectation(expectNode), location: sample.location)
                }
                let (conditional, otherwise) = try conditionalExpectations(expectNode)
                return DeepLinkDeclaration<DynamicRoute>.Sample(url: url, expect: otherwise, conditional: conditional, location: sample.location)
            }
        } ?? []

        return DeepLinkDeclaration(
            pattern: patternText, routeName: routeName,
            plan: DeepLinkPlanShape(tab: tab, stack: stack, modal: modal.map { .init(style: $0.style, routes: $0.routes) }, mode: mode,
                                    underModals: underModals, flags: flags),
            requirement: requirement, whenUnmet: whenUnmet, samples: samples, location: item.location,
            route: { parameters throws(DeepLinkRejection) in
                var arguments: [DynamicRoute.Argument] = []
                for name in parameterNames {
                    let value = try parameters.string(name)
                    if numeric.contains(name) { _ = try parameters.int(name) }
                    arguments.append(DynamicRoute.Argument(name: name, value: value))
                }
                return DynamicRoute(routeName, arguments: arguments)
            },
            parameters: { route in
                guard route.name == routeName else { return nil }
                return DeepLinkParameters(Dictionary(route.arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
            },
            representatives: representatives, graphRouteName: { $0.name },
            preferredScheme: try optional(fields["scheme"]) { node throws(GraphDocumentError) in try node.name() },
            preferredHost: try optional(fields["host"]) { node throws(GraphDocumentError) in try node.name() },
            planValues: planValues.contains { $0 != nil } ? planValues : [])
    }

    /// A plan entry: a route name (its first sample, or the matched route for the link's own
    /// route), or `{ route: account, with: { user: me } }` for one value of it.
    private func planEntry(_ node: DocumentNode, linkRoute: String, routes: [RouteDeclaration<DynamicRoute>]) throws(GraphDocumentError)
        -> (name: String, value: DynamicRoute?) {
        guard case .mapping = node.node else { return (try node.name(), nil) }
        let fields = try node.fields(required: ["route", "with"], optional: [])
        guard let routeNode = fields["route"], let with = fields["with"] else { throw node.error("missing 'route' or 'with'", "write '{ route: <route>, with: { <parameter>: <value> } }'") }
        let name = try routeNode.name()
        guard name != linkRoute else {
            throw with.error("the link's own route '\(name)' stands for the route the URL matched, which 'with' cannot replace",
                             "write '\(name)' without 'with'")
        }
        guard routes.contains(where: { $0.name == name }) else { return (name, nil) }   // the unknown name is reported below
        return (name, try readValue(with, of: name, routes: routes))
    }

    /// `plan`, `pending`, `rejected` or `unhandled`.
    private func expectation(_ node: DocumentNode) throws(GraphDocumentError) -> DeepLinkDeclaration<DynamicRoute>.Expectation {
        let text = try node.string()
        guard let expect = DeepLinkDeclaration<DynamicRoute>.Expectation(rawValue: text) else {
            throw node.error("unknown expectation '\(text)'",
                             NameSuggestion.hint(for: text, in: DeepLinkDeclaration<DynamicRoute>.Expectation.allCases.map(\.rawValue), kind: "expectations"))
        }
        return expect
    }

    /// `[{ when: signedIn, outcome: plan }, …, { outcome: rejected }]`: every entry but the
    /// last has a condition, and the last has none (what is expected in every other state), so
    /// each state expects exactly one outcome.
    private func conditionalExpectations(
        _ node: DocumentNode
    ) throws(GraphDocumentError) -> ([DeepLinkDeclaration<DynamicRoute>.ConditionalExpectation], DeepLinkDeclaration<DynamicRoute>.Expectation) {
        let entries = try node.sequence()
        let example = "write '[{ when: signedIn, outcome: plan }, { outcome: rejected }]'"
        guard let last = entries.last else { throw node.error("the list of expectations is empty", example) }
        var conditional: [DeepLinkDeclaration<DynamicRoute>.ConditionalExpectation] = []
        for entry in entries.dropLast() {
            let fields = try entry.fields(required: ["when", "outcome"], optional: [])
            guard let when = fields["when"], let outcome = fields["outcome"] else { throw entry.error("missing 'when' or 'outcome'", example) }
            conditional.append(.init(condition: try condition(when), outcome: try expectation(outcome)))
        }
        let lastFields = try last.fields(required: ["outcome"], optional: ["when"])
        if lastFields["when"] != nil {
            throw last.error("the last expectation has a condition, so some states would expect nothing",
                             "drop its 'when:': the last entry is the outcome in every state where no condition above holds")
        }
        guard let outcome = lastFields["outcome"] else { throw last.error("missing 'outcome'", example) }
        return (conditional, try expectation(outcome))
    }

    // MARK: Transitions, invariants, bounds

    // MARK: Groups and transitions

    private func readGroups(_ node: DocumentNode) throws(GraphDocumentError) -> [Graph.Group] {
        var names = DeclaredNames("group", refusesKeywords: true)
        return try node.mapping().map { entry throws(GraphDocumentError) in
            try names.add(entry.key, at: entry.keyLocation, of: entry.value)
            guard entry.key != NavigationGraph<DynamicRoute>.Group.everyRoute else {
                throw entry.value.error("'*' cannot name a group", "'*' already means every route; choose another name", at: entry.keyLocation)
            }
            var members: [String] = []
            for item in try entry.value.sequence() {
                let member = try item.name()
                guard !members.contains(member) else { throw item.error("group '\(entry.key)' lists '\(member)' twice", "list each route once") }
                members.append(member)
            }
            guard !members.isEmpty else { throw entry.value.error("group '\(entry.key)' has no routes", "list its routes, e.g. [compose, reply]") }
            return Graph.Group(name: entry.key, members: members, location: entry.keyLocation)
        }
    }

    /// The routes a transition end stands for: a route, a group's members, every route for
    /// `*` (sources only), or the routes an inline list names (`[timeline, search]`, the same as
    /// a group of them), with the group's name or the list when it was one.
    private func transitionEnd(_ node: DocumentNode, key end: String, routes: [RouteDeclaration<DynamicRoute>]) throws(GraphDocumentError)
        -> (names: [String], group: String?, list: [String]?) {
        let isSource = end == "from"
        if case .sequence = node.node {
            var names: [String] = []
            for item in try node.sequence() {
                let name = try item.name()
                guard name != Graph.Group.everyRoute else {
                    throw item.error("'*' in a list in '\(end):'", isSource ? "write 'from: \"*\"' alone for every route" : "name the destination routes")
                }
                guard declaredRouteNames.contains(name) || groupMembers[name] == nil else {
                    throw item.error("'\(name)' in the list in '\(end):' is a group, and a list names routes",
                                     "list the group's routes, or write the group alone ('\(end): \(name)')")
                }
                guard !names.contains(name) else { throw item.error("the list in '\(end):' names '\(name)' twice", "name each route once") }
                names.append(name)
            }
            guard !names.isEmpty else { throw node.error("the list in '\(end):' is empty", "name at least one route, e.g. '\(end): [home, search]'") }
            return (names, nil, names)
        }
        let text = try node.string()
        if text == Graph.Group.everyRoute {
            guard isSource else { throw node.error("'*' can only be a transition's source", "name the destination route or group") }
            return (routes.map(\.name), text, nil)
        }
        let name = try node.name()
        if !declaredRouteNames.contains(name), let members = groupMembers[name] { return (members, name, nil) }
        return ([name], nil, nil)
    }

    private func readTransitions(_ node: DocumentNode, routes: [RouteDeclaration<DynamicRoute>]) throws(GraphDocumentError) -> [TransitionDeclaration<DynamicRoute>] {
        var transitions: [TransitionDeclaration<DynamicRoute>] = []
        for item in try node.sequence() {
            transitions += recovering([]) { () throws(GraphDocumentError) in try readTransition(item, routes: routes) }
        }
        return transitions
    }

    /// One item of `transitions:`: a transition per source and destination it names.
    private func readTransition(_ item: DocumentNode, routes: [RouteDeclaration<DynamicRoute>]) throws(GraphDocumentError) -> [TransitionDeclaration<DynamicRoute>] {
        var transitions: [TransitionDeclaration<DynamicRoute>] = []
        let fields = try item.fields(required: ["from"], optional: ["to", "request", "style", "when", "with", "reroute"])
        guard let fromNode = fields["from"] else { throw item.error("missing 'from'", "add 'from: <route>'") }
        // `request: login` is `to: login, style: request`.
        if let requestNode = fields["request"], fields["to"] != nil || fields["style"] != nil {
            throw requestNode.error("'request' is given with 'to' or 'style'",
                                    "write '{ from: <route>, request: <route> }' alone: the owner decides the style")
        }
        guard let toNode = fields["to"] ?? fields["request"] else {
            throw item.error("missing 'to' or 'request'", "add 'to: <route>', or 'request: <route>' to ask its owner")
        }
        let sources = try transitionEnd(fromNode, key: "from", routes: routes)
        let targets = try transitionEnd(toNode, key: fields["to"] == nil ? "request" : "to", routes: routes)
        let style = fields["request"] != nil ? .request
            : try optional(fields["style"]) { node throws(GraphDocumentError) in try readStyle(node) } ?? .push
        let when = try optional(fields["when"]) { node throws(GraphDocumentError) in try condition(node) }
        let reroute = try optional(fields["reroute"]) { node throws(GraphDocumentError) -> TransitionReroute<DynamicRoute> in
            let rerouteFields = try node.fields(required: ["to", "when"], optional: [])
            guard let target = rerouteFields["to"], let failing = rerouteFields["when"] else {
                throw node.error("a reroute needs 'to' and 'when'", "write '{ to: <route>, when: <condition under which the move fails> }'")
            }
            return TransitionReroute(to: try target.name(), when: try condition(failing))
        }
        var value: DynamicRoute?
        if let withNode = fields["with"] {
            guard targets.group == nil, targets.list == nil, let target = targets.names.first else {
                let what = targets.list == nil ? "'\(targets.group ?? "")' is a group" : "the destination is a list"
                throw withNode.error("'with' gives one route's parameter values, and \(what)", "write one transition per route, each with its values")
            }
            value = try readValue(withNode, of: target, routes: routes)
        }
        for source in sources.names {
            for target in targets.names {
                transitions.append(TransitionDeclaration(from: source, to: target, style: style, condition: when, location: item.location,
                                                         value: value, sourceGroup: sources.group, targetGroup: targets.group, reroute: reroute,
                                                         sourceList: sources.list, targetList: targets.list))
            }
        }
        return transitions
    }

    /// The route value `with: { id: me }` writes: one of the route's declared samples.
    private func readValue(_ node: DocumentNode, of routeName: String, routes: [RouteDeclaration<DynamicRoute>]) throws(GraphDocumentError) -> DynamicRoute {
        guard let declaration = routes.first(where: { $0.name == routeName }) else {
            throw node.error("'with' gives values for '\(routeName)', which is not a declared route", "declare the route, or remove 'with'")
        }
        let parameterNames = declaration.samples[0].arguments.map(\.name)
        guard !parameterNames.isEmpty else {
            throw node.error("route '\(routeName)' has no parameters to give values for", "remove 'with'")
        }
        var values: [String: (String, DocumentNode)] = [:]
        for entry in try node.mapping(allowed: parameterNames) { values[entry.key] = (try entry.value.string(), entry.value) }
        var arguments: [DynamicRoute.Argument] = []
        for parameter in parameterNames {
            guard let (value, valueNode) = values[parameter] else {
                throw node.error("'with' gives no value for parameter '\(parameter)' of route '\(routeName)'", "add '\(parameter): <value>'")
            }
            let declared = declaration.samples.compactMap { sample in sample.arguments.first { $0.name == parameter }?.value }
            guard declared.contains(value) else {
                var seen: [String] = []
                for value in declared where !seen.contains(value) { seen.append(value) }
                throw valueNode.error("'\(value)' is not a sample value of parameter '\(parameter)' of route '\(routeName)'",
                                      "use one of \(seen.joined(separator: ", ")), or add it to the route's 'params:'")
            }
            arguments.append(DynamicRoute.Argument(name: parameter, value: value))
        }
        return DynamicRoute(routeName, arguments: arguments)
    }

    private func readInvariants(_ node: DocumentNode) throws(GraphDocumentError) -> [Graph.Invariant] {
        var names = DeclaredNames("invariant")
        return try node.mapping().compactMap { entry in
            recovering(nil) { () throws(GraphDocumentError) -> Graph.Invariant? in
                try names.add(entry.key, at: entry.keyLocation, of: entry.value)
                return Graph.Invariant(name: entry.key, condition: try condition(entry.value), location: entry.value.location)
            }
        }
    }

    /// The `properties:` section: each name maps to `{ from: p, canReach: q }` or
    /// `{ after: p, never: q, until: r }` (`until` optional).
    private func readProperties(_ node: DocumentNode) throws(GraphDocumentError) -> [Graph.PropertyDeclaration] {
        var names = DeclaredNames("property")
        return try node.mapping().compactMap { entry in
            recovering(nil) { () throws(GraphDocumentError) -> Graph.PropertyDeclaration? in
                try names.add(entry.key, at: entry.keyLocation, of: entry.value)
                let fields = try entry.value.fields(required: [], optional: ["from", "canReach", "after", "never", "until"])
                let rule: Graph.PropertyDeclaration.Rule
                if let from = fields["from"] ?? fields["canReach"] {
                    guard let target = fields["canReach"], let source = fields["from"] else {
                        throw from.error("property '\(entry.key)' needs both 'from' and 'canReach'",
                                         "write '{ from: <condition>, canReach: <condition> }': from every state where 'from' holds, a state where 'canReach' holds must be reachable")
                    }
                    if let other = fields["after"] ?? fields["never"] ?? fields["until"] {
                        throw other.error("property '\(entry.key)' mixes 'from'/'canReach' with 'after'/'never'/'until'",
                                          "declare two properties: one '{ from, canReach }', one '{ after, never, until }'")
                    }
                    rule = .canReach(from: try condition(source), target: try condition(target))
                } else if let after = fields["after"], let never = fields["never"] {
                    rule = .never(after: try condition(after), never: try condition(never),
                                  until: try fields["until"].map { node throws(GraphDocumentError) in try condition(node) })
                } else {
                    throw entry.value.error("property '\(entry.key)' says neither '{ from, canReach }' nor '{ after, never }'",
                                            "write '{ from: <condition>, canReach: <condition> }' or '{ after: <condition>, never: <condition>, until: <condition> }' (until is optional)")
                }
                return Graph.PropertyDeclaration(name: entry.key, rule: rule, location: entry.value.location)
            }
        }
    }

    private func readBounds(_ node: DocumentNode) throws(GraphDocumentError) -> GraphBounds {
        let fields = try node.fields(required: [], optional: ["maxStackDepth", "maxModalDepth", "maxStates", "maxMemory"])
        var bounds = GraphBounds()
        if let depth = fields["maxStackDepth"] { bounds.maxStackDepth = try depth.int(in: 1...64) }
        if let modals = fields["maxModalDepth"] { bounds.maxModalDepth = try modals.int(in: 0...16) }
        if let states = fields["maxStates"] { bounds.maxStates = try states.int(in: 1...500_000_000) }
        if let memory = fields["maxMemory"] { bounds.maxMemoryBytes = try memory.memorySize(minimum: 1_000_000) }
        return bounds
    }
}
