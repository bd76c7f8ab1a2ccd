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
/// transitions.
public struct Feature<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    /// Embeds `graph` as feature `name`.
    ///
    /// - Parameters:
    ///   - name: The feature's name, the prefix of its routes' names in the app (`people`).
    ///   - graph: The feature's graph.
    ///   - route: Wraps a feature route in the app's route type; its ``GraphRoute/graphName``
    ///     must be `"<name>.<the feature route's name>"`.
    ///   - exits: The feature routes that are its ways out, each with the app route it leads to.
    /// - Throws: ``GraphBuildError`` at this line for a wrapped route named otherwise, a name
    ///   with `.` or a space, or a condition written as a Swift closure (it reads the feature's
    ///   route type, which the app's states do not have; write it in the condition language).
    public init<F: GraphRoute>(
        _ name: String, _ graph: NavigationGraph<F>, route embed: (F) -> R, exits: [F: R] = [:],
        fileID: String = #fileID, line: Int = #line
    ) throws(GraphBuildError) {
        func fail(_ message: String, _ remedy: String) -> GraphBuildError {
            GraphBuildError(message: message, remedy: remedy, file: fileID, line: line)
        }
        guard !name.isEmpty, !name.contains("."), !name.contains(where: \.isWhitespace) else {
            throw fail("'\(name)' cannot name a feature", "use a single word without '.': it prefixes the feature's routes")
        }
        var exitTarget: [String: R] = [:]
        for (exit, target) in exits { exitTarget[exit.graphName] = target }
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
        func add(_ kind: GraphComponent<R>.Kind) { components.append(GraphComponent(kind: kind, file: fileID, line: line)) }
        for flag in graph.flags { add(.flag(flag.name.name, initial: flag.initial)) }
        for declaration in graph.routes {
            guard let entryGuard = declaration.entryGuard, let wrapped = representative[declaration.name] else { continue }
            var fallback = GraphGuardFallback<R>.cancel
            if case .redirect(let to, let style) = entryGuard.otherwise { fallback = .redirect(try target(to), style: style) }
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
            add(.transition(from: from, to: to, exact: exact, style: transition.style, condition: when))
        }
        for invariant in graph.invariants { add(.invariant(name: "\(name).\(invariant.name)", try condition(invariant.condition))) }
        self.components = components
    }
}
