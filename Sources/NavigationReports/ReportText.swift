/// Escaping for the XML and HTML writers (JUnit, the HTML page); Markdown has ``MarkdownText``.
enum ReportText {
    /// Text safe in XML and HTML content and attribute values: `& < > " '` as entities,
    /// control characters other than tab and newline (C1 included), noncharacters and
    /// bidirectional controls dropped.
    static func xml(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case " "..."~": result.unicodeScalars.append(scalar)
            default:
                if scalar.properties.generalCategory != .control && !scalar.properties.isNoncharacterCodePoint && !scalar.properties.isBidiControl {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
