import NavigationCore

/// A feature graph included in a Swift graph: the feature's routes, transitions, guards, flags
/// and invariants, each route embedded in the app's route type, and its exits replaced by the
/// app routes they lead to. The Swift counterpart of a document's `features:`.
///
/// The app's route type wraps the feature's (`case people(PeopleRoute)`) and names a wrapped
/// route `<feature>.<name>`, as a document's feature routes are named. An exit is a route of the
/// feature's type that stands for a way out (`PeopleRoute.done`): verified alone, the feature
/// stops there; in the app, a transition or guard redirect to it leads to the route `exits` maps
/// it to. Build the feature before the graph, since building it can fail:
///
/// ```swift
/// let people = try Feature("people", peopleGraph, route: AppRoute.people, exits: [.done: .home])
/// let app = try NavigationGraph<AppRoute>("App") {
///     Root(.home)
///     Push(.home, .people(.list))
///     people
/// }
/// ```
///
/// Flags are shared by name, as in documents: declare a flag the feature declares only once,
/// in the feature. The feature's root is not the app's; the app enters the feature by its own
/// transitions, and only at the feature's `entries` (its root unless given), as a document's
/// app graph may: an app transition, root or tab root that enters elsewhere, or a transition
/// of the app that starts at a feature's route, makes the graph throw at that declaration.
public struct Feature<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    /// Embeds `graph` as feature `name`.
    ///
    /// - Parameters:
    ///   - name: The feature's name, the prefix of its routes' names in the app (`people`).
    ///   - graph: The feature's graph.
    ///   - embed: Wraps a feature route in the app's route type; its ``GraphRoute/graphName``
    ///     must be `"<name>.<the feature route's name>"`.
    ///   - entries: The feature routes the app may open it at; `nil` for the feature's root (or
    ///     its tabs' roots).
    ///   - exits: The feature routes that are its ways out, each with the app route it leads to.
    ///   - fileID: The declaring file, for messages (the default is the caller's).
    ///   - line: The declaring line, likewise.
    ///   - column: The declaring column, likewise.
    /// - Throws: ``GraphBuildError`` at this call (line and column) for a wrapped route named otherwise, a name
    ///   with `.` or a space, a condition written as a Swift closure (it reads the feature's
    ///   route type, which the app's states do not have; write it in the condition language), an
    ///   entry or exit that is not a route of the feature, an exit listed as an entry, or a
    ///   feature route the app's `graphSamples` lack (an exit left out of `exits`).
    public init<F: GraphRoute>(
        _ name: String, _ graph: NavigationGraph<F>, route embed: (F) -> R, entries: [F]? = nil, exits: [F: R] = [:],
        fileID: String = #fileID, line: Int = #line, column: Int = #column
    ) throws(GraphBuildError) {
        func fail(_ message: String, _ remedy: String) -> GraphBuildError {
            GraphBuildError(message: message, remedy: remedy, file: fileID, line: line, column: column)
        }
        guard !name.isEmpty, !name.contains("."), !name.contains(where: \.isWhitespace) else {
            throw fail("'\(name)' cannot name a feature", "use a single word without '.': it prefixes the feature's routes")
        }
        var exitTarget: [String: R] = [:]
        for (exit, target) in exits { exitTarget[exit.graphName] = target }
        let featureRoutes = graph.routes.map(\.name)
        for exit in exitTarget.keys.sorted() where graph.route(named: exit) == nil {
            throw fail("exit '\(exit)' of feature '\(name)' is not a route of its graph", NameSuggestion.hint(for: exit, in: featureRoutes, kind: "routes"))
        }
        let entryNames = entries.map { $0.map(\.graphName) } ?? (graph.root.map { [$0] } ?? graph.tabs.map(\.root))
        for entry in entryNames {
            guard exitTarget[entry] == nil else {
                throw fail("exit '\(entry)' of feature '\(name)' cannot be an entry", "an exit is where the feature ends; list the routes the app may open it at")
            }
            guard graph.route(named: entry) != nil else {
                throw fail("entry '\(entry)' is not a route of feature '\(name)'", NameSuggestion.hint(for: entry, in: featureRoutes, kind: "routes"))
            }
        }
        var representative: [String: R] = [:]
        for declaration in graph.routes where exitTarget[declaration.name] == nil {
            for sample in declaration.samples {
                let wrapped = embed(sample)
                guard wrapped.graphName == "\(name).\(sample.graphName)" else {
                    throw fail("feature '\(name)' wraps route \(sample) as \(wrapped), named '\(wrapped.graphName)'",
                               "name it '\(name).\(sample.graphName)' in the app route's graphName, so every report shows the feature")
                }
                if representative[declaration.name] == nil { representative[declaration.name] = wrapped }
            }
        }
        /// The app route a feature route name leads to: its exit's target, or the wrapped route.
        func target(_ routeName: String) throws(GraphBuildError) -> R {
            if let exit = exitTarget[routeName] { return exit }
            guard let wrapped = representative[routeName] else {
                throw fail("feature '\(name)' names route '\(routeName)', which it does not declare", "add the route to the feature's graphSamples")
            }
            return wrapped
        }
        func renamed(_ routeName: String) -> String {
            exitTarget[routeName]?.graphName ?? representative[routeName]?.graphName ?? "\(name).\(routeName)"
        }
        func condition(_ condition: GraphCondition<F>) throws(GraphBuildError) -> GraphConditionSource<R> {
            guard let expression = condition.expression else {
                throw fail("feature '\(name)' has condition '\(condition.text)' written as a Swift closure over its own route type",
                           "write the condition in the condition language, so it can be read over the app's routes")
            }
            return .text(DocumentReader.renamingRoutes(expression, renamed).description)
        }

        var components: [GraphComponent<R>] = []
        func add(_ kind: GraphComponent<R>.Kind) { components.append(GraphComponent(kind: kind, file: fileID, line: line, column: column, feature: name)) }
        add(.featureBoundary(name: name, entries: entryNames.map(renamed)))
        for flag in graph.flags { add(.flag(flag.name.name, initial: flag.initial)) }
        for declaration in graph.routes {
            guard let entryGuard = declaration.entryGuard, let wrapped = representative[declaration.name] else { continue }
            var fallback = GraphGuardFallback<R>.cancel
            if case .redirect(let to, let style) = entryGuard.otherwise {
                // A value the feature wrote is kept, wrapped; an exit leads where the app says.
                let destination: R
                if exitTarget[to] == nil, let written = entryGuard.redirectValue {
                    destination = embed(written)
                } else {
                    destination = try target(to)
                }
                fallback = .redirect(destination, style: style)
            }
            add(.routeGuard(wrapped, try condition(entryGuard.condition), fallback))
        }
        for declaration in graph.routes {
            guard let ownership = declaration.ownership, let wrapped = representative[declaration.name] else { continue }
            var owners: [GraphOwner<R>] = []
            for owner in ownership.owners {
                switch owner {
                case .route(let routeName): owners.append(.route(try target(routeName)))
                // Tabs and the app are the app's own: a feature declares neither.
                case .tab(let tab): owners.append(.tab(tab.name))
                case .app: owners.append(.app)
                }
            }
            add(.ownership(wrapped, owners: owners, style: ownership.style, priority: ownership.priority))
        }
        for declaration in graph.routes {
            guard let scope = declaration.modalScope, let wrapped = representative[declaration.name] else { continue }
            add(.modalScope(scope, routes: [wrapped]))
        }
        for transition in graph.transitions {
            guard exitTarget[transition.from] == nil else {
                throw fail("feature '\(name)' has a transition that leaves exit '\(transition.from)'",
                           "an exit is where the feature ends and the app takes over; start the transition at a route")
            }
            let from = try target(transition.from)
            var to = try target(transition.to)
            var exact = exitTarget[transition.to] != nil
            if !exact, let value = transition.value {
                to = embed(value)
                exact = true
            }
            let when = try transition.condition.map { source throws(GraphBuildError) in try condition(source) }
            let reroute = try transition.reroute.map { reroute throws(GraphBuildError) in
                GraphReroute.to(try target(reroute.route), when: try condition(reroute.condition))
            }
            add(.transition(from: from, to: to, exact: exact, style: transition.style, condition: when, reroute: reroute))
        }
        for invariant in graph.invariants { add(.invariant(name: "\(name).\(invariant.name)", try condition(invariant.condition))) }
        for property in graph.properties {
            let source: GraphComponent<R>.PropertyRuleSource = switch property.rule {
            case .canReach(let from, let target): .canReach(from: try condition(from), target: try condition(target))
            case .never(let after, let never, let until):
                .never(after: try condition(after), never: try condition(never),
                       until: try until.map { release throws(GraphBuildError) in try condition(release) })
            }
            add(.property(name: "\(name).\(property.name)", source))
        }
        // A feature route the app cannot name is most often an exit left out of `exits`.
        let appSamples = Set(R.graphSamples)
        for declaration in graph.routes where exitTarget[declaration.name] == nil {
            guard !declaration.samples.contains(where: { appSamples.contains(embed($0)) }) else { continue }
            throw fail("route '\(declaration.name)' of feature '\(name)' is not among the app's graphSamples",
                       "if it is a way out of the feature, wire it under exits: [.\(declaration.name): <app route>]; else add the wrapped route to the app's graphSamples")
        }
        self.components = components
    }
}
