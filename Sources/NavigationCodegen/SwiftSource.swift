import NavigationGraph

/// Escaping for Swift source: everything a graph document says is hostile until it passes
/// through one of these functions on its way into generated code.
///
/// - ``stringLiteral(_:)`` for a value between quotes;
/// - ``multilineStringLiteral(_:indentation:)`` for a whole document;
/// - ``comment(_:)`` for text in a `//` or `///` comment;
/// - ``identifier(for:)`` and ``reference(_:)`` for names.
public enum SwiftSource {
    /// Swift's reserved words, and contextual ones that read badly unquoted. A generated name
    /// among them is written in backticks wherever it appears.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup", "private", "protocol",
        "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "async", "await", "false", "is", "nil", "super", "throws", "true", "try",
        "actor", "any", "some", "macro", "package", "each", "consume", "copy", "discard", "get", "set", "willSet", "didSet",
    ]

    /// Names that stay ambiguous even in backticks where generated code uses them (`Route.self`
    /// is the metatype, `.init` the initializer, `_` no name at all): a route or parameter whose
    /// name maps to one of these cannot be generated.
    public static let unusable: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_"]

    /// `text` as a Swift string literal, quotes included: backslashes and quotes escaped,
    /// control, format and line-separator characters written as `\u{…}`, so the value is
    /// `text` exactly and nothing in it can end the literal or interpolate.
    public static func stringLiteral(_ text: String) -> String {
        SwiftLiteral.string(text)
    }

    /// `text` as a multi-line string literal whose lines start with `indentation` (the closing
    /// delimiter's), so the value is `text` exactly: every backslash and quote escaped (no
    /// `"""`, no interpolation, no line continuation), control characters other than the line
    /// feed written as `\u{…}`.
    public static func multilineStringLiteral(_ text: String, indentation: String) -> String {
        var lines = ["\"\"\""]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var escaped = ""
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\\": escaped += "\\\\"
                case "\"": escaped += "\\\""
                case "\r": escaped += "\\r"
                case "\t": escaped += "\\t"
                default: escaped += needsEscape(scalar) ? unicodeEscape(scalar) : String(scalar)
                }
            }
            lines.append(escaped.isEmpty ? "" : indentation + escaped)
        }
        // The literal's value ends before the line break that precedes the closing delimiter.
        return lines.joined(separator: "\n") + "\n" + indentation + "\"\"\""
    }

    /// `text` for a comment: on one line, with line breaks, control, format and line-separator
    /// characters written as `\u{…}`, so nothing in it can end the comment.
    public static func comment(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            result += needsEscape(scalar) || scalar == "\n" || scalar == "\r" || scalar == "\t" ? unicodeEscape(scalar) : String(scalar)
        }
        return result
    }

    /// A Swift identifier for a document's name, or `nil` when none can be made.
    ///
    /// ASCII letters, digits and `_` are kept; any other character separates words, and each
    /// word after the first starts upper-case (`sign-in` → `signIn`, `order.detail` →
    /// `orderDetail`); a leading digit gets a `_` before it (`2fa` → `_2fa`). A name with no
    /// ASCII letter or digit, or one that maps to ``unusable``, has none. Keywords are kept:
    /// write them with ``reference(_:)``.
    public static func identifier(for name: String) -> String? {
        var words: [String] = []
        var word = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first else { return nil }
        var result = first + words.dropFirst().map(upperFirst).joined()
        if let head = result.unicodeScalars.first, ("0"..."9").contains(head) { result = "_" + result }
        guard result.contains(where: { $0 != "_" }), !unusable.contains(result) else { return nil }
        return result
    }

    /// `identifier` as written in code: in backticks when it is a keyword.
    public static func reference(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `identifier` as an argument label in a call, where every keyword but `inout` reads as a
    /// label without backticks (and the compiler warns about needless ones).
    public static func argumentLabel(_ identifier: String) -> String {
        identifier == "inout" ? "`inout`" : identifier
    }

    /// `identifier` with its first letter upper-case, for type and method names
    /// (`signIn` → `SignIn`, `_2fa` → `_2fa`).
    public static func upperFirst(_ identifier: String) -> String {
        guard let first = identifier.first else { return identifier }
        return first.uppercased() + identifier.dropFirst()
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { SwiftLiteral.needsEscape(scalar) }

    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String { SwiftLiteral.unicodeEscape(scalar) }
}
