import Foundation

/// Writes a ``VerificationReport`` in each format: JSON, Markdown, JUnit XML, SARIF 2.1.0 and a
/// self-contained HTML page. Every writer is a pure function of its inputs.
public enum ReportWriter {
    /// The JSON report: sorted keys, two-space indentation, a final newline.
    public static func json(_ report: VerificationReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }

    /// A Markdown summary for a CI job summary: verdicts, counterexamples, the Mermaid route graph.
    ///
    /// - Parameters:
    ///   - mermaid: The route graph as Mermaid, or `nil` to leave it out (a graph too big to draw).
    ///   - diagramNotes: Sentences on diagrams not drawn and how to draw them, shown in place of
    ///     or above the route graph.
    public static func markdown(_ report: VerificationReport, mermaid: String?, diagramNotes: [String] = []) -> String {
        var lines = ["## \(report.passed ? "✅" : "❌") \(ReportText.cell(report.graph))", ""]
        if !report.summary.isEmpty { lines += [ReportText.cell(report.summary), ""] }
        let failed = report.failures.count
        lines.append(report.passed
            ? "All \(report.properties.count) properties hold in \(report.statistics.states) states."
            : "\(failed) of \(report.properties.count) properties failed in \(report.statistics.states) states.")
        lines += ["", "| property | status | detail |", "|---|---|---|"]
        for property in report.properties {
            let icon = property.status == "passed" ? "✅ passed" : property.status == "failed" ? "❌ failed" : "⚠️ inconclusive"
            lines.append("| \(ReportText.cell(property.name)) | \(icon) | \(ReportText.cell(property.message)) |")
        }
        for property in report.failures {
            guard let trace = property.trace else { continue }
            lines += ["", "### Counterexample: \(ReportText.cell(property.name))", "", "```text"]
            for step in trace { lines.append("\(step.step). \(step.action): \(step.change)") }
            lines.append("```")
        }
        if !report.lint.isEmpty {
            lines += ["", "### Lint", ""]
            for finding in report.lint {
                lines.append("- `\(finding.rule)` \(finding.severity)\(finding.location.map { " at \($0.line):\($0.column)" } ?? ""): \(ReportText.cell(finding.message)); \(ReportText.cell(finding.remedy))")
            }
        }
        lines += ["", "### Route graph", ""]
        for note in diagramNotes { lines += ["> ⚠️ \(ReportText.cell(note))", ""] }
        if let mermaid { lines += ["```mermaid", mermaid.trimmingCharacters(in: .newlines), "```", ""] }
        let figures = report.statistics
        lines.append("States \(figures.states), transitions \(figures.transitions), depth \(figures.depth), \(figures.complete ? "complete" : "**incomplete**") (\(figures.storage) storage, \(figures.bytesPerState) bytes a state).")
        for cut in report.cuts { lines.append("Bound \(cut.bound) = \(cut.limit) cut \(cut.successorsCut) successors.") }
        if !report.routesUnreached.isEmpty { lines.append("Routes never shown: \(report.routesUnreached.joined(separator: ", ")).") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JUnit XML: one test suite per graph, one test case per property; a failure carries the
    /// trace; an inconclusive property is skipped with the reason.
    public static func junit(_ reports: [VerificationReport]) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let tests = reports.reduce(0) { $0 + $1.properties.count }
        let failures = reports.reduce(0) { $0 + $1.failures.count }
        lines.append("<testsuites name=\"navgraph\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">")
        for report in reports {
            let skipped = report.properties.filter { $0.status == "inconclusive" }.count
            lines.append("  <testsuite name=\"\(ReportText.xml(report.graph))\" tests=\"\(report.properties.count)\" failures=\"\(report.failures.count)\" errors=\"0\" skipped=\"\(skipped)\"\(report.source.map { " file=\"\(ReportText.xml($0))\"" } ?? "")>")
            for property in report.properties {
                let open = "    <testcase classname=\"navgraph.\(ReportText.xml(report.graph))\" name=\"\(ReportText.xml(property.kind)): \(ReportText.xml(property.name))\""
                switch property.status {
                case "failed":
                    lines.append(open + ">")
                    let trace = (property.trace ?? []).map { "\($0.step). \($0.action): \($0.change)" }.joined(separator: "\n")
                    lines.append("      <failure message=\"\(ReportText.xml(property.message))\" type=\"\(ReportText.xml(property.kind))\">\(ReportText.xml(trace))</failure>")
                    lines.append("    </testcase>")
                case "inconclusive":
                    lines.append(open + ">")
                    lines.append("      <skipped message=\"\(ReportText.xml(property.message))\"/>")
                    lines.append("    </testcase>")
                default:
                    lines.append(open + "/>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
