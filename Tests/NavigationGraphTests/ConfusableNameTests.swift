import NavGraphTestSupport
import NavigationCore
@testable import NavigationGraph
import Testing

/// Names that differ but look the same: `orders` and `оrders` (Cyrillic `о`).
@Suite("Confusable names")
struct ConfusableNameTests {
    static func findings(_ body: String) throws -> [LintFinding] {
        GraphLinter.lint(try GraphDocument.load("navgraph: 1\nname: T\n" + body, origin: "T.navgraph.yaml")).filter { $0.rule == "confusable-names" }
    }

    @Test("a route whose name has a Cyrillic letter drawn like a Latin one is a warning at its line, naming the letter")
    func cyrillicRoute() throws {
        let findings = try Self.findings("root: orders\nroutes:\n  orders: {}\n  \u{043E}rders: {}\ntransitions: [{ from: orders, to: \u{043E}rders }]\n")
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.location?.line == 6)
        #expect(finding.message.contains("looks like route 'orders' (5:3)"), "\(finding.message)")
        #expect(finding.message.contains("U+043E CYRILLIC SMALL LETTER O"), "\(finding.message)")
    }

    @Test("flags, tabs and events are checked too; Greek capitals as well", arguments: [
        ("root: a\nroutes: { a: {} }\nflags: { signedIn: false, s\u{0456}gnedIn: false }\n", "flag"),
        ("tabs: [{ name: HOME, root: a }, { name: H\u{039F}ME, root: b }]\nroutes: { a: {}, b: {} }\n", "tab"),
        ("root: a\nroutes: { a: {} }\nevents: { reset: {}, r\u{0435}set: {} }\n", "event"),
    ])
    func otherKinds(body: String, kind: String) throws {
        let findings = try Self.findings(body)
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix(kind) == true, "\(findings)")
    }

    @Test("names in one script, names that differ only in case, and the sample graphs are not warned about")
    func notConfusable() throws {
        #expect(try Self.findings("root: \u{0437}\u{0430}\u{043A}\u{0430}\u{0437}\nroutes: { \u{0437}\u{0430}\u{043A}\u{0430}\u{0437}: {}, orders: {}, Orders: {} }\n").isEmpty)
        for file in SampleGraphs.names {
            let graph = try SampleGraphs.load(file)
            #expect(GraphLinter.lint(graph).allSatisfy { $0.rule != "confusable-names" }, "\(file)")
        }
    }

    @Test("the skeleton folds compatibility forms and look-alike letters, and leaves other letters alone")
    func skeleton() {
        #expect(ConfusableSkeleton.skeleton("\u{043E}rders") == "orders")
        #expect(ConfusableSkeleton.skeleton("\u{FF4F}rders") == "orders")   // full-width o
        #expect(ConfusableSkeleton.skeleton("\u{0436}") == "\u{0436}")        // ж looks like no Latin letter
        #expect(ConfusableSkeleton.latinLookAlikes.keys.allSatisfy { !$0.isASCII })
    }
}

@Suite("Graph names")
struct GraphNameLengthTests {
    @Test("a graph name longer than a report folder may be is refused at its line, saying why")
    func tooLong() throws {
        let name = String(repeating: "a", count: GraphDocument.maxNameBytes + 1)
        let error = #expect(throws: GraphDocumentError.self) {
            try GraphDocument.load("navgraph: 1\nname: \(name)\nroot: a\nroutes: { a: {} }\n", origin: "Long.navgraph.yaml")
        }
        #expect(error?.message.contains("\(GraphDocument.maxNameBytes + 1) bytes long, over the \(GraphDocument.maxNameBytes)") == true, "\(String(describing: error))")
        #expect(error?.remedy.contains("folder named after the graph") == true)
        #expect(error?.location?.line == 2)
        // Multi-byte letters count by their bytes; a name at the limit loads.
        #expect(throws: GraphDocumentError.self) {
            try GraphDocument.load("navgraph: 1\nname: \(String(repeating: "é", count: 101))\nroot: a\nroutes: { a: {} }\n")
        }
        _ = try GraphDocument.load("navgraph: 1\nname: \(String(repeating: "a", count: GraphDocument.maxNameBytes))\nroot: a\nroutes: { a: {} }\n")
    }
}
