import Foundation
import NavigationCore
import NavigationGraph
import NavigationVerification

extension ReportSet {
    /// Refuses a run in which two graphs would write to the same report folder
    /// (``ReportNames/folderClashes(_:reports:)``), before anything is written.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) naming every clashing pair, their files and the folder.
    static func checkFolders(_ graphs: [(path: String, graph: NavigationGraph<DynamicRoute>)], reportsDirectory: String) throws(CommandFailure) {
        let clashes = ReportNames.folderClashes(graphs, reports: reportsDirectory)
        guard clashes.isEmpty else {
            throw CommandFailure(message: (clashes.map { "error: " + $0 } + ["error: nothing was verified"]).joined(separator: "\n"), exitCode: ExitStatus.badInput)
        }
    }
}
