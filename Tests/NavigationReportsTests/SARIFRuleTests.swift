import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationGraph
import NavigationReports
import Testing

@Suite("SARIF rules from the property registry")
struct SARIFRuleTests {
    @Test("every run lists the every-run kinds' rules in registry order, then the kinds judged only here, each with the registry's text and severity")
    func rulesFromTheRegistry() throws {
        // Requests has the kinds only graphs with requests are judged by.
        let graph = try SampleGraphs.load("Requests.navgraph.yaml")
        let report = VerificationReport(graph: graph, result: try Checker(graph).run(), lint: [])
        let log = try JSONSerialization.jsonObject(with: Data(try SARIFLog.text([report]).utf8)) as? [String: Any]
        let run = try #require((log?["runs"] as? [[String: Any]])?.first)
        let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let rules = try #require(driver?["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        let everyRun = PropertyRegistry.kinds.filter { $0.ruleListing == .everyRun }.map(\.id)
        let judgedHere = report.properties.map(\.kind).filter { !everyRun.contains($0) }
        #expect(!judgedHere.isEmpty, "Requests is judged by kinds listed only where judged")
        #expect(ids == everyRun + judgedHere.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
        for rule in rules {
            let kind = try #require(PropertyRegistry.kind(id: rule["id"] as? String ?? ""))
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == kind.rule)
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == kind.severity.rawValue)
        }
    }
}
