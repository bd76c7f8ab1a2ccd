import Foundation
import NavigationChecker

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
    ///   - report: The graph's verification report.
    ///   - mermaid: The route graph as Mermaid, or `nil` to leave it out (a graph too big to draw).
    ///   - diagramNotes: Sentences on diagrams not drawn and how to draw them, shown in place of
    ///     or above the route graph.
    public static func markdown(_ report: VerificationReport, mermaid: String?, diagramNotes: [String] = []) -> String {
        if let reason = report.notExplored { return notExploredMarkdown(report, reason: reason, mermaid: mermaid) }
        var lines = ["## \(report.mark) \(MarkdownText.escape(report.graph))", ""]
        if !report.summary.isEmpty { lines += [MarkdownText.escape(report.summary), ""] }
        let failed = report.failures.count
        switch report.status {
        case .passed, .warning: lines.append("All \(report.properties.count) properties passed in \(report.statistics.statesText) states.")
        case .failed: lines.append("\(failed) of \(report.properties.count) properties failed in \(report.statistics.statesText) states.")
        case .inconclusive:
            // Why they are undecided, and what to do: the cutoff (a symbolic search stopped before
            // its fixpoint has no states to count).
            if let cutoff = report.cutoff {
                let explored = report.engine?.name == "symbolic" && report.statistics.states == 0 ? "" : ", after \(report.statistics.statesText) states"
                lines.append("**Inconclusive**: no property failed, but \(report.undecided.count) of \(report.properties.count) could not be decided: "
                              + "the search was \(MarkdownText.escape(cutoff.summary))\(explored). Next: \(MarkdownText.escape(cutoff.advice))")
            } else {
                lines.append("**Inconclusive**: no property failed, but \(report.undecided.count) of \(report.properties.count) could not be decided in the \(report.statistics.statesText) states explored.")
            }
        }
        lines += baselineMarkdown(report)
        let warnings = report.warnings
        if !warnings.isEmpty {
            lines.append("With \(warnings.count) warning\(warnings.count == 1 ? "" : "s") (not failures): \(warnings.map { MarkdownText.escape($0.name) }.joined(separator: ", ")).")
        }
        if let engine = report.engine { lines += ["", "Checked by the \(MarkdownText.escape(engine.summary))."] }
        if let notes = report.verifiedAlone { lines += [""] + notes.map { "- Feature \(MarkdownText.escape($0))." } }
        if let cutoff = report.cutoff {
            lines += ["", "> **Not verified to the end**: the search was \(MarkdownText.escape(cutoff.summary)).", "> Next: \(MarkdownText.escape(cutoff.advice))."]
        }
        // A feature column only for graphs composed of features, so other reports stay as they were.
        let byFeature = !report.features.isEmpty
        lines += ["", "| property | status |\(byFeature ? " feature |" : "") detail |", "|---|---|\(byFeature ? "---|" : "")---|"]
        for property in report.properties {
            let icon = property.isAccepted ? "☑️ accepted (baseline)" : Self.statusMark(property.status)
            let feature = byFeature ? " \(property.feature.map(MarkdownText.escape) ?? "") |" : ""
            lines.append("| \(MarkdownText.escape(property.name)) | \(icon) |\(feature) \(MarkdownText.escape(property.message)) |")
        }
        for property in report.failures {
            guard let trace = property.trace else { continue }
            let feature = property.feature.map { " (feature \(MarkdownText.escape($0)))" } ?? ""
            lines += ["", "### Counterexample: \(MarkdownText.escape(property.name))\(feature)", ""]
            lines += MarkdownText.codeBlock("text", trace.map(\.line))
        }
        // A warning's traces, as a counterexample's: the path its message calls "this one", and
        // the other path it differs from.
        for property in warnings {
            guard let trace = property.trace else { continue }
            let feature = property.feature.map { " (feature \(MarkdownText.escape($0)))" } ?? ""
            lines += ["", "### Warning: \(MarkdownText.escape(property.name))\(feature)", "", MarkdownText.escape(property.message), ""]
            if let other = property.otherTrace {
                lines += ["One path:", ""] + MarkdownText.codeBlock("text", other.map(\.line)) + ["", "This path:", ""]
            }
            lines += MarkdownText.codeBlock("text", trace.map(\.line))
        }
        lines += lintMarkdown(report)
        lines += report.tapsMarkdown
        lines += ["", "### Route graph", ""]
        for note in diagramNotes { lines += ["> ⚠️ \(MarkdownText.escape(note))", ""] }
        if let mermaid {
            lines += mermaidBlock(mermaid)
            lines.append("")
        }
        let figures = report.statistics
        lines.append("States \(figures.statesText), transitions \(figures.transitionsText), \(report.depthText), \(figures.complete ? "complete" : "**incomplete**") (\(figures.storage) storage\(figures.bytesPerState > 0 ? ", \(figures.bytesPerState) bytes a state" : "")).")
        for cut in report.cuts { lines.append("Bound \(cut.bound) = \(cut.limit) cut \(cut.successorsCut) successors.") }
        if !report.routesUnreached.isEmpty { lines.append("Routes never shown: \(report.routesUnreached.map(MarkdownText.escape).joined(separator: ", ")).") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JUnit XML: one test suite per graph, one test case per property; a failure carries the
    /// trace; an inconclusive property is skipped with the reason.
    public static func junit(_ reports: [VerificationReport]) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let tests = reports.reduce(0) { $0 + $1.properties.count + $1.lintErrors.count }
        let failures = reports.reduce(0) { $0 + $1.failures.count + $1.lintErrors.count }
        lines.append("<testsuites name=\"navgraph\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">")
        for report in reports {
            let skipped = report.properties.filter { $0.status == .inconclusive || ($0.status == .failed && $0.isAccepted) }.count
            // Elapsed time only when the report has timings: reports are byte-identical otherwise.
            let time = report.statistics.elapsedSeconds.map { " time=\"\(Self.seconds($0))\"" } ?? ""
            let file = report.source.map { " file=\"\(ReportText.xml($0))\"" } ?? ""
            lines.append("  <testsuite name=\"\(ReportText.xml(report.graph))\" tests=\"\(report.properties.count + report.lintErrors.count)\" failures=\"\(report.failures.count + report.lintErrors.count)\" errors=\"0\" skipped=\"\(skipped)\"\(time)\(file)>")
            if let engine = report.engine {
                lines.append("    <properties>")
                lines.append("      <property name=\"navgraph.engine\" value=\"\(ReportText.xml(engine.name))\"/>")
                lines.append("      <property name=\"navgraph.engine.requested\" value=\"\(ReportText.xml(engine.requested))\"/>")
                lines.append("      <property name=\"navgraph.engine.reason\" value=\"\(ReportText.xml(engine.reason))\"/>")
                lines.append("    </properties>")
            }
            for property in report.properties {
                // file and line: where the property (or the violated declaration) is written, so
                // test reporters annotate the document's line (a feature's document for its own).
                let line = property.location.map { " line=\"\($0.line)\"" } ?? ""
                let caseFile = property.location?.file.map { " file=\"\(ReportText.xml($0))\"" } ?? file
                let open = "    <testcase classname=\"navgraph.\(ReportText.xml(report.graph))\" name=\"\(ReportText.xml(property.kind)): \(ReportText.xml(property.name))\"\(caseFile)\(line)"
                let body = featureProperties(property.feature) + verdictLines(property)
                if body.isEmpty {
                    lines.append(open + "/>")
                } else {
                    lines += [open + ">"] + body + ["    </testcase>"]
                }
            }
            lines += lintTestCases(report)
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// How a property's status reads in a table: `✅ passed`, `❌ failed`, `⚠️ inconclusive`,
    /// `⚠️ warning`.
    static func statusMark(_ status: VerdictStatus) -> String {
        switch status {
        case .passed: "✅ passed"
        case .failed: "❌ failed"
        case .inconclusive: "⚠️ inconclusive"
        case .warning: "⚠️ warning"
        }
    }

    /// A test case's `<properties>` naming its feature, or nothing outside features.
    static func featureProperties(_ feature: String?) -> [String] {
        guard let feature else { return [] }
        return ["      <properties>", "        <property name=\"navgraph.feature\" value=\"\(ReportText.xml(feature))\"/>", "      </properties>"]
    }

    /// The `<failure>` or `<skipped>` element of a property that did not pass, or nothing.
    private static func verdictLines(_ property: VerificationReport.Property) -> [String] {
        if property.status == .failed && property.isAccepted {
            return ["      <skipped message=\"accepted by the baseline: \(ReportText.xml(property.message))\"/>"]
        }
        switch property.status {
        case .failed:
            let trace = (property.trace ?? []).map(\.line).joined(separator: "\n")
            return ["      <failure message=\"\(ReportText.xml(property.message))\" type=\"\(ReportText.xml(property.kind))\">\(ReportText.xml(trace))</failure>"]
        case .inconclusive:
            return ["      <skipped message=\"inconclusive: \(ReportText.xml(property.message))\"/>"]
        case .warning:
            // Not a failure: JUnit has no warning, so it is the test case's output, with its paths.
            var text = "warning: \(property.message)"
            if let other = property.otherTrace { text += "\none path:\n" + other.map(\.line).joined(separator: "\n") }
            if let trace = property.trace {
                text += "\n\(property.otherTrace == nil ? "trace" : "this path"):\n" + trace.map(\.line).joined(separator: "\n")
            }
            return ["      <system-out>\(ReportText.xml(text))</system-out>"]
        case .passed:
            return []
        }
    }

    /// What a baseline did to the report (``VerificationReport/applying(_:)``): the findings it
    /// accepts, and its entries nothing matches any more; nothing without a baseline.
    static func baselineMarkdown(_ report: VerificationReport) -> [String] {
        var lines: [String] = []
        let accepted = report.accepted.map(\.name) + report.lint.filter(\.isAccepted).map { "lint \($0.rule)" }
        if !accepted.isEmpty {
            lines.append("Accepted by the baseline (known, not failing the run): \(accepted.map(MarkdownText.escape).joined(separator: ", ")).")
        }
        for entry in report.baselineFixed ?? [] {
            lines.append("Fixed: \(MarkdownText.escape(entry.rule)) no longer fails; remove it from the baseline (`navgraph baseline` writes it again).")
        }
        return lines
    }

    /// Seconds with millisecond precision, as JUnit's `time` attributes write them.
    private static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
