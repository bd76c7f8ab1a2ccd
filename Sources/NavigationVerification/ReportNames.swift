import Foundation
import NavigationCore
import NavigationGraph

/// Where a graph's reports go: one folder per graph under the reports root, named after it.
public enum ReportNames {
    /// A folder name from a graph name: letters, digits, `-` and `_` kept, the rest `_`.
    public static func folderName(_ name: String) -> String {
        let cleaned = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return cleaned.isEmpty ? "graph" : cleaned
    }

    /// `Shop` for `Graphs/Shop.navgraph.yaml`: the name a document that did not load is reported under.
    public static func documentStem(_ path: String) -> String {
        let file = (path as NSString).lastPathComponent
        return [".navgraph.yaml", ".navgraph.json", ".yaml", ".json", ".yml"].first { file.hasSuffix($0) }.map { String(file.dropLast($0.count)) } ?? file
    }

    /// The graphs that would write to the same report folder, one sentence per clash, so
    /// neither silently overwrites the other: `A.B` and `A_B` (``folderName(_:)`` keeps only
    /// letters, digits, `-` and `_`), two documents with one `name:`, and names that differ
    /// only in case (one folder on macOS's and Windows' default file systems). Empty when none.
    ///
    /// Folder names stay readable (`Reports/Shop/`) rather than made unique with a hash: CI
    /// recipes and links name them, and a clash is better fixed by renaming a graph than by a
    /// folder nobody can guess.
    public static func folderClashes(_ graphs: [(path: String, graph: NavigationGraph<DynamicRoute>)], reports: String) -> [String] {
        var first: [String: (path: String, name: String)] = [:]
        var clashes: [String] = []
        for (path, graph) in graphs {
            let folder = folderName(graph.name)
            guard let earlier = first[folder.lowercased()] else {
                first[folder.lowercased()] = (path, graph.name)
                continue
            }
            let shared = (reports as NSString).appendingPathComponent(folder)
            let why = earlier.name == graph.name
                ? "both graphs are named '\(graph.name)'; give one of them another `name:`"
                : folderName(earlier.name) == folder
                    ? "report folders keep only letters, digits, '-' and '_'; rename one graph so they differ in those"
                    : "the folder names differ only in case, which many file systems do not tell apart; rename one graph"
            clashes.append("\(earlier.path) (graph '\(earlier.name)') and \(path) (graph '\(graph.name)') would both write their reports to \(shared)/, one over the other; \(why)")
        }
        return clashes
    }
}
