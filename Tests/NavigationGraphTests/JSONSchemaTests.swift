import NavGraphTestSupport
import NavigationGraph
import Testing

@Suite("JSON Schema")
struct JSONSchemaTests {
    @Test("every sample document validates against the published schema", arguments: SampleGraphs.names)
    func samplesValidate(file: String) throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        let text = try String(contentsOf: SampleGraphs.directory.appendingPathComponent(file), encoding: .utf8)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: text)) == [])
    }

    @Test("an exported Swift graph validates against the schema")
    func exportValidates() throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        let text = try GraphDocument.export(try SwiftShop.graph())
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: text)) == [])
    }

    @Test("the schema refuses what the loader refuses", arguments: [
        ("navgraph: 2\nname: A\nroot: a\nroutes: { a: {} }\n", "$.navgraph"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ncolour: red\n", "unknown key 'colour'"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: {}\n", "$.routes: fewer than 1"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ntransitions: [{ from: a, to: a, style: slide }]\n", "$.transitions[0].style"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: { params: { id: [] } } }\n", "$.routes.a"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\nbounds: { maxStackDepth: 0 }\n", "$.bounds.maxStackDepth"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\nevents: { e: { then: [{ push: a, sheet: a }] } }\n", "$.events.e"),
    ])
    func schemaRefuses(document: String, expected: String) throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        let violations = try checker.violations(of: try JSONSchemaChecker.load(yaml: document))
        #expect(violations.contains { $0.contains(expected) }, "\(violations)")
        #expect(throws: GraphDocumentError.self) { _ = try GraphDocument.load(document, origin: "bad.yaml") }
    }
}
