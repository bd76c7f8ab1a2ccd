import Foundation
import NavigationCore
import NavigationGraph

extension ReportSet {
    /// Refuses a run in which two graphs would write to the same report folder, so neither
    /// silently overwrites the other: `A.B` and `A_B` (``folderName(_:)`` keeps only letters,
    /// digits, `-` and `_`), two documents with one `name:`, and names that differ only in case
    /// (one folder on macOS's and Windows' default file systems).
    ///
    /// Folder names stay readable (`Reports/Shop/`) rather than made unique with a hash: CI
    /// recipes and links name them, and a clash is better fixed by renaming a graph than by a
    /// folder nobody can guess.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) naming every clashing pair, their files and the folder.
    static func checkFolders(_ graphs: [(path: String, graph: NavigationGraph<DynamicRoute>)], reportsDirectory: String) throws(CommandFailure) {
        var first: [String: (path: String, name: String)] = [:]
        var clashes: [String] = []
        for (path, graph) in graphs {
            let folder = folderName(graph.name)
            guard let earlier = first[folder.lowercased()] else {
                first[folder.lowercased()] = (path, graph.name)
                continue
            }
            let shared = (reportsDirectory as NSString).appendingPathComponent(folder)
            let why = earlier.name == graph.name
                ? "both graphs are named '\(graph.name)'; give one of them another `name:`"
                : folderName(earlier.name) == folder
                    ? "report folders keep only letters, digits, '-' and '_'; rename one graph so they differ in those"
                    : "the folder names differ only in case, which many file systems do not tell apart; rename one graph"
            clashes.append("error: \(earlier.path) (graph '\(earlier.name)') and \(path) (graph '\(graph.name)') would both write their reports to \(shared)/, one over the other; \(why)")
        }
        guard clashes.isEmpty else {
            throw CommandFailure(message: (clashes + ["error: nothing was verified"]).joined(separator: "\n"), exitCode: 2)
        }
    }
}
