import NavigationChecker

extension VerificationReport {
    /// `3`, or `–` where no path of that kind shows the route: a cell of the taps table.
    static func tapCell(_ distance: Int?) -> String { distance.map(String.init) ?? "–" }

    /// A shortest path as one line of steps: `select tab feed; push feed → post`, or `at launch`.
    static func pathText(_ entry: TapDistances.Entry) -> String {
        if entry.taps == 0 { return "at launch" }
        if entry.taps == nil { return entry.withEvents == nil ? "never shown" : "only through an event or a deep link" }
        return entry.path.joined(separator: "; ")
    }

    /// The taps-to-reach table in Markdown (route, taps, with events and links, per tab root,
    /// shortest path), by distance; empty without distances.
    ///
    /// A column per tab (`from home`) and per flag combination (`once signedIn`).
    var tapsMarkdown: [String] {
        guard let taps = tapsToReach, !taps.routes.isEmpty else { return [] }
        let tabColumns = taps.tabs.map { " from \(MarkdownText.escape($0)) |" }.joined()
            + taps.flagCombinations.map { " once \(MarkdownText.escape($0)) |" }.joined()
        let columns = taps.tabs.count + taps.flagCombinations.count
        var lines = ["", "### Taps to reach", "",
                     "Fewest user actions (taps, Back, swipes) from launch to a screen showing each route; events and deep links counted apart.", "",
                     "| route | taps | with events, links |\(tabColumns) shortest path |",
                     "|---|---|---|\(String(repeating: "---|", count: columns))---|"]
        for entry in taps.routes {
            let tabCells = (entry.fromTabRoots + entry.fromFlagCombinations).map { " \(Self.tapCell($0)) |" }.joined()
            lines.append("| \(MarkdownText.escape(entry.route)) | \(Self.tapCell(entry.taps)) | \(Self.tapCell(entry.withEvents)) |\(tabCells) \(MarkdownText.escape(Self.pathText(entry))) |")
        }
        return lines
    }

    /// The taps-to-reach table as HTML, every name escaped; empty without distances.
    var tapsHTML: [String] {
        guard let taps = tapsToReach, !taps.routes.isEmpty else { return [] }
        var lines = ["<h2>Taps to reach</h2>",
                     "<p>Fewest user actions (taps, Back, swipes) from launch to a screen showing each route; events and deep links counted apart.</p>",
                     "<table class=\"taps\"><thead><tr><th>route</th><th>taps</th><th>with events, links</th>"
                        + taps.tabs.map { "<th>from \(ReportText.xml($0))</th>" }.joined()
                        + taps.flagCombinations.map { "<th>once \(ReportText.xml($0))</th>" }.joined() + "<th>shortest path</th></tr></thead><tbody>"]
        for entry in taps.routes {
            let path = entry.taps.map { $0 > 0 } == true
                ? "<ol>" + entry.path.map { "<li>\(ReportText.xml($0))</li>" }.joined() + "</ol>"
                : ReportText.xml(Self.pathText(entry))
            lines.append("<tr><td>\(ReportText.xml(entry.route))</td><td>\(Self.tapCell(entry.taps))</td><td>\(Self.tapCell(entry.withEvents))</td>"
                         + (entry.fromTabRoots + entry.fromFlagCombinations).map { "<td>\(Self.tapCell($0))</td>" }.joined() + "<td>\(path)</td></tr>")
        }
        lines.append("</tbody></table>")
        return lines
    }
}
