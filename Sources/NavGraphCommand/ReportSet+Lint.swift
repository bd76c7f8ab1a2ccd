import Foundation
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports

extension ReportSet {
    /// Lint errors stop a graph before exploration; its reports still say so, because CI
    /// uploads junit.xml and results.sarif whatever the exit code, and the last run's passing
    /// ones must not stand in for this run. Writes report.json, summary.md, junit.xml and
    /// results.sarif with the findings, removes every other report of an earlier run, and
    /// returns the report (not explored) for the command to print its findings (exit 1).
    func refuseForLint(_ findings: [LintFinding]) throws(CommandFailure) -> Outcome {
        let report = VerificationReport(graph: graph, notExploredBecauseOf: findings)
        try Self.writeRefusal(report, mermaid: RouteDiagram(graph).mermaid(), in: folder, graphPath: graphPath)
        return Outcome(report: report, folder: folder.path, renderWarnings: [])
    }

    /// Writes the reports of `report`, a graph that was not explored (lint errors, a document
    /// that does not load, a checker error), into `folder` in place of every report of an
    /// earlier run: report.json, summary.md, junit.xml and results.sarif, each failing.
    static func writeRefusal(_ report: VerificationReport, mermaid: String?, in folder: ReportFolder, graphPath: String) throws(CommandFailure) {
        var files: [(name: String, bytes: [UInt8])] = []
        do {
            files.append(("report.json", Array(try ReportWriter.json(report).utf8)))
            files.append(("summary.md", Array(ReportWriter.markdown(report, mermaid: mermaid).utf8)))
            files.append(("junit.xml", Array(ReportWriter.junit([report]).utf8)))
            files.append(("results.sarif", Array(try SARIFLog.text([report]).utf8)))
        } catch {
            throw CommandFailure(message: "\(graphPath): error: cannot encode the reports (\(error)); please report this as a navgraph bug", exitCode: 2)
        }
        do { try folder.replaceReports(with: files) } catch {
            throw CommandFailure(message: error.message, exitCode: 2)
        }
    }

    /// The reports of a document at `path` that did not load (`failure`), in the folder its file
    /// name gives (`Graphs/Shop.navgraph.yaml` → `Reports/Shop/`, where its reports are when
    /// the graph is named like its file): CI's test and code-scanning reports then show the
    /// failure at its line instead of the last run's passing reports.
    /// `Shop` for `Graphs/Shop.navgraph.yaml`: the name a document that did not load is reported under.
    static func documentStem(_ path: String) -> String {
        let file = (path as NSString).lastPathComponent
        return [".navgraph.yaml", ".navgraph.json", ".yaml", ".json", ".yml"].first { file.hasSuffix($0) }.map { String(file.dropLast($0.count)) } ?? file
    }

    static func writeNotLoaded(_ path: String, _ failure: CommandFailure, reportsDirectory: String) throws(CommandFailure) -> ReportFolder {
        let stem = documentStem(path)
        let folder = ReportFolder(root: reportsDirectory, name: folderName(stem))
        let report = VerificationReport(graph: stem, source: path, notExplored: VerificationReport.notExploredForLoading, rule: "document",
                                        message: failure.document?.message ?? failure.message, remedy: failure.document?.remedy ?? "",
                                        location: failure.document?.location)
        try writeRefusal(report, mermaid: nil, in: folder, graphPath: path)
        return folder
    }
}
