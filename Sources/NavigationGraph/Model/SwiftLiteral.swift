/// Text from a document written into Swift source (generated navigators, generated tests):
/// the one escaping both writers use, so a name can neither end a literal nor interpolate.
package enum SwiftLiteral {
    /// `text` as a Swift string literal, quotes included: backslashes and quotes escaped,
    /// control, format, line-separator, private-use and unassigned characters written as
    /// `\u{…}`, so the value is `text` exactly and nothing in it can end the literal or
    /// interpolate.
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += needsEscape(scalar) ? unicodeEscape(scalar) : String(scalar)
            }
        }
        return result + "\""
    }

    /// Whether `scalar` is written as `\u{…}` in a literal: it is invisible, breaks a line, or
    /// is not a character at all.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }

    /// `scalar` as `\u{…}`.
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
