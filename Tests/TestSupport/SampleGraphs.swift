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

    /// A graph document the symbolic engine does not model (a tab shown only under a
    /// condition), for the tests of falling back to the explicit engine.
    public static let outsideSymbolicSubset = """
        navgraph: 1
        name: Guest
        tabs:
          - { name: home, root: a }
          - { name: inbox, root: b, when: f }
        routes: { a: {}, b: {} }
        flags: { f: false }
        events: { on: { set: { f: true } } }
        transitions: [{ from: a, to: b }]

        """

    /// What ``SymbolicEngine`` says about ``outsideSymbolicSubset``.
    public static let outsideSymbolicSubsetReason = "tabs shown only under a condition (inbox when f)"

    /// ``outsideSymbolicSubset``, loaded.
    public static func loadOutsideSymbolicSubset() throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load(outsideSymbolicSubset, origin: "Guest.navgraph.yaml")
    }
}
