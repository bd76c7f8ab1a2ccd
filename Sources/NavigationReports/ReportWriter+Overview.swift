/// One table over every graph of a run (`overview.md` beside the graphs' folders): what a CI
/// job summary opens with, so twenty graphs are one screen before twenty sections.
extension ReportWriter {
    /// A graph of the run in the overview: verified (its report) or not (why).
    public enum OverviewEntry: Sendable {
        /// A graph that was verified, with the folder its reports are in (relative to the
        /// reports folder).
        case verified(VerificationReport, folder: String)
        /// A document that was not verified (it did not load, its reports could not be written,
        /// the run was interrupted first), with the first line of why.
        case notVerified(file: String, reason: String)
    }

    /// The overview of a run as Markdown: a heading that counts the verdicts, then one row per
    /// graph in the order verified: its verdict in a word and a mark, the properties that
    /// failed (or could not be decided), the states explored, and its report folder. Every
    /// name from a document is escaped for Markdown.
    ///
    /// - Parameter entries: The graphs of the run, in the order they were verified.
    public static func overviewMarkdown(_ entries: [OverviewEntry]) -> String {
        var counts: [String: Int] = [:]
        var rows: [String] = []
        for entry in entries {
            switch entry {
            case .verified(let report, let folder):
                let word = report.notExplored == nil ? report.statusWord : "NOT EXPLORED"
                counts[word, default: 0] += 1
                let named = report.notExplored != nil ? ["lint errors"]
                    : report.status == .inconclusive ? report.undecided.map { "\($0.name) (undecided)" }
                    : report.failures.map(\.name)
                let mark = report.notExplored == nil ? report.mark : "❌"
                let states = report.notExplored == nil ? report.statistics.statesText : "—"
                rows.append("| \(MarkdownText.escape(report.graph)) | \(mark) \(word) | \(cell(named)) | \(states) | `\(codeSpan(folder))/` |")
            case .notVerified(let file, let reason):
                counts["NOT VERIFIED", default: 0] += 1
                rows.append("| \(MarkdownText.escape(file)) | ❌ NOT VERIFIED | \(MarkdownText.escape(reason)) | — | — |")
            }
        }
        let order = ["FAILED", "NOT EXPLORED", "NOT VERIFIED", "INCONCLUSIVE", "PASSED WITH WARNINGS", "PASSED"]
        let tally = order.compactMap { word in counts[word].map { "\($0) \(word.lowercased())" } }.joined(separator: ", ")
        let graphs = entries.count == 1 ? "1 graph" : "\(entries.count) graphs"
        var lines = ["# NavGraph: \(graphs)\(tally.isEmpty ? "" : " — \(tally)")", ""]
        lines += ["| graph | verdict | failed properties | states | reports |", "|---|---|---|---|---|"]
        lines += rows
        return lines.joined(separator: "\n") + "\n"
    }

    /// Property names for one table cell, escaped; at most five, then how many more.
    private static func cell(_ names: [String]) -> String {
        guard !names.isEmpty else { return "—" }
        let shown = names.prefix(5).map(MarkdownText.escape).joined(separator: ", ")
        return names.count > 5 ? "\(shown) and \(names.count - 5) more" : shown
    }

    /// A folder name inside a code span: a backtick would end it, so none is kept (folder names
    /// are already reduced to letters, digits and a few separators; this is belt and braces).
    private static func codeSpan(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "`" && $0 != "|" && $0.value >= 0x20 }.map(Character.init))
    }
}
