/// Escaping for Markdown (GitHub Flavored, as CI job summaries and pull requests render it):
/// text outside code, and fenced code blocks.
///
/// A name from a document is hostile: with a newline and three backticks it would close a code
/// block and start a heading or a remote image of its own; with `![…](…)`, `<img>` or `$…$` it
/// would load or draw something. Escaped, it is the text it spells.
enum MarkdownText {
    /// `text` as inline text safe anywhere outside code, table cells included: one line
    /// (newlines and separators as spaces), control characters, noncharacters and bidirectional
    /// controls dropped,
    /// `& < > " '` as HTML entities (no raw HTML, autolinks or entity tricks), and every
    /// character that starts Markdown syntax backslash-escaped: `` \ ` * _ [ ] ! | ~ $ # ``,
    /// plus a leading `-`, `+`, `=` or `1.` that would start a list or underline a heading.
    ///
    /// GitHub's own links are broken too, since a pull-request comment is posted by a bot: `@` as
    /// `&#64;` (no user or team mention, no e-mail autolink), the `:` of `://` as `&#58;` and the
    /// `.` of `www.` as `&#46;` (no URL autolink).
    static func escape(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (position, scalar) in scalars.enumerated() {
            switch scalar {
            case "@": result += "&#64;"
            case ":" where scalars.dropFirst(position + 1).starts(with: ["/", "/"]):
                result += "&#58;"
            case "." where endsWithWWW(result):
                result += "&#46;"
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\\", "`", "*", "_", "[", "]", "!", "|", "~", "$", "#":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}": result += " "
            default:
                if isKept(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        // Block syntax only counts at the start of a line, where a summary line puts its text.
        let digits = result.prefix { $0.isASCII && $0.isNumber }
        if let first = result.first, "-+=".contains(first) {
            result = "\\" + result
        } else if !digits.isEmpty, let marker = result.dropFirst(digits.count).first, marker == "." || marker == ")" {
            result = digits + "\\" + result.dropFirst(digits.count)
        }
        return result
    }

    /// The lines of a fenced code block: a fence of more backticks than the longest run in
    /// `lines` (at least three), so no line can close it early; each line kept on one line
    /// (newlines inside it as spaces), control characters and noncharacters dropped.
    static func codeBlock(_ language: String, _ lines: [String]) -> [String] {
        let body = lines.map { line in
            String(String.UnicodeScalarView(line.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                switch scalar {
                case "\n", "\r", "\u{2028}", "\u{2029}": " "
                case "\t": scalar
                default: isKept(scalar) ? scalar : nil
                }
            }))
        }
        var longest = 0
        for line in body {
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [fence + language] + body + [fence]
    }

    /// Whether `text` ends in `www` in any case: the last three scalars only, so escaping stays
    /// linear in a text with many dots (lowercasing the whole result at each dot was not).
    private static func endsWithWWW(_ text: String) -> Bool {
        var count = 0
        for scalar in text.unicodeScalars.reversed() {
            guard scalar == "w" || scalar == "W" else { return false }
            count += 1
            if count == 3 { return true }
        }
        return false
    }

    /// Whether `scalar` is text rather than a control character or a noncharacter.
    /// Not controls, noncharacters or bidirectional controls (which reorder the text around
    /// them, so what is read is not what is written).
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII is none of these: no property lookup for the common case.
        if (0x20..<0x7F).contains(scalar.value) { return true }
        return scalar.properties.generalCategory != .control && !scalar.properties.isNoncharacterCodePoint && !scalar.properties.isBidiControl
    }
}
