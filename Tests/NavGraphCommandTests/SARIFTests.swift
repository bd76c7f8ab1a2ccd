import Foundation
import NavigationChecker
import NavigationGraph
import NavigationReports
import NavGraphTestSupport
import Testing

@Suite("SARIF logs for code scanning")
struct SARIFTests {
    static func report(_ origin: String) throws -> VerificationReport {
        // The invariant fails in the initial state: a result with a location.
        let graph = try GraphDocument.load("navgraph: 1\nname: My Graph\nroot: a\nroutes: { a: {} }\ninvariants: { never a: not (top == a) }\n", origin: origin)
        return VerificationReport(graph: graph, result: try Checker(graph).run(), lint: GraphLinter.lint(graph))
    }

    static func runs(_ reports: [VerificationReport]) throws -> [[String: Any]] {
        let log = try JSONSerialization.jsonObject(with: Data(try SARIFLog.text(reports).utf8)) as? [String: Any]
        return log?["runs"] as? [[String: Any]] ?? []
    }

    @Test("one run per graph, each with its own category, so code scanning accepts them in one upload")
    func categories() throws {
        let runs = try Self.runs([try Self.report("Graphs/A.navgraph.yaml"), try Self.report("Graphs/B.navgraph.yaml")])
        #expect(runs.count == 2)
        #expect(runs.map { ($0["automationDetails"] as? [String: Any])?["id"] as? String } == ["navgraph/My Graph/", "navgraph/My Graph/"])
        let committed = try JSONSerialization.jsonObject(with: Data(contentsOf: repositoryRoot.appendingPathComponent("Reports/Account/results.sarif"))) as? [String: Any]
        let run = (committed?["runs"] as? [[String: Any]])?.first
        #expect((run?["automationDetails"] as? [String: Any])?["id"] as? String == "navgraph/Account/")
    }

    @Test("a relative document path is relative to %SRCROOT%; an absolute one is a file: URI; both percent-encoded")
    func uris() throws {
        func artifact(_ origin: String) throws -> [String: Any]? {
            let runs = try Self.runs([try Self.report(origin)])
            let result = (runs.first?["results"] as? [[String: Any]])?.first
            let location = (result?["locations"] as? [[String: Any]])?.first
            return (location?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        }
        let relative = try artifact("./Graphs/My Graph.navgraph.yaml")
        #expect(relative?["uri"] as? String == "Graphs/My%20Graph.navgraph.yaml")
        #expect(relative?["uriBaseId"] as? String == "%SRCROOT%")
        let absolute = try artifact("/work/repo/Graphs/a.navgraph.yaml")
        #expect(absolute?["uri"] as? String == "file:///work/repo/Graphs/a.navgraph.yaml")
        #expect(absolute?["uriBaseId"] == nil)
    }
}
