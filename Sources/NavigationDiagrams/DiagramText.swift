/// How both diagrams draw a counterexample: the violating node filled red, the steps as
/// numbered red edges (DOT attributes and Mermaid styles).
enum TraceStyle {
    static let violatingNode = "fillcolor=\"#f4b6b6\", color=\"#c00000\", penwidth=2"
    static let violatingMermaid = "fill:#f4b6b6,stroke:#c00000,stroke-width:2px"
    static let stepMermaid = "stroke:#c00000,stroke-width:2px,color:#c00000"

    /// A DOT edge for step `number` of a trace; `labelAttribute` is `label`, or `xlabel` in a
    /// graph with clusters (see ``RouteDiagram/dot(highlighting:)``).
    static func stepEdge(from: String, to: String, number: Int, label: String, labelAttribute: String = "label") -> String {
        "  \(from) -> \(to) [color=\"#c00000\", fontcolor=\"#c00000\", penwidth=2, constraint=false, \(labelAttribute)=\(DiagramText.dot("\(number). \(label)"))];"
    }
}

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
