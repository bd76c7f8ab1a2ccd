/// Escaping for the diagram languages.
enum DiagramText {
    /// A DOT double-quoted string: quotes and backslashes escaped, newlines as `\n`, other
    /// control characters dropped. Angle brackets need nothing inside quotes.
    static func dot(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n": result += "\\n"
            default:
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { result.append(character) }
            }
        }
        return result + "\""
    }

    /// A Mermaid label in double quotes: quotes, angle brackets, ampersands and hashes as
    /// Mermaid entity codes, newlines as `<br/>`.
    static func mermaid(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "&": result += "#amp;"
            case "#": result += "#35;"
            case "|": result += "#124;"
            case "\n", "\r\n": result += "<br/>"
            default:
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { result.append(character) }
            }
        }
        return result + "\""
    }
}
