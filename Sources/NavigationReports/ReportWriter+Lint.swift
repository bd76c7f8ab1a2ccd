extension ReportWriter {
    /// The Markdown of a graph that was not explored: what stopped it, the findings, the graph.
    static func notExploredMarkdown(_ report: VerificationReport, reason: String, mermaid: String?) -> String {
        var lines = ["## ❌ \(MarkdownText.escape(report.graph))", ""]
        if !report.summary.isEmpty { lines += [MarkdownText.escape(report.summary), ""] }
        let problems = report.lintErrors.count == 1 ? "the error" : "the \(report.lintErrors.count) errors"
        lines.append("**Not explored: \(MarkdownText.escape(reason)).** No property was checked; fix \(problems) below and run `navgraph verify` again.")
        lines += lintMarkdown(report)
        if let mermaid {
            lines += ["", "### Route graph", ""]
            lines += mermaidBlock(mermaid)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most characters of Mermaid text a diagram may have: Mermaid's own default
    /// (`maxTextSize`), which GitHub keeps, so a longer one shows "Maximum text size in diagram
    /// exceeded" in a job summary or a pull request instead of the graph. Mermaid counts
    /// JavaScript characters (UTF-16 code units).
    public static let mermaidMaxCharacters = 50_000

    /// A Mermaid route graph as a fenced block, or, past ``mermaidMaxCharacters``, a note that
    /// says why it is left out and where the graph is drawn instead.
    static func mermaidBlock(_ mermaid: String) -> [String] {
        let text = mermaid.trimmingCharacters(in: .newlines)
        guard text.utf16.count <= mermaidMaxCharacters else {
            return ["> ⚠️ The route graph is left out here: its Mermaid text has \(text.utf16.count) characters, over the \(mermaidMaxCharacters) "
                    + "Mermaid draws (GitHub would show an error in its place); `graph.svg` and `report.html` draw it."]
        }
        return MarkdownText.codeBlock("mermaid", text.components(separatedBy: "\n"))
    }

    /// The `### Lint` section, or nothing without findings.
    static func lintMarkdown(_ report: VerificationReport) -> [String] {
        guard !report.lint.isEmpty else { return [] }
        return ["", "### Lint", ""] + report.lint.map { finding in
            // A finding in a feature's document says which file; the graph's own need not.
            let place = finding.location.map { at in " at \(at.file.map { MarkdownText.escape($0) + ":" } ?? "")\(at.line):\(at.column)" } ?? ""
            let feature = finding.feature.map { " (feature \(MarkdownText.escape($0)))" } ?? ""
            return "- `\(finding.rule)` \(finding.severity)\(place)\(feature): \(MarkdownText.escape(finding.message)); \(MarkdownText.escape(finding.remedy))"
        }
    }

    /// A failed JUnit test case per lint error, so a graph lint stopped fails in CI too.
    static func lintTestCases(_ report: VerificationReport) -> [String] {
        report.lintErrors.flatMap { finding in
            let at = finding.location.map { "\($0.line):\($0.column)" }
            let file = finding.location?.path(source: report.source) ?? report.source
            let place = [file, at].compactMap { $0 }.joined(separator: ":")
            let fileAttribute = finding.location?.file.map { " file=\"\(ReportText.xml($0))\" line=\"\(finding.location?.line ?? 1)\"" } ?? ""
            return [
                "    <testcase classname=\"navgraph.\(ReportText.xml(report.graph))\" name=\"lint: \(ReportText.xml(finding.rule))\(at.map { " at \($0)" } ?? "")\"\(fileAttribute)>",
            ] + featureProperties(finding.feature) + [
                "      <failure message=\"\(ReportText.xml(finding.message))\" type=\"lint/\(ReportText.xml(finding.rule))\">\(ReportText.xml((place.isEmpty ? "" : place + ": ") + finding.message + "; " + finding.remedy))</failure>",
                "    </testcase>",
            ]
        }
    }
}
