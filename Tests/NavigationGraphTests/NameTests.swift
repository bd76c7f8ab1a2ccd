import NavigationGraph
import Testing

/// Names in a document that no one could read or tell apart in a report are refused where
/// they are declared, with a remedy.
@Suite("Names")
struct NameTests {
    static let base = "navgraph: 1\nname: X\nroot: a\n"

    static let refused: [(String, String, Int, Int, String)] = [
        ("a route that is another with a zero-width space", base + "routes:\n  a: {}\n  \"a\\u200B\": {}\n", 6, 3,
         "route 'a\u{200B}' looks the same as route 'a' (5:3)"),
        ("a route with a zero-width space", base + "routes:\n  a: {}\n  \"b\\u200B\": {}\n", 6, 3,
         "route name 'b\u{200B}' contains U+200B ZERO WIDTH SPACE, an invisible format character"),
        ("a route with a right-to-left override", base + "routes:\n  a: {}\n  \"\\u202Egnp.exe\": {}\n", 6, 3,
         "contains U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control that reorders the text around it"),
        ("a flag with a zero-width joiner", base + "routes: {a: {}}\nflags:\n  \"on\\u200D\": false\n", 6, 3,
         "flag name 'on\u{200D}' contains U+200D ZERO WIDTH JOINER"),
        ("a tab with a byte-order mark", "navgraph: 1\nname: X\nroutes: {a: {}}\ntabs:\n  - { name: \"feed\\uFEFF\", root: a }\n", 5, 13,
         "name 'feed\u{FEFF}' contains U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("an event with a newline", base + "routes: {a: {}}\nevents:\n  \"go\\n::error::x\": {}\n", 6, 3,
         "event name 'go\n::error::x' contains U+000A, a control character"),
        ("an event with an escape sequence", base + "routes: {a: {}}\nevents:\n  \"go\\e[2J\": {}\n", 6, 3, "contains U+001B, a control character"),
        ("an invariant with a noncharacter", base + "routes: {a: {}}\ninvariants:\n  \"x\\uFDD0\": depth <= 2\n", 6, 3,
         "contains U+FDD0, a noncharacter"),
        ("a graph name with a directional isolate", "navgraph: 1\nname: \"X\\u2066\"\nroot: a\nroutes: {a: {}}\n", 2, 7,
         "graph name 'X\u{2066}' contains U+2066 LEFT-TO-RIGHT ISOLATE, a bidirectional control"),
        ("a graph name with a line separator", "navgraph: 1\nname: \"X\\LY\"\nroot: a\nroutes: {a: {}}\n", 2, 7,
         "contains U+2028 LINE SEPARATOR, a line break"),
        ("a flag named 'and'", base + "routes: {a: {}}\nflags:\n  and: false\n", 6, 3, "flag 'and' is a keyword of the condition language"),
        ("a flag named 'top'", base + "routes: {a: {}}\nflags:\n  top: false\n", 6, 3, "flag 'top' is a keyword of the condition language"),
        ("a tab named 'none'", "navgraph: 1\nname: X\nroutes: {a: {}}\ntabs:\n  - { name: none, root: a }\n", 5, 13,
         "tab 'none' is a keyword of the condition language"),
        ("routes that differ by a ligature", base + "routes:\n  a: {}\n  file: {}\n  \"\\uFB01le\": {}\n", 7, 3,
         "route '\u{FB01}le' looks the same as route 'file' (6:3)"),
        ("flags that differ by full-width letters", base + "routes: {a: {}}\nflags:\n  on: false\n  \"\\uFF4F\\uFF4E\": true\n", 7, 3,
         "flag 'ｏｎ' looks the same as flag 'on' (6:3)"),
        ("invariants that differ by a soft hyphen", base + "routes: {a: {}}\ninvariants:\n  shallow: depth <= 2\n  \"shal\\u00ADlow\": depth <= 3\n", 7, 3,
         "invariant 'shal\u{AD}low' looks the same as invariant 'shallow' (6:3)"),
        ("a transition to a name with a zero-width space", base + "routes: {a: {}}\ntransitions:\n  - { from: a, to: \"a\\u200B\" }\n", 6, 20,
         "name 'a\u{200B}' contains U+200B ZERO WIDTH SPACE"),
        ("a sample value with a bidirectional override", base + "routes:\n  a:\n    params: { id: [\"1\\u202E2\"] }\n", 6, 20,
         "sample value '1\u{202E}2' contains U+202E RIGHT-TO-LEFT OVERRIDE"),
    ]

    @Test("names with invisible, control or bidirectional characters, keywords and look-alikes are refused where declared",
          arguments: refused)
    func refusedName(name: String, text: String, line: Int, column: Int, message: String) {
        do {
            _ = try GraphDocument.load(text, origin: "Names.navgraph.yaml")
            Issue.record("\(name) should not load")
        } catch {
            #expect(error.location == SourceLocation(line: line, column: column), "\(name): \(error)")
            #expect(error.message.contains(message), "\(name): \(error.message)")
            #expect(error.remedy.hasPrefix("re"), "\(name): \(error.remedy)")
        }
    }

    @Test("names that differ in case, or use accents, emoji and other scripts, load")
    func distinctNames() throws {
        let graph = try GraphDocument.load(Self.base + """
            routes:
              a: {}
              Home: {}
              home: {}
              café: {}
              "caf\\u00E9s": {}
              上海: {}
              "🚀": {}
            flags:
              signedIn: false
              SignedIn: false
            invariants:
              "never 🚀 deep": depth <= 3
            """)
        #expect(graph.routes.map(\.name) == ["a", "Home", "home", "café", "cafés", "上海", "🚀"])
    }
}
