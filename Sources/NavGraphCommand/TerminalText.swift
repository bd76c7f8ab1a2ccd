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
    /// has its first colon written `\u{3A}`.
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
        let indentation = result.prefix { $0 == " " }
        if result.dropFirst(indentation.count).hasPrefix("::") {
            result = indentation + "\\u{3A}" + result.dropFirst(indentation.count + 1)
        }
        return result
    }

    /// Whether a terminal would act on `scalar` or not show it: controls, separators, format
    /// characters and noncharacters.
    private static func isShownEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: true
        default: scalar.properties.isNoncharacterCodePoint
        }
    }
}
