/// Escaping shared by the XML, HTML and Markdown writers.
enum ReportText {
    /// Text safe in XML and HTML content and attribute values: `& < > " '` as entities,
    /// control characters other than tab and newline dropped.
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
            default:
                if scalar.value >= 0x20 && scalar.value != 0x7F && !(0xFFFE...0xFFFF).contains(scalar.value) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Text safe inside a Markdown table cell.
    static func cell(_ text: String) -> String {
        xml(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
