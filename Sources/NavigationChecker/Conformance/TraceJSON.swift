/// A JSON value of one trace line, read by ``TraceJSON/parse(_:line:)``: a parser written for
/// the format, so every error has its column and a hostile line cannot nest deeply.
enum TraceJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as written.
    case number(String)
    case string(String)
    case array([TraceJSON])
    /// Members in the order written; a key written twice is refused by the parser.
    case object([String: TraceJSON], order: [String])

    /// The deepest nesting of arrays and objects a line may have (a trace line needs five).
    static let maxDepth = 16

    /// The JSON value that is the whole of `bytes`, the text of line `line`.
    static func parse(_ bytes: some Collection<UInt8>, line: Int) throws(TraceInputError) -> TraceJSON {
        var parser = Parser(bytes: Array(bytes), line: line)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == parser.bytes.count else {
            throw parser.error("unexpected \(parser.describeHere()) after the JSON value; each line holds one JSON object")
        }
        return value
    }

    /// How a message names this kind of value.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        let line: Int
        var position = 0

        func error(_ message: String, at offset: Int? = nil) -> TraceInputError {
            TraceInputError(line: line, column: (offset ?? position) + 1, message: message)
        }

        func describeHere() -> String {
            guard position < bytes.count else { return "end of line" }
            let byte = bytes[position]
            return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }

        mutating func skipSpace() {
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0D else { return }
                position += 1
            }
        }

        mutating func value(depth: Int) throws(TraceInputError) -> TraceJSON {
            guard position < bytes.count else { throw error("the line ends where a value should be; is the line cut short?") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                guard depth < TraceJSON.maxDepth else { throw error("nested more than \(TraceJSON.maxDepth) deep; a trace line needs no more than five levels") }
                return try object(depth: depth + 1)
            case UInt8(ascii: "["):
                guard depth < TraceJSON.maxDepth else { throw error("nested more than \(TraceJSON.maxDepth) deep; a trace line needs no more than five levels") }
                return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("unexpected \(describeHere()) where a value should be (an object, array, string, number, true, false or null)")
            }
        }

        mutating func literal(_ word: String) throws(TraceInputError) {
            let expected = Array(word.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else {
                throw error("unexpected \(describeHere()); did you mean '\(word)'? (strings need double quotes)")
            }
            position += expected.count
        }

        mutating func number() throws(TraceInputError) -> String {
            let start = position
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            var digits = 0
            while position < bytes.count {
                let byte = bytes[position]
                // Digits, a point, an exponent and its sign: the number is kept as written.
                guard (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x65 || byte == 0x45 || byte == 0x2B || byte == 0x2D else { break }
                position += 1
                digits += 1
            }
            guard digits > 0, digits <= 64 else { throw error(digits == 0 ? "a '-' with no number after it" : "a number of more than 64 characters", at: start) }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func string() throws(TraceInputError) -> String {
            let start = position
            position += 1
            var scalars = String.UnicodeScalarView()
            var run = position
            func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    flush(position)
                    position += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("a control character (0x\(String(byte, radix: 16))) inside a string; write it escaped, e.g. \\n") }
                if byte == UInt8(ascii: "\\") {
                    flush(position)
                    position += 1
                    guard position < bytes.count else { break }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{08}")
                    case UInt8(ascii: "f"): scalars.append("\u{0C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                            position += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u escape of a high surrogate not followed by a low one", at: position - 6) }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("\\u escape of a lone surrogate", at: position - 6) }
                        scalars.append(scalar)
                    default:
                        throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", at: position - 2)
                    }
                    run = position
                    continue
                }
                position += 1
            }
            throw error("a string that is never closed; add the closing '\"'", at: start)
        }

        mutating func hex4() throws(TraceInputError) -> UInt32 {
            guard bytes.count - position >= 4 else { throw error("\\u needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("\\u needs four hex digits")
                }
                value = value * 16 + digit
                position += 1
            }
            return value
        }

        mutating func array(depth: Int) throws(TraceInputError) -> TraceJSON {
            position += 1
            var items: [TraceJSON] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth))
                skipSpace()
                guard position < bytes.count else { throw error("the line ends inside an array; close it with ']'") }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                guard bytes[position] == UInt8(ascii: ",") else { throw error("expected ',' or ']' in an array, found \(describeHere())") }
                position += 1
            }
        }

        mutating func object(depth: Int) throws(TraceInputError) -> TraceJSON {
            position += 1
            var members: [String: TraceJSON] = [:]
            var order: [String] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members, order: order) }
            while true {
                skipSpace()
                guard position < bytes.count else { throw error("the line ends inside an object; close it with '}'") }
                guard bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes, found \(describeHere())") }
                let keyStart = position
                let key = try string()
                guard members[key] == nil else { throw error("the key '\(key)' is written twice in one object; keep one", at: keyStart) }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(key)', found \(describeHere())") }
                position += 1
                skipSpace()
                members[key] = try value(depth: depth)
                order.append(key)
                skipSpace()
                guard position < bytes.count else { throw error("the line ends inside an object; close it with '}'") }
                if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members, order: order) }
                guard bytes[position] == UInt8(ascii: ",") else { throw error("expected ',' or '}' in an object, found \(describeHere())") }
                position += 1
            }
        }
    }
}
