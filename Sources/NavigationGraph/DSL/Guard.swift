import NavigationCore

/// A guard on entering a route: `Guard(.checkout, "signedIn", otherwise: .redirect(.signIn, style: .sheet))`.
/// It runs as NavigationCore middleware in the app and in the explorer alike.
public struct Guard<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ route: R, _ condition: GraphConditionSource<R>, otherwise: GraphGuardFallback<R> = .cancel,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .routeGuard(route, condition, otherwise), file: fileID, line: line, column: column)]
    }
}

/// A condition that must hold in every reachable state:
/// `Invariant("checkout needs sign-in", "top == checkout implies signedIn")`, or a closure.
public struct Invariant<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ name: String, _ condition: GraphConditionSource<R>, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .invariant(name: name, condition), file: fileID, line: line, column: column)]
    }

    /// An invariant written as a Swift closure; lint and export cannot see inside it.
    public init(_ name: String, fileID: String = #fileID, line: Int = #line, column: Int = #column, _ closure: @escaping @Sendable (NavigationState<R>) -> Bool) {
        self.init(name, .closure(name: name, closure), fileID: fileID, line: line, column: column)
    }
}

/// Something that happens outside navigation, e.g. signing in:
/// `Event("signIn", when: "top == signIn", set: ["signedIn": true], then: [.dismiss])`.
public struct Event<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ name: String, when precondition: GraphConditionSource<R>? = nil, set changes: KeyValuePairs<String, Bool> = [:],
                then steps: [GraphEventStep<R>] = [], fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .event(name: name, precondition: precondition, changes: changes.map { ($0.key, $0.value) }, steps: steps),
                                     file: fileID, line: line, column: column)]
    }
}
