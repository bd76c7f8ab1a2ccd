import Foundation
import NavGraphTestSupport
import Testing

/// `navgraph conform`: exit statuses, the three formats, errors for bad trace files.
@Suite("conform command")
struct ConformCommandTests {
    static let shop = SampleGraphs.directory.appendingPathComponent("Shop.navgraph.yaml").path

    static let diverging = [
        #"{"do":"launch","version":1,"trace":"a","state":{"stack":["catalog"]}}"#,
        #"{"do":"push","route":{"name":"product","with":{"id":"1"}}}"#,
        #"{"do":"present","route":"cart","style":"sheet"}"#,
        #"{"do":"push","route":"receipt"}"#,
    ].joined(separator: "\n") + "\n"

    static func write(_ text: String, in folder: URL, name: String = "trace.jsonl") throws -> String {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("a diverging trace exits 1 and names the line, step and reason, with the steps before it and the coverage")
    func divergesInText() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = try Self.write(Self.diverging, in: folder)
        let run = try runExecutableCapturing(["conform", Self.shop, trace])
        #expect(run.status == 1)
        #expect(run.output.contains("Shop: 1 trace, 3 steps: 1 diverges"))
        #expect(run.output.contains("\(trace):4: error: trace a diverges at step 3 (push receipt): the graph declares no transition cart → receipt; from cart it declares: product (push), checkout (push)"))
        #expect(run.output.contains("    line 2: push product(id: 1)\n    line 3: present cart (sheet)\n  → line 4: push receipt"))
        #expect(run.output.contains("Shop: transition coverage 2/8 (25.0%); never taken:"))
    }

    @Test("a conforming trace exits 0; JSON and SARIF carry the divergence, SARIF at the trace file's line")
    func formats() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try Self.write(#"{"do":"launch","version":1}"# + "\n" + #"{"do":"push","route":{"name":"product","with":{"id":2}}}"# + "\n", in: folder, name: "good.jsonl")
        let run = try runExecutableCapturing(["conform", Self.shop, good])
        #expect(run.status == 0)
        #expect(run.output.contains("Shop: 1 trace, 1 step: every trace conforms"))

        let trace = try Self.write(Self.diverging, in: folder)
        let json = try runExecutableCapturing(["conform", Self.shop, trace, "--format", "json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["conforms"] as? Bool == false)
        let divergence = ((object["traces"] as? [[String: Any]])?.first?["divergence"] as? [String: Any])
        #expect(divergence?["line"] as? Int == 4)
        #expect(divergence?["kind"] as? String == "notAllowed")
        #expect((object["coverage"] as? [String: Any])?["covered"] as? Int == 2)

        let sarif = try runExecutableCapturing(["conform", Self.shop, trace, "--format", "sarif"])
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let diverges = try #require(results.first { $0["ruleId"] as? String == "trace-diverges" })
        let location = ((diverges["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 4)
        #expect(results.filter { $0["ruleId"] as? String == "transition-not-taken" }.count == 6)
    }

    @Test("bad trace files exit 2 with the file, line and column and how to fix it")
    func badInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = try Self.write(#"{"do":"launch","version":1}"# + "\n" + #"{"do":"push" "route":"x"}"# + "\n", in: folder, name: "bad.jsonl")
        let run = try runExecutableCapturing(["conform", Self.shop, bad])
        #expect(run.status == 2)
        #expect(run.errors.contains("\(bad):2:14: error: expected ',' or '}' in an object, found '\"'"))
        let missing = try runExecutableCapturing(["conform", Self.shop, folder.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("none.jsonl: error: no such file"))
        let long = try Self.write(String(repeating: " ", count: 5_000) + "\n", in: folder, name: "long.jsonl")
        let capped = try runExecutableCapturing(["conform", Self.shop, long, "--max-line-bytes", "1000"])
        #expect(capped.status == 2)
        #expect(capped.errors.contains("long.jsonl:1: error: the line is longer than 1000 bytes"))
    }

    @Test("navgraph schema trace prints the published trace schema")
    func schema() throws {
        let run = try runExecutableCapturing(["schema", "trace"])
        #expect(run.status == 0)
        let file = SampleGraphs.repositoryRoot.appendingPathComponent("Schemas/navgraph-trace-1.schema.json")
        #expect(run.output == (try String(contentsOf: file, encoding: .utf8)))
    }
}
