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
        let message = "\(graphPath): not explored: it has lint errors"
        let report = VerificationReport(graph: graph, notExploredBecauseOf: findings)
        var files: [(name: String, bytes: [UInt8])] = []
        do {
            files.append(("report.json", Array(try ReportWriter.json(report).utf8)))
            files.append(("summary.md", Array(ReportWriter.markdown(report, mermaid: RouteDiagram(graph).mermaid()).utf8)))
            files.append(("junit.xml", Array(ReportWriter.junit([report]).utf8)))
            files.append(("results.sarif", Array(try SARIFLog.text([report]).utf8)))
        } catch {
            throw CommandFailure(message: message + "\n\(graphPath): error: cannot encode the reports (\(error)); please report this as a navgraph bug", exitCode: 2)
        }
        do { try folder.replaceReports(with: files) } catch {
            throw CommandFailure(message: message + "\n" + error.message, exitCode: 2)
        }
        return Outcome(report: report, folder: folder.path, renderWarnings: [])
    }
}
