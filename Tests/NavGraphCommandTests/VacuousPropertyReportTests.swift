import Foundation
import Testing

/// `vacuous-property` where users see lint: `navgraph lint`'s lines and the SARIF log of `verify`.
@Suite("A vacuous property in lint output and SARIF")
struct VacuousPropertyReportTests {
    static let document = """
    navgraph: 1
    name: Vacuous
    root: home
    routes:
      home: {}
      about: {}
      lost: {}
    transitions:
      - { from: home, to: about }
    properties:
      back home: { from: top == lost, canReach: top == home }

    """

    @Test("lint prints it at the condition's line with its rule id; verify's SARIF log carries it as a warning with its rule")
    func reported() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.document.write(to: folder.appendingPathComponent("Vacuous.navgraph.yaml"), atomically: true, encoding: .utf8)
        let lint = try DiffCommandTests.run(["lint", "Vacuous.navgraph.yaml"], in: folder)
        let line = "Vacuous.navgraph.yaml:11:22: warning: Vacuous: lint vacuous-property: property 'back home': its 'from' condition ('top == lost') holds in no state the graph can reach"
        #expect((lint.out + lint.err).contains(line), "\(lint.out)\(lint.err)")
        #expect((lint.out + lint.err).contains("(route 'lost' cannot be reached); write a 'from:' that some reachable state satisfies"), "\(lint.out)\(lint.err)")

        _ = try DiffCommandTests.run(["verify", "Vacuous.navgraph.yaml", "--diagrams", "none"], in: folder)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("Reports/Vacuous/results.sarif"))) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let finding = try #require(results.first { $0["ruleId"] as? String == "lint/vacuous-property" })
        #expect(finding["level"] as? String == "warning")
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
        #expect(rules.contains { $0["id"] as? String == "lint/vacuous-property" })
    }
}
