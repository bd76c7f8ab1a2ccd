import Foundation
import Yams

/// A checker for the part of JSON Schema (2020-12) the graph document schema uses: `$ref` to
/// `$defs`, `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`,
/// `min/maxProperties`, `items`, `minItems`, `minLength`, `pattern`, `minimum`, `maximum`,
/// `oneOf`. It refuses any other keyword, so the schema cannot quietly use one it ignores.
struct JSONSchemaChecker {
    struct UnsupportedKeyword: Error, CustomStringConvertible {
        let keyword: String
        var description: String { "the checker does not implement '\(keyword)'" }
    }

    private static let supported: Set<String> = [
        "$schema", "$id", "title", "description", "default", "$defs", "$ref", "type", "const", "enum", "properties", "required",
        "additionalProperties", "minProperties", "maxProperties", "items", "minItems", "minLength", "pattern", "minimum", "maximum", "oneOf",
    ]

    let root: [String: Any]

    init(schemaText: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(schemaText.utf8))
        guard let root = object as? [String: Any] else { throw UnsupportedKeyword(keyword: "<root is not an object>") }
        self.root = root
    }

    /// The violations of `value` (a YAML document loaded by Yams), as `path: problem` lines.
    func violations(of value: Any?) throws -> [String] {
        var found: [String] = []
        try check(value, against: root, path: "$", into: &found)
        return found
    }

    /// Loads YAML into plain values, as a JSON Schema validator sees a document.
    static func load(yaml: String) throws -> Any? { try Yams.load(yaml: yaml) }

    private func check(_ value: Any?, against schema: [String: Any], path: String, into found: inout [String]) throws {
        for key in schema.keys where !Self.supported.contains(key) { throw UnsupportedKeyword(keyword: key) }
        if let reference = schema["$ref"] as? String {
            let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
            guard let definitions = root["$defs"] as? [String: Any], let target = definitions[name] as? [String: Any] else {
                found.append("\(path): unresolvable $ref \(reference)")
                return
            }
            try check(value, against: target, path: path, into: &found)
        }
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [(types as? String) ?? ""]
            if !allowed.contains(where: { Self.value(value, is: $0) }) {
                found.append("\(path): expected \(allowed.joined(separator: " or ")), found \(Self.describe(value))")
                return
            }
        }
        if let constant = schema["const"], !Self.equal(value, constant) { found.append("\(path): expected \(constant)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
            found.append("\(path): \(Self.describe(value)) is not one of \(options)")
        }
        if let text = value as? String {
            if let minimum = schema["minLength"] as? Int, text.count < minimum { found.append("\(path): shorter than \(minimum)") }
            if let pattern = schema["pattern"] as? String {
                let expression = try NSRegularExpression(pattern: pattern)
                if expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                    found.append("\(path): '\(text)' does not match \(pattern)")
                }
            }
        }
        if let number = value as? Int {
            if let minimum = schema["minimum"] as? Int, number < minimum { found.append("\(path): \(number) < \(minimum)") }
            if let maximum = schema["maximum"] as? Int, number > maximum { found.append("\(path): \(number) > \(maximum)") }
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for required in schema["required"] as? [String] ?? [] where object[required] == nil {
                found.append("\(path): missing '\(required)'")
            }
            if let minimum = schema["minProperties"] as? Int, object.count < minimum { found.append("\(path): fewer than \(minimum) keys") }
            if let maximum = schema["maxProperties"] as? Int, object.count > maximum { found.append("\(path): more than \(maximum) keys") }
            for key in object.keys.sorted() {
                let child = object[key] as Any?
                if let propertySchema = properties[key] as? [String: Any] {
                    try check(child, against: propertySchema, path: "\(path).\(key)", into: &found)
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    try check(child, against: additional, path: "\(path).\(key)", into: &found)
                } else if let allowed = schema["additionalProperties"] as? Bool, !allowed {
                    found.append("\(path): unknown key '\(key)'")
                }
            }
        }
        if let array = value as? [Any] {
            if let minimum = schema["minItems"] as? Int, array.count < minimum { found.append("\(path): fewer than \(minimum) items") }
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() { try check(item, against: items, path: "\(path)[\(index)]", into: &found) }
            }
        }
        if let alternatives = schema["oneOf"] as? [[String: Any]] {
            var matching = 0
            for alternative in alternatives {
                var inner: [String] = []
                try check(value, against: alternative, path: path, into: &inner)
                if inner.isEmpty { matching += 1 }
            }
            if matching != 1 { found.append("\(path): matches \(matching) of the oneOf alternatives, not exactly one") }
        }
    }

    private static func value(_ value: Any?, is type: String) -> Bool {
        switch type {
        case "null": return value == nil || value is NSNull
        case "boolean": return value is Bool
        case "integer": return value is Int
        case "number": return value is Int || value is Double
        case "string": return value is String
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }

    private static func equal(_ value: Any?, _ expected: Any) -> Bool {
        switch (value, expected) {
        case (let left as String, let right as String): left == right
        case (let left as Int, let right as Int): left == right
        case (let left as Bool, let right as Bool): left == right
        default: false
        }
    }

    private static func describe(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: "null"
        case is Bool: "a boolean"
        case is Int: "an integer"
        case is Double: "a number"
        case is String: "a string"
        case is [Any]: "a list"
        default: "an object"
        }
    }
}
