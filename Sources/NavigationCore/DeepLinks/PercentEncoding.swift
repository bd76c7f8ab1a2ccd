/// Strict percent-encoding for URL components.
enum PercentEncoding {
    /// Characters left as they are when encoding: RFC 3986's unreserved set minus `.`, so that
    /// no encoded value can ever read as a `.` or `..` segment.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Encodes every byte outside the unreserved set as `%XX`.
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes the literal text around a parameter in a path segment (`@` in `/@:user`, `.json`
    /// in `/:id.json`): like ``encode(_:)``, but keeping as they are the characters a path
    /// segment may hold without changing its meaning (RFC 3986 `pchar`: `.`, `@`, `:`, `!`,
    /// `$`, `'`, `(`, `)`, `,`, `;`, `=`), so the URL reads as the pattern was written.
    static func encodeAffix(_ text: String) -> String {
        let kept = Set(".@:!$'(),;=".utf8)
        var result = ""
        for character in text.unicodeScalars {
            if character.isASCII, kept.contains(UInt8(character.value)) {
                result.unicodeScalars.append(character)
            } else {
                result += encode(String(character))
            }
        }
        return result
    }

    enum DecodingError: Error {
        case malformedEscape
        case invalidUTF8
    }

    /// Decodes `%XX` escapes (and, in query components, `+` as a space). Fails on a `%` not
    /// followed by two hex digits, and on bytes that do not form UTF-8.
    static func decode(_ component: Substring.UTF8View, plusAsSpace: Bool) throws(DecodingError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.count)
        var index = component.startIndex
        while index != component.endIndex {
            let byte = component[index]
            if byte == UInt8(ascii: "%") {
                let high = component.index(after: index)
                guard high != component.endIndex else { throw .malformedEscape }
                let low = component.index(after: high)
                guard low != component.endIndex,
                      let highValue = hexValue(component[high]),
                      let lowValue = hexValue(component[low])
                else { throw .malformedEscape }
                bytes.append(highValue << 4 | lowValue)
                index = component.index(after: low)
            } else {
                bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = component.index(after: index)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
