import Foundation
import NavGraphTestSupport
@testable import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationVerification
import Testing

/// The verification pipeline as a library: each expensive step once per graph, the state
/// diagram from the search that produced the verdicts, and the same files `navgraph verify`
/// writes, from any Swift caller.
@Suite("GraphVerification")
struct GraphVerificationTests {
    static func verify(_ file: String, engine: EngineRequest) throws -> (VerificationOutcome, WorkTally) {
        let graph = try SampleGraphs.load(file)
        var options = VerificationOptions()
        options.engine = engine
        let tally = WorkTally()
        let outcome = try WorkTally.$current.withValue(tally) {
            try GraphVerification(graph: graph, path: "Graphs/\(file)", options: options).run()
        }
        return (outcome, tally)
    }

    @Test("the explicit engine, asked for or chosen by auto: lint once, the model once, one search, whose state graph is the state diagram",
          arguments: ["Onboarding.navgraph.yaml", "Account.navgraph.yaml"], [EngineRequest.explicit, .automatic])
    func explicitOnce(file: String, engine: EngineRequest) throws {
        let (outcome, tally) = try Self.verify(file, engine: engine)
        #expect(outcome.run?.engine.engine == .explicit)
        #expect(tally.count(of: .lint) == 1)
        #expect(tally.count(of: .model) == 1)
        #expect(tally.count(of: .search) == 1)
        let states = try #require(outcome.files.first { $0.name == "states.dot" })
        // The diagram drawn from that one search is the one a separate state-graph search gives.
        let graph = try SampleGraphs.load(file)
        let separate = try Checker(graph).stateGraph(maxStates: VerificationOptions.defaultStateDiagramLimit)
        #expect(separate.states.count == outcome.report.statistics.states)
        let redrawn = StateDiagram(graph, separate).dot(highlighting: outcome.run?.result.failures.compactMap(\.trace).first)
        #expect(String(decoding: states.bytes, as: UTF8.self) == redrawn)
    }

    @Test("the symbolic engine: lint once and the model once; its small models' states are listed by one explicit search over the same model")
    func symbolicOnce() throws {
        let (outcome, tally) = try Self.verify("Account.navgraph.yaml", engine: .symbolic)
        #expect(outcome.run?.engine.engine == .symbolic)
        #expect(tally.count(of: .lint) == 1)
        #expect(tally.count(of: .model) == 1)
        #expect(tally.count(of: .search) == 2)
        #expect(outcome.files.contains { $0.name == "states.dot" })
    }

    @Test("a graph larger than the state diagram's limit keeps no state graph and draws none")
    func largeModelNoStateDiagram() throws {
        let (outcome, tally) = try Self.verify("Shop.navgraph.yaml", engine: .explicit)
        #expect(outcome.report.statistics.states > VerificationOptions.defaultStateDiagramLimit)
        #expect(tally.count(of: .search) == 1)
        #expect(!outcome.files.contains { $0.name.hasPrefix("states.") })
    }

    @Test("the library writes the folder `navgraph verify` writes, byte for byte", arguments: ["Account", "Onboarding", "Shop"])
    func sameFilesAsTheCommand(name: String) throws {
        let (outcome, _) = try Self.verify("\(name).navgraph.yaml", engine: .automatic)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-verification-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try outcome.write(toReports: folder.path)
        let committed = SampleGraphs.repositoryRoot.appendingPathComponent("Reports/\(name)")
        let expected = try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path).sorted() == expected)
        for file in expected {
            let written = try Data(contentsOf: folder.appendingPathComponent("\(name)/\(file)"))
            #expect(written == (try Data(contentsOf: committed.appendingPathComponent(file))), "\(name)/\(file)")
        }
    }

    @Test("a graph with lint errors is not explored: four failing reports, no search")
    func lintErrors() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: Broken\nroot: a\nroutes: { a: {} }\ntransitions: [{ from: a, to: nowhere }]\n",
                                           origin: "Broken.navgraph.yaml")
        let tally = WorkTally()
        let outcome = try WorkTally.$current.withValue(tally) { try GraphVerification(graph: graph, path: "Broken.navgraph.yaml").run() }
        #expect(outcome.run == nil)
        #expect(outcome.report.notExplored != nil)
        #expect(outcome.files.map(\.name) == ["report.json", "summary.md", "junit.xml", "results.sarif"])
        #expect(tally.count(of: .lint) == 1)
        #expect(tally.count(of: .search) == 0)
    }
}
