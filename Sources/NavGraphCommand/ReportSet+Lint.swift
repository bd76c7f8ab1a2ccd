import Foundation
import NavigationCore
import NavigationGraph
import NavigationReports
import NavigationVerification

extension ReportSet {
    /// Writes the reports of `report`, a graph that was not explored (a document that does not
    /// load, a checker error), into `folder` in place of every report of an earlier run:
    /// report.json, summary.md, junit.xml and results.sarif, each failing, because CI uploads
    /// them whatever the exit code and the last run's passing ones must not stand in for this run.
    static func writeRefusal(_ report: VerificationReport, in folder: ReportFolder, graphPath: String) throws(CommandFailure) {
        let files: [ReportFile]
        do { files = try GraphVerification.refusalFiles(report, mermaid: nil) } catch {
            throw CommandFailure(message: "\(graphPath): \(error)", exitCode: ExitStatus.badInput)
        }
        do { try folder.replaceReports(with: files.map { ($0.name, $0.bytes) }) } catch {
            throw CommandFailure(message: error.message, exitCode: ExitStatus.badInput)
        }
    }

    /// The reports of a document at `path` that did not load (`failure`), in the folder its file
    /// name gives (`Graphs/Shop.navgraph.yaml` → `Reports/Shop/`, where its reports are when
    /// the graph is named like its file): CI's test and code-scanning reports then show the
    /// failure at its line instead of the last run's passing reports.
    static func writeNotLoaded(_ path: String, _ failure: CommandFailure, reportsDirectory: String) throws(CommandFailure) -> ReportFolder {
        let stem = ReportNames.documentStem(path)
        let folder = ReportFolder(root: reportsDirectory, name: ReportNames.folderName(stem))
        let report = VerificationReport(graph: stem, source: path, notExplored: VerificationReport.notExploredForLoading, rule: "document",
                                        message: failure.document?.message ?? failure.message, remedy: failure.document?.remedy ?? "",
                                        location: failure.document?.location, more: Array(failure.documents.dropFirst()))
        try writeRefusal(report, in: folder, graphPath: path)
        return folder
    }
}
