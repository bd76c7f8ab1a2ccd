import Foundation
import NavGraphTestSupport
import NavigationCore
import Testing

@Suite("Trace format JSON Schema")
struct TraceSchemaTests {
    @Test("the repository's trace schema file is the one the format publishes, and it describes every property")
    func schemaFile() throws {
        let file = SampleGraphs.repositoryRoot.appendingPathComponent("Schemas/navgraph-trace-1.schema.json")
        #expect(try String(contentsOf: file, encoding: .utf8) == NavigationTrace.jsonSchema + "\n",
                "Schemas/navgraph-trace-1.schema.json is stale: run swift run navgraph schema trace > Schemas/navgraph-trace-1.schema.json")
        let schema = try JSONSerialization.jsonObject(with: Data(NavigationTrace.jsonSchema.utf8))
        var undescribed: [String] = []
        func walk(_ node: Any, _ path: String) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    for (key, value) in properties where (value as? [String: Any])?["description"] == nil { undescribed.append("\(path).\(key)") }
                }
                for (key, value) in object { walk(value, "\(path)/\(key)") }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { walk(value, "\(path)[\(index)]") }
            }
        }
        walk(schema, "$")
        #expect(undescribed.sorted() == [])
    }

    @Test("every kind of line the format writes validates, with hostile names escaped; lines that break the format do not")
    func linesValidate() throws {
        let checker = try JSONSchemaChecker(schemaText: NavigationTrace.jsonSchema)
        let hostile = "a\"b\\c\n\u{01}\u{2028}"
        let route = NavigationTrace.Route("product", values: ["id": hostile])
        let state = NavigationTrace.State(tab: hostile, stack: [NavigationTrace.Route("catalog"), route], stacks: [hostile: [route]],
                                          modals: [NavigationTrace.Modal(style: "sheet", stack: [route])], flags: [hostile: true])
        let actions: [NavigationTrace.Action] = [.push(route), .present(route, style: "sheet"), .present(route, style: nil), .replace(route), .request(route),
                                                 .back, .dismiss, .selectTab(hostile), .event(hostile), .open(hostile), .resume, .command(hostile),
                                                 .batch([.back, .push(route), .present(route, style: "sheet"), .command(hostile)])]
        let lines = [NavigationTrace.Line.launch(trace: hostile, state: state), .launch(trace: nil, state: nil)] + actions.map { .step($0, state: state) }
        for line in lines {
            let text = line.jsonText
            #expect(!text.contains("\n") && !text.contains("\u{2028}"))
            let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
            #expect(try checker.violations(of: value) == [], "\(text)")
        }
        let decoded = try JSONSerialization.jsonObject(with: Data(NavigationTrace.Line.step(.event(hostile), state: nil).jsonText.utf8)) as? [String: Any]
        #expect(decoded?["event"] as? String == hostile)
        for bad in [#"{"do":"push"}"#, #"{"do":"launch"}"#, #"{"do":"back","route":"x"}"#, #"{"do":"fly"}"#, #"{"do":"back","state":{"stak":[]}}"#] {
            #expect(try !checker.violations(of: try JSONSerialization.jsonObject(with: Data(bad.utf8))).isEmpty, "\(bad)")
        }
    }
}
