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

    /// Samples at real-app size (the Mastodon sample: about 10^24 states within its bounds),
    /// which the symbolic engine verifies in seconds and an exhaustive explicit search in a
    /// test never finishes.
    public static let realAppSize = ["Mastodon.navgraph.yaml"]

    /// The samples an explicit search explores completely in a test.
    public static var explicitSized: [String] { names.filter { !realAppSize.contains($0) } }

    /// The sample documents a graph can be exported to: those that include no features
    /// (export writes one document, and a feature lives in a file of its own).
    public static var exportableNames: [String] {
        names.filter { name in
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return !text.contains("\nfeatures:")
        }
    }

    /// Loads `Graphs/<file>`, with that path as its origin, its features read from the
    /// documents in `Graphs/`'s subfolders whatever the current directory.
    public static func load(_ file: String) throws -> NavigationGraph<DynamicRoute> {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return try GraphDocument.load(text, origin: "Graphs/\(file)", features: .embedded(in: "Graphs/\(file)", featureDocuments))
    }

    /// The documents in `Graphs/`'s subfolders (the samples' features), by their path below it.
    public static var featureDocuments: [String: String] {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
        var documents: [String: String] = [:]
        for path in paths where path.contains("/") && path.hasSuffix(".navgraph.yaml") {
            documents[path] = try? String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
        }
        return documents
    }

    /// A graph document the symbolic engine does not model (a tab shown under a condition on
    /// the modals, in a graph with a route guard), for the tests of falling back to the
    /// explicit engine.
    public static let outsideSymbolicSubset = """
        navgraph: 1
        name: Guest
        tabs:
          - { name: home, root: a }
          - { name: inbox, root: b, when: f and modal == none }
        routes: { a: {}, b: { requires: f } }
        flags: { f: false }
        events: { on: { set: { f: true } } }
        transitions: [{ from: a, to: b }]

        """

    /// What ``SymbolicEngine`` says about ``outsideSymbolicSubset``.
    public static let outsideSymbolicSubsetReason = "tab conditions that read the stacks, the modals or the selected tab in a graph with route guards (inbox when f and modal == none)"

    /// ``outsideSymbolicSubset``, loaded.
    public static func loadOutsideSymbolicSubset() throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load(outsideSymbolicSubset, origin: "Guest.navgraph.yaml")
    }
}
