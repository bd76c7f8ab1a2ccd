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
        // Each invariant is a rule of its own, `invariant/<name>`, where the report lists it.
        let judgedHere = report.properties.map(\.ruleId).filter { !everyRun.contains($0) }
        #expect(!judgedHere.isEmpty, "Requests is judged by kinds listed only where judged")
        #expect(judgedHere.contains("invariant/compose needs sign-in"))
        #expect(ids == everyRun + judgedHere.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } })
        for rule in rules {
            let id = rule["id"] as? String ?? ""
            let kind = try #require(PropertyRegistry.kind(id: id.hasPrefix("invariant/") ? PropertyKind.invariant.id : id))
            let short = (rule["shortDescription"] as? [String: Any])?["text"] as? String
            #expect(short == (id.hasPrefix("invariant/") ? "The invariant '\(id.dropFirst("invariant/".count))' holds in every reachable state." : kind.rule))
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == kind.severity.rawValue)
            // Code scanning shows the help with an alert: the kind's, with its fix.
            #expect((rule["help"] as? [String: Any])?["markdown"] as? String == kind.help)
            #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.hasPrefix(short ?? "-") == true)
        }
    }
}
