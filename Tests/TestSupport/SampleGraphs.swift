import Foundation
import NavigationCore
import NavigationGraph

/// The sample graph documents under `Graphs/`, for every test target.
public enum SampleGraphs {
    /// The repository's root folder.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    public static let directory = repositoryRoot.appendingPathComponent("Graphs")

    /// The sample documents' file names, sorted.
    public static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".navgraph.yaml") }.sorted()
    }

    /// Loads `Graphs/<file>`, with that path as its origin.
    public static func load(_ file: String) throws -> NavigationGraph<DynamicRoute> {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return try GraphDocument.load(text, origin: "Graphs/\(file)")
    }

    /// A graph document the symbolic engine does not model (a deep link plans a stack deeper
    /// than its `maxStackDepth`), for the tests of falling back to the explicit engine.
    public static let outsideSymbolicSubset = """
        navgraph: 1
        name: DeepPlan
        root: a
        routes: { a: {}, b: {} }
        transitions: [{ from: a, to: b }]
        bounds: { maxStackDepth: 2 }
        deepLinks:
          schemes: [app]
          links:
            - { pattern: /b, route: b, stack: [a, b, b], samples: [{ url: "app://b", expect: plan }] }

        """

    /// What ``SymbolicEngine`` says about ``outsideSymbolicSubset``.
    public static let outsideSymbolicSubsetReason = "deep-link samples (app://b plans a stack deeper than maxStackDepth)"

    /// ``outsideSymbolicSubset``, loaded.
    public static func loadOutsideSymbolicSubset() throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load(outsideSymbolicSubset, origin: "DeepPlan.navgraph.yaml")
    }
}
