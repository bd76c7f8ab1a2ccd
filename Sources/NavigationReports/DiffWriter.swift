import Foundation
import NavigationChecker

/// Writes ``GraphComparison``s for people: lines for a terminal (the caller escapes each one
/// for it, as `navgraph`'s console does) and Markdown for a pull-request comment or a job
/// summary, with every name from a document escaped. Pure functions of their inputs: the same
/// comparisons give the same bytes.
public enum DiffWriter {
    /// A comparison a signal stopped: the graph whose search it cancelled is undecided on the
    /// side it stopped, and the documents after it were not compared.
    public struct Interrupted: Hashable, Sendable, Codable {
        /// `SIGINT` or `SIGTERM`.
        public let signal: String
        /// The documents not compared, by path.
        public let notCompared: [String]

        /// A comparison stopped by `signal`, with the documents it did not reach.
        public init(signal: String, notCompared: [String]) {
            self.signal = signal
            self.notCompared = notCompared
        }

        /// `interrupted (SIGINT): 2 graphs not compared: a.navgraph.yaml, b.navgraph.yaml`.
        var sentence: String {
            "interrupted (\(signal)) before the comparison ended"
                + (notCompared.isEmpty ? "" : "; \(notCompared.count) graph\(notCompared.count == 1 ? "" : "s") not compared: \(notCompared.joined(separator: ", "))")
                + "; nothing here says that no verdict got worse"
        }
    }

    /// One line per graph saying what changed, then one per changed declaration (`+` added,
    /// `-` removed, `~` changed), per changed verdict, and the change in states and transitions.
    ///
    /// ```text
    /// Graphs/Account.navgraph.yaml (Account): 1 declaration changed; 1 verdict got worse
    ///   ~ event signOut: when signedIn; set signedIn: false; then popToRoot → when signedIn; set signedIn: false
    ///   ✘ invariant orders need sign-in: passed → failed: 'top == orders implies signedIn' is false
    ///   states 9 → 14 (+5), transitions 19 → 28 (+9)
    /// ```
    ///
    /// - Parameters:
    ///   - comparisons: The graphs compared, in the order to show them.
    ///   - interrupted: When a signal stopped the comparison: said on the first line.
    public static func lines(_ comparisons: [GraphComparison], interrupted: Interrupted? = nil) -> [String] {
        var lines: [String] = interrupted.map { ["⚠ \($0.sentence)"] } ?? []
        for comparison in comparisons {
            lines.append("\(comparison.path) (\(comparison.graph)): \(headline(comparison))")
            for side in comparison.unreadable ?? [] {
                lines.append("  ⚠ \(side.side == "head" ? "HEAD" : "BASE") not read: \(side.reason)")
            }
            // A new or removed graph is all additions or removals: only its failures are news.
            guard comparison.presence == .both else {
                for property in comparison.verdicts.properties where property.worse {
                    lines.append("  ✘ \(property.kind) \(property.name): \(property.message)\(featureNote(property.feature))")
                }
                continue
            }
            for change in comparison.structure.changes {
                let mark = switch change.change {
                case .added: "+"
                case .removed: "-"
                case .changed: "~"
                }
                let detail = switch change.change {
                case .added: change.after ?? ""
                case .removed: change.before ?? ""
                case .changed: "\(change.before ?? "") → \(change.after ?? "")"
                }
                lines.append("  \(mark) \(change.kind.title) \(change.key): \(detail)\(featureNote(change.feature))")
            }
            for property in comparison.verdicts.properties {
                lines.append("  \(property.worse ? "✘" : property.after == .passed ? "✔" : "⚠") \(property.kind) \(property.name): "
                             + "\(property.before?.rawValue ?? "absent") → \(property.after?.rawValue ?? "absent")"
                             + (property.message.isEmpty || property.after == .passed || property.after == nil ? "" : ": \(property.message)")
                             + featureNote(property.feature))
            }
            for change in comparison.verdicts.taps {
                lines.append("  \(change.deeper ? "↓" : "↑") taps \(change.text)")
            }
            if let figures = figures(comparison.verdicts), comparison.presence == .both, !comparison.isUnchanged {
                lines.append("  \(figures)")
            }
        }
        return lines
    }

    /// A Markdown comment: a table of the graphs, then for each changed graph its verdict
    /// changes, its declaration changes and a Mermaid diagram of the changed part.
    ///
    /// - Parameters:
    ///   - comparisons: The graphs compared, in the order to show them.
    ///   - diagrams: Each graph's changed part as Mermaid (`DiffDiagram` in NavigationDiagrams),
    ///     by path; a graph without one gets no diagram.
    ///   - interrupted: When a signal stopped the comparison: said first, and no claim that
    ///     nothing got worse is made.
    public static func markdown(_ comparisons: [GraphComparison], diagrams: [String: String] = [:], interrupted: Interrupted? = nil) -> String {
        let worse = comparisons.filter(\.worsened).count
        var lines = ["## Navigation graph changes", ""]
        if let interrupted {
            lines += ["⚠️ **Interrupted**: \(MarkdownText.escape(interrupted.sentence)).", ""]
        }
        let undecided = comparisons.filter(\.undecided).count
        if interrupted == nil, comparisons.allSatisfy({ $0.isUnchanged && !$0.undecided }) {
            lines.append("No navigation graph changed (\(comparisons.count) compared).")
            return lines.joined(separator: "\n") + "\n"
        }
        if worse > 0 {
            lines.append("❌ **\(worse) graph\(worse == 1 ? "" : "s") with a verdict that got worse.**")
        } else if undecided > 0 {
            // An undecided property may fail: "no verdict got worse" would be a claim it cannot make.
            lines.append("⚠️ **Undecided: \(undecided) graph\(undecided == 1 ? " was" : "s were") not checked to the end on HEAD**, so this cannot say that no verdict got worse.")
        } else if interrupted == nil {
            lines.append("No verdict got worse.")
        }
        lines += ["", "| graph | declarations | verdicts | states | transitions |", "|---|---|---|---|---|"]
        for comparison in comparisons {
            let verdicts = comparison.verdicts
            let verdictCell = comparison.headUnreadable ? (comparison.worsened ? "❌ HEAD not read" : "⚠️ HEAD not read")
                : verdicts.worsened ? "❌ \(verdicts.properties.filter(\.worse).count) worse"
                : verdicts.lostDecision || verdicts.undecided ? "⚠️ undecided" : verdicts.properties.isEmpty ? "unchanged" : "✅ \(verdicts.properties.count) changed"
            lines.append("| \(MarkdownText.escape(comparison.graph)) (\(comparison.presence == .both ? "" : "\(comparison.presence.rawValue), ")\(MarkdownText.escape(comparison.path))) "
                         + "| \(comparison.structure.changes.count) changed | \(verdictCell) "
                         + "| \(figure(verdicts.states)) | \(figure(verdicts.transitions)) |")
        }
        for comparison in comparisons where !comparison.isUnchanged || comparison.undecided {
            let mark = comparison.worsened ? "❌" : comparison.verdicts.lostDecision || comparison.undecided ? "⚠️" : "✅"
            lines += ["", "### \(mark) \(MarkdownText.escape(comparison.graph))", "", "\(MarkdownText.escape(comparison.path)): \(MarkdownText.escape(headline(comparison))).", ""]
            for side in comparison.unreadable ?? [] {
                lines += ["\(side.side == "head" ? "HEAD" : "BASE")'s document was not read: \(MarkdownText.escape(side.reason))", ""]
            }
            // A new or removed graph is all additions or removals: only its failures are news.
            let properties = comparison.presence == .both ? comparison.verdicts.properties : comparison.verdicts.properties.filter(\.worse)
            if !properties.isEmpty {
                lines += ["| property | kind | before | after | detail |", "|---|---|---|---|---|"]
                for property in properties {
                    let feature = property.feature.map { " (feature \(MarkdownText.escape($0)))" } ?? ""
                    lines.append("| \(MarkdownText.escape(property.name))\(feature) | \(MarkdownText.escape(property.kind)) | \(status(property.before)) | \(status(property.after)) "
                                 + "| \(MarkdownText.escape(property.message)) |")
                }
                lines.append("")
            }
            if !comparison.structure.changes.isEmpty && comparison.presence == .both {
                lines += ["| change | kind | declaration | before | after |", "|---|---|---|---|---|"]
                for change in comparison.structure.changes {
                    let mark = switch change.change {
                    case .added: "🟢 added"
                    case .removed: "🔴 removed"
                    case .changed: "🟠 changed"
                    }
                    let feature = change.feature.map { " (feature \(MarkdownText.escape($0)))" } ?? ""
                    lines.append("| \(mark) | \(change.kind.title) | \(MarkdownText.escape(change.key))\(feature) | \(MarkdownText.escape(change.before ?? "")) "
                                 + "| \(MarkdownText.escape(change.after ?? "")) |")
                }
                lines.append("")
            }
            if !comparison.verdicts.taps.isEmpty {
                lines += ["| route | taps before | taps after | shortest path on HEAD |", "|---|---|---|---|"]
                for change in comparison.verdicts.taps {
                    let path = change.after == nil ? "not by taps" : change.fromTab != nil ? "" : change.after == 0 ? "at launch" : change.path.joined(separator: "; ")
                    lines.append("| \(change.deeper ? "🔻 " : "")\(MarkdownText.escape(change.subject)) | \(VerificationReport.tapCell(change.before)) "
                                 + "| \(VerificationReport.tapCell(change.after)) | \(MarkdownText.escape(path)) |")
                }
                lines.append("")
            }
            if let mermaid = diagrams[comparison.path] {
                lines += MarkdownText.codeBlock("mermaid", mermaid.trimmingCharacters(in: .newlines).components(separatedBy: "\n"))
                lines.append("")
            }
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// ` (feature people)`, as verify's terminal lines name a feature; nothing for the app's own.
    static func featureNote(_ feature: String?) -> String {
        feature.map { " (feature \($0))" } ?? ""
    }

    /// What changed in one graph, in a few words.
    static func headline(_ comparison: GraphComparison) -> String {
        if comparison.headUnreadable {
            return comparison.worsened ? "HEAD's document cannot be read, so the graph is no longer verified"
                : "undecided: HEAD's document cannot be read"
        }
        switch comparison.presence {
        case .added: return "new graph, \(comparison.verdicts.headStatus ?? "not verified")"
        case .removed: return "graph removed"
        case .both: break
        }
        if comparison.isUnchanged { return comparison.verdicts.undecidedNote ?? "unchanged" }
        var parts: [String] = []
        let changes = comparison.structure.changes.count
        if changes > 0 { parts.append("\(changes) declaration\(changes == 1 ? "" : "s") changed") }
        if comparison.structure.baseName != comparison.structure.headName {
            parts.append("renamed from \(comparison.structure.baseName ?? "")")
        }
        let verdicts = comparison.verdicts
        let worse = verdicts.properties.filter(\.worse).count
        if worse > 0 { parts.append("\(worse) verdict\(worse == 1 ? "" : "s") got worse") }
        if verdicts.worsened && worse == 0 { parts.append("now \(verdicts.headStatus ?? "absent"), was \(verdicts.baseStatus ?? "absent")") }
        let other = verdicts.properties.count - worse
        if other > 0 { parts.append("\(other) other verdict\(other == 1 ? "" : "s") changed") }
        if let note = verdicts.undecidedNote { parts.append(note) }
        if parts.isEmpty { parts.append("the same declarations and verdicts") }
        return parts.joined(separator: "; ")
    }

    /// `states 41 → 38 (-3), transitions 160 → 149 (-11)`, when both sides were explored.
    static func figures(_ verdicts: VerdictDiff) -> String? {
        guard verdicts.states.delta != nil else { return nil }
        return "states \(figure(verdicts.states)), transitions \(figure(verdicts.transitions))"
    }

    static func figure(_ figure: VerdictDiff.Figure) -> String {
        switch (figure.before, figure.after) {
        case let (before?, after?):
            guard before != after else { return count(after) }
            let delta = after - before
            return "\(count(before)) → \(count(after)) (\(delta > 0 ? "+" : "-")\(count(abs(delta))))"
        case let (nil, after?): return "— → \(count(after))"
        case let (before?, nil): return "\(count(before)) → —"
        case (nil, nil): return "—"
        }
    }

    /// `1024`, or past 2^53 `8.33e+44`, or past the largest double "more than 1.8e+308".
    static func count(_ value: Double) -> String {
        guard value.isFinite, value < .greatestFiniteMagnitude else { return "more than 1.8e+308" }
        return value <= 9_007_199_254_740_992 && value == value.rounded() ? "\(Int(value))" : String(format: "%.3g", value)
    }

    static func status(_ status: VerdictStatus?) -> String {
        status.map(ReportWriter.statusMark) ?? "—"
    }
}
