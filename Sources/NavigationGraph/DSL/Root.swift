import NavigationCore

/// The root route of an app with one stack: `Root(.catalog)`.
public struct Root<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ route: R, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .root(route), file: fileID, line: line, column: column)]
    }
}

/// A tab and its root route: `Tab("feed", root: .feed)`. The first tab is selected at launch.
public struct Tab<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ name: String, root: R, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .tab(name, root: root), file: fileID, line: line, column: column)]
    }
}

/// An app flag and its value at launch: `Flag("signedIn")`.
public struct Flag<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ name: String, initial: Bool = false, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .flag(name, initial: initial), file: fileID, line: line, column: column)]
    }
}

/// How far the explorer looks: `Bounds(maxStackDepth: 6)`.
public struct Bounds<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(maxStackDepth: Int = 8, maxModalDepth: Int = 2, maxStates: Int = 1_000_000, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        let bounds = GraphBounds(maxStackDepth: maxStackDepth, maxModalDepth: maxModalDepth, maxStates: maxStates)
        components = [GraphComponent(kind: .bounds(bounds), file: fileID, line: line, column: column)]
    }
}
