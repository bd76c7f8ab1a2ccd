import Foundation
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

    @Test("the repository's schema file is the one the loader publishes, and it describes every property")
    func schemaFile() throws {
        let file = SampleGraphs.repositoryRoot.appendingPathComponent("Schemas/navgraph-1.schema.json")
        #expect(try String(contentsOf: file, encoding: .utf8) == GraphDocument.jsonSchema + "\n",
                "Schemas/navgraph-1.schema.json is stale: run swift run navgraph schema > Schemas/navgraph-1.schema.json")
        let schema = try JSONSerialization.jsonObject(with: Data(GraphDocument.jsonSchema.utf8))
        var undescribed: [String] = []
        func walk(_ node: Any, _ path: String) {
            if let object = node as? [String: Any] {
                // A schema's `properties` keyword, not the document's own `properties:` section
                // listed in such a keyword (a map of names has no `type`).
                if object["type"] != nil, let properties = object["properties"] as? [String: Any] {
                    for (key, value) in properties where (value as? [String: Any])?["description"] == nil { undescribed.append("\(path).\(key)") }
                }
                for (key, value) in object { walk(value, "\(path)/\(key)") }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { walk(value, "\(path)[\(index)]") }
            }
        }
        walk(schema, "$")
        #expect(undescribed.sorted() == [])
        #expect((schema as? [String: Any])?["$id"] == nil)
    }

    @Test("every sample document names the schema in its first line, for editors", arguments: SampleGraphs.names)
    func modeline(file: String) throws {
        let text = try String(contentsOf: SampleGraphs.directory.appendingPathComponent(file), encoding: .utf8)
        #expect(text.hasPrefix("# yaml-language-server: $schema=../Schemas/navgraph-1.schema.json\n"))
    }

    @Test("an exported Swift graph validates against the schema")
    func exportValidates() throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        let text = try GraphDocument.export(try SwiftShop.graph())
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: text)) == [])
    }

    @Test("groups, a wildcard source, written values and a link's preferred scheme validate: an exported Mastodon-like graph and the Profiles document")
    func newKeysValidate() throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        let exported = try GraphDocument.export(try SwiftSampleGraphs.mastodon())
        #expect(exported.contains("groups:") && exported.contains("with: {") && exported.contains("scheme: https"))
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: exported)) == [])
        // Values in an event step, a guard redirect and a plan entry.
        let values = try GraphDocument.export(try ValueGraphs.written())
        #expect(values.contains("{ push: account, with:") && values.contains("{ route: account, with:") && values.contains("redirect: login, with:"))
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: values)) == [])
        let profiles = try String(contentsOf: SampleGraphs.repositoryRoot.appendingPathComponent("Tests/GeneratedCodeTests/Documents/Profiles.navgraph.yaml"), encoding: .utf8)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: profiles)) == [])
    }

    @Test("the schema refuses what the loader refuses", arguments: [
        ("navgraph: 2\nname: A\nroot: a\nroutes: { a: {} }\n", "$.navgraph"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ncolour: red\n", "unknown key 'colour'"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: {}\n", "$.routes: fewer than 1"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ntransitions: [{ from: a, to: a, style: slide }]\n", "$.transitions[0].style"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: { params: { id: [] } } }\n", "$.routes.a"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\nbounds: { maxStackDepth: 0 }\n", "$.bounds.maxStackDepth"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\nevents: { e: { then: [{ push: a, sheet: a }] } }\n", "$.events.e"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ngroups: { g: [] }\n", "$.groups.g"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: { params: { id: [1] } } }\nevents: { e: { then: [{ push: a, with: {} }] } }\n", "$.events.e"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: { params: { id: [1] } } }\ntransitions: [{ from: a, to: a, with: {} }]\n", "$.transitions[0].with"),
        ("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ndeepLinks: { schemes: [s], links: [{ pattern: /a, route: a, scheme: \"x y\" }] }\n", "scheme"),
    ])
    func schemaRefuses(document: String, expected: String) throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        let violations = try checker.violations(of: try JSONSchemaChecker.load(yaml: document))
        #expect(violations.contains { $0.contains(expected) }, "\(violations)")
        #expect(throws: GraphDocumentError.self) { _ = try GraphDocument.load(document, origin: "bad.yaml") }
    }
}
