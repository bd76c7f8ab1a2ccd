/// Escaping for text printed to a terminal or a CI log: the one function every line the
/// commands print goes through (``Console`` calls it).
///
/// Names and messages come from graph documents, which a contributor controls. Printed raw, an
/// escape sequence retitles or clears the terminal, and a newline followed by
/// `::error file=…::` becomes a GitHub Actions workflow command. Escaped, such text is one
/// visible line:
///
/// ```swift
/// TerminalText.escape("a\u{1B}[2Jb\n::error::x")  // a\u{1B}[2Jb\n::error::x, as typed
/// ```
enum TerminalText {
    /// `text` as one line that shows every character a terminal would act on instead of
    /// printing: newline, return and tab as `\n`, `\r`, `\t`; other C0 and C1 controls,
    /// DEL, the line and paragraph separators, format characters (bidirectional controls,
    /// zero-width characters, the byte-order mark) and noncharacters as `\u{…}`. A line that
    /// would begin with `::` (after spaces), which GitHub Actions reads as a workflow command,
    /// has its first colon written `\u{3A}`, and `##[` (the older form) is written `#\u{23}[`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isShownEscaped(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        // GitHub's runner trims any Unicode whitespace before it looks for `::`, and reads the
        // older `##[command]` form anywhere in a line.
        let indentation = result.prefix { $0.isWhitespace }
        if result.dropFirst(indentation.count).hasPrefix("::") {
            result = indentation + "\\u{3A}" + result.dropFirst(indentation.count + 1)
        }
        return workflowSafe(result)
    }

    /// `text` with every `##[` written `#\u{23}[`, so no part of a line reads as the older form
    /// of a GitHub Actions workflow command.
    static func workflowSafe(_ text: String) -> String {
        text.contains("##[") ? text.replacingOccurrences(of: "##[", with: "#\\u{23}[") : text
    }

    /// Whether a terminal would act on `scalar` or not show it: controls, separators, format
    /// characters and noncharacters.
    private static func isShownEscaped(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII is none of these: no property lookup for the common case.
        if (0x20..<0x7F).contains(scalar.value) { return false }
        return switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: true
        default: scalar.properties.isNoncharacterCodePoint
        }
    }
}
