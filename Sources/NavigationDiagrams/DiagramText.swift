/// How both diagrams draw a counterexample: the violating node filled red, the steps as
/// numbered red edges (DOT attributes and Mermaid styles).
enum TraceStyle {
    static let violatingNode = "fillcolor=\"#f4b6b6\", color=\"#c00000\", penwidth=2"
    static let violatingMermaid = "fill:#f4b6b6,stroke:#c00000,stroke-width:2px"
    static let stepMermaid = "stroke:#c00000,stroke-width:2px,color:#c00000"

    /// A DOT edge for step `number` of a trace; `labelAttribute` is `label`, or `xlabel` in a
    /// graph with clusters (see ``RouteDiagram/dot(highlighting:)``). Its SVG group has the
    /// classes `navgraph_step step_<number>`, which the HTML report's step-through lights up to
    /// the current step (underscores: Graphviz writes a hyphen in SVG as an entity).
    static func stepEdge(from: String, to: String, number: Int, label: String, labelAttribute: String = "label") -> String {
        "  \(from) -> \(to) [color=\"#c00000\", fontcolor=\"#c00000\", penwidth=2, constraint=false, class=\"navgraph_step step_\(number)\", \(labelAttribute)=\(DiagramText.dot("\(number). \(label)"))];"
    }
}

/// Escaping for the diagram languages.
enum DiagramText {
    /// A DOT double-quoted string: quotes and backslashes escaped, newlines (and line and
    /// paragraph separators) as `\n`, `&` as `&amp;`, other control characters and
    /// noncharacters dropped. Angle brackets need nothing inside quotes.
    ///
    /// Graphviz reads entities in labels and writes names into SVG with any `&…;` left as it
    /// is, so `&nbsp;` or `&#0;` in a name made SVG that XML parsers reject, and `&lt;script&gt;`
    /// was drawn as `<script>`; with `&` escaped the SVG shows the name as written.
    static func dot(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "&": result += "&amp;"
            case "\n", "\u{2028}", "\u{2029}": result += "\\n"
            default:
                if isText(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// A Mermaid label in double quotes: quotes, angle brackets, ampersands, hashes and pipes as
    /// Mermaid entity codes, and so `%` (a `%%{init: …}%%` directive or a `%%` comment), braces and
    /// backticks (Markdown strings); newlines as `<br/>`; control characters and noncharacters
    /// dropped.
    static func mermaid(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "#quot;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "&": result += "#amp;"
            case "#": result += "#35;"
            case "|": result += "#124;"
            case "%": result += "#37;"
            case "`": result += "#96;"
            case "{": result += "#123;"
            case "}": result += "#125;"
            case "\n", "\u{2028}", "\u{2029}": result += "<br/>"
            default:
                if isText(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// Whether `scalar` is text rather than a control character (C0, DEL, C1) or a
    /// noncharacter (U+FFFE, U+FFFF, U+FDD0–U+FDEF and the last two of every plane).
    private static func isText(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory != .control && !scalar.properties.isNoncharacterCodePoint
    }
}
