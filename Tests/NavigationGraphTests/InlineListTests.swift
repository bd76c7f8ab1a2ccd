import NavigationCore
import NavigationGraph
import Testing

/// Inline lists in a transition's `from:` and `to:`: the same as a group of those routes.
@Suite("Inline lists in transitions")
struct InlineListTests {
    private static func document(_ transitions: String, groups: String = "") -> String {
        """
        navgraph: 1
        name: Lists
        root: home
        routes:
          home: {}
          search: {}
          profile: { params: { id: [me, alice] } }
          settings: {}
        \(groups)transitions:
        \(transitions)
        """
    }

    private static let listed = document("  - { from: [home, search], to: [profile, settings], style: sheet }")
    private static let grouped = document("  - { from: start, to: ends, style: sheet }",
                                          groups: "groups:\n  start: [home, search]\n  ends: [profile, settings]\n")

    @Test("a list expands as a group of its routes does: one transition per pair, sources outer")
    func expansion() throws {
        let graph = try GraphDocument.load(Self.listed)
        #expect(graph.transitions.map { "\($0.from)>\($0.to)" } == ["home>profile", "home>settings", "search>profile", "search>settings"])
        #expect(graph.transitions.allSatisfy { $0.sourceList == ["home", "search"] && $0.targetList == ["profile", "settings"] })
        #expect(graph.transitions.allSatisfy { $0.sourceGroup == nil && $0.targetGroup == nil })
        let group = try GraphDocument.load(Self.grouped)
        #expect(graph.transitions.map(\.label) == ["home → profile", "home → settings", "search → profile", "search → settings"])
        #expect(graph.transitions.flatMap(graph.targets) == group.transitions.flatMap(group.targets))
    }

    @Test("export writes the list back, and the export loads to the same transitions")
    func export() throws {
        let graph = try GraphDocument.load(Self.listed)
        let text = try GraphDocument.export(graph)
        #expect(text.contains("  - { from: [home, search], to: [profile, settings], style: sheet }"), "\(text)")
        let again = try GraphDocument.load(text)
        #expect(again.transitions.map(\.label) == graph.transitions.map(\.label))
        #expect(try GraphDocument.export(again) == text)
    }

    @Test("navgraph diff sees no change between a list and a group of the same routes")
    func diff() throws {
        let diff = GraphDiff(base: try GraphDocument.load(Self.grouped), head: try GraphDocument.load(Self.listed))
        #expect(diff.changes(of: .transition) == [])
        #expect(diff.isEmpty)
    }

    @Test("the JSON Schema accepts a list on either end, and refuses an empty one")
    func schema() throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: Self.listed)) == [])
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: Self.document("  - { from: [], to: home }"))) != [])
    }

    @Test("misuse is a load error at the list or its entry", arguments: [
        ("  - { from: [], to: home }", "the list in 'from:' is empty"),
        ("  - { from: home, to: [search, search] }", "the list in 'to:' names 'search' twice"),
        ("  - { from: home, to: [search, profile], with: { id: me } }", "'with' gives one route's parameter values, and the destination is a list"),
        ("  - { from: ['*', home], to: search }", "'*' in a list in 'from:'"),
        ("  - { from: [people], to: search }", "'people' in the list in 'from:' is a group"),
    ])
    func misuse(transition: String, message: String) {
        let text = Self.document(transition, groups: "groups:\n  people: [profile]\n")
        #expect {
            _ = try GraphDocument.load(text)
        } throws: { error in
            (error as? GraphDocumentError)?.message.contains(message) == true && (error as? GraphDocumentError)?.location != nil
        }
    }
}
