import Foundation

/// The names one kind of declaration uses (routes, flags, tabs, events, invariants), refusing
/// names that people cannot read or tell apart, since every report and log shows them:
///
/// - a name with a control character, an invisible format character (zero-width space and
///   joiner, the byte-order mark, bidirectional controls that reorder the text around them), a
///   line or paragraph separator, or a noncharacter;
/// - a flag or tab named after a keyword of the condition language (`and`, `top`, `none`, …),
///   which no condition could name;
/// - two names that look the same: equal once invisible characters are removed and Unicode
///   compatibility forms folded (NFKC: `ﬁ` and `fi`, full-width `ａ` and `a`). Names that
///   differ only in case are told apart and allowed.
///
/// ```swift
/// var routes = DeclaredNames("route")
/// try routes.add(entry.key, at: entry.keyLocation, of: entry.value)
/// ```
struct DeclaredNames {
    /// What the names name, e.g. `route`.
    let kind: String
    /// Whether a keyword of the condition language is refused (names conditions refer to).
    let refusesKeywords: Bool
    private var byAppearance: [String: (name: String, location: SourceLocation?)] = [:]

    init(_ kind: String, refusesKeywords: Bool = false) {
        self.kind = kind
        self.refusesKeywords = refusesKeywords
    }

    /// Adds `name`, declared at `location` in `node`, or throws what is wrong with it there.
    /// Adding a name already added is not an error here (duplicates have their own messages).
    mutating func add(_ name: String, at location: SourceLocation?, of node: DocumentNode) throws(GraphDocumentError) {
        let appearance = Self.appearance(of: name)
        if let earlier = byAppearance[appearance], earlier.name != name {
            let place = earlier.location.map { " (\($0))" } ?? ""
            throw node.error("\(kind) '\(name)' looks the same as \(kind) '\(earlier.name)'\(place)",
                             "rename one of them: they differ only in invisible characters or Unicode compatibility forms, so no one reading a report can tell them apart",
                             at: location)
        }
        if let problem = Self.unreadableCharacter(in: name) {
            throw node.error("\(kind) name '\(name)' contains \(problem)", Self.unreadableRemedy, at: location)
        }
        if refusesKeywords && ConditionParser.reserved.contains(name) {
            throw node.error("\(kind) '\(name)' is a keyword of the condition language",
                             "rename it: a condition reads '\(name)' as the keyword, so it could never name this \(kind)", at: location)
        }
        if byAppearance[appearance] == nil { byAppearance[appearance] = (name, location) }
    }

    static let unreadableRemedy = "remove it: names are shown in reports, diagrams and logs, where such a character is invisible or changes the text around it"

    /// The first character of `text` that a reader cannot see or that acts on the text around
    /// it, described (`U+200B ZERO WIDTH SPACE, an invisible format character`), or `nil`.
    static func unreadableCharacter(in text: String) -> String? {
        for scalar in text.unicodeScalars {
            let code = Self.code(of: scalar), named = Self.described(scalar)
            if scalar.properties.isNoncharacterCodePoint { return "\(code), a noncharacter" }
            switch scalar.properties.generalCategory {
            case .control: return "\(code), a control character"
            case .lineSeparator, .paragraphSeparator: return "\(named), a line break"
            case .format where scalar.properties.isBidiControl: return "\(named), a bidirectional control that reorders the text around it"
            case .format: return "\(named), an invisible format character"
            default: continue
            }
        }
        return nil
    }

    /// `U+200B`: a scalar's code point as Unicode writes it.
    static func code(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `U+200B ZERO WIDTH SPACE`: its code point and, when it has one, its name, so a message
    /// says what cannot be seen.
    static func described(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.name.map { "\(code(of: scalar)) \($0)" } ?? code(of: scalar)
    }

    /// What `name` looks like: NFKC, without default-ignorable code points and controls.
    static func appearance(of name: String) -> String {
        let visible = name.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control }
        return String(String.UnicodeScalarView(visible)).precomposedStringWithCompatibilityMapping
    }
}
