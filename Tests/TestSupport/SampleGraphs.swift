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
}
