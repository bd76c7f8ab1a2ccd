import NavigationCore
import NavigationGraph
import Testing

/// What the document and condition fuzzers (`make fuzz`) found, each kept as a regression test.
@Suite("Fuzzer findings")
struct FuzzFindingsTests {
    private func error(loading bytes: [UInt8]) -> GraphDocumentError? {
        do {
            _ = try GraphDocument.load(bytes: bytes, origin: "fuzz.yaml")
            return nil
        } catch {
            return error
        }
    }

    private func error(loading text: String) -> GraphDocumentError? {
        error(loading: Array(text.utf8))
    }

    @Test("a control character YAML does not allow is an error at its line and column, not at 1:1")
    func controlCharacter() throws {
        let found = try #require(error(loading: "navgraph: 1\nname: X\nroot: a\nroutes:\n  a: {}\n  b:\u{01} {}\n"))
        #expect(found.location == SourceLocation(line: 6, column: 5))
        #expect(found.message.contains("control characters are not allowed (U+0001)"))
    }

    @Test("bytes that are not UTF-8 are an error at their line and column")
    func invalidUTF8() throws {
        let bytes = Array("navgraph: 1\nname: \"".utf8) + [0xC3, 0x28] + Array("\"\nroot: a\nroutes: { a: {} }\n".utf8)
        let found = try #require(error(loading: bytes))
        #expect(found.location == SourceLocation(line: 2, column: 8))
        #expect(found.message == "the document is not UTF-8 text: byte 0xC3 here does not belong")
    }

    /// Yams hashes every key in full to find duplicates; an alias of 10⁷ nodes as a key took 20 s
    /// to compose, ten times that per level more. Now any key that is not a plain scalar is refused
    /// before Yams composes the document.
    @Test("an alias (or a list or mapping) as a key is refused where it stands, before it is expanded")
    func aliasKeys() throws {
        var lines = ["navgraph: 1", "name: AliasKey", "root: a", "flags:", "  x0: &x0 [l, l, l, l, l, l, l, l, l, l]"]
        for level in 1...9 { lines.append("  x\(level): &x\(level) [" + Array(repeating: "*x\(level - 1)", count: 10).joined(separator: ", ") + "]") }
        lines += ["routes:", "  a: {}", "  ? *x9", "  : {}"]
        let alias = try #require(error(loading: lines.joined(separator: "\n")))
        #expect(alias.location == SourceLocation(line: 17, column: 5))
        #expect(alias.message == "a key must be a plain name, not an alias")
        let list = try #require(error(loading: "navgraph: 1\nname: X\nroot: a\nroutes:\n  [a, b]: {}\n"))
        #expect(list.location == SourceLocation(line: 5, column: 3) && list.message == "a key must be a plain name, not a list")
        let flow = try #require(error(loading: "navgraph: 1\nname: X\nroot: a\nroutes: { {a: b}: {} }\n"))
        #expect(flow.location == SourceLocation(line: 4, column: 11) && flow.message == "a key must be a plain name, not a mapping")
        // Aliases as values are still read, within the expansion budget.
        #expect(error(loading: "navgraph: 1\nname: X\nroot: a\nempty: &e {}\nroutes: { a: *e, b: *e }\n")?.message == "unknown key 'empty'")
    }

    @Test("exported text escapes what YAML reads as a line break or refuses (NEL, LS, PS, BOM, C1), so it loads back the same")
    func exportEscapes() throws {
        let graph = try GraphDocument.load(#"""
            navgraph: 1
            name: Odd
            summary: "next \N line \L para \P bom \uFEFF c1 \x9F end"
            root: a
            routes: { a: {} }
            """#)
        let exported = try GraphDocument.export(graph)
        // Names cannot hold such characters (the loader refuses them); free text can.
        #expect(exported.contains(#"summary: "next \x85 line \u2028 para \u2029 bom \uFEFF c1 \x9F end""#))
        let again = try GraphDocument.load(exported)
        #expect(again.name == graph.name && again.summary == graph.summary)
        #expect(try GraphDocument.export(again) == exported)
    }

    @Test("a condition built in Swift without text exports as text that loads, however long its chain")
    func longConditionExports() throws {
        let names = (0..<100).map { Condition.flag(.init(text: "f\($0)", location: SourceLocation(line: 1, column: 1))) }
        let chain = names.dropFirst().reduce(names[0]) { .and($0, $1) }
        let graph = NavigationGraph<DynamicRoute>(
            name: "Chain", routes: [RouteDeclaration(name: "a", samples: [DynamicRoute("a")])], root: "a",
            flags: (0..<100).map { .init(name: FlagName("f\($0)"), initial: false) },
            invariants: [.init(name: "all", condition: GraphCondition(chain))], routeName: { $0.name })
        let loaded = try GraphDocument.load(try GraphDocument.export(graph))
        #expect(loaded.invariants.first?.condition.text == (0..<100).map { "f\($0)" }.joined(separator: " and "))
    }
}
