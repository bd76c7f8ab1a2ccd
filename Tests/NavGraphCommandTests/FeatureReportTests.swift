import Foundation
import NavGraphTestSupport
import Testing

/// Reports of graphs composed of features: every format places a finding in the feature's
/// document and names the feature of each finding and verdict.
@Suite("Feature graphs in reports", .serialized)
struct FeatureReportTests {
    static let app = """
        navgraph: 1
        name: App
        root: home
        features:
          people: { file: features/People.navgraph.yaml, exits: { done: home } }
        routes:
          home:
        transitions:
          - { from: home, to: people.list }
        invariants:
          detail is never shown: top != people.detail

        """

    /// People, with a route nothing leads to (a lint warning, line 8) and, when `bad`, a transition
    /// to an undeclared route (a lint error, line 12).
    static func people(bad: Bool = false) -> String {
        """
        navgraph: 1
        name: People
        root: list
        exits: [done]
        routes:
          list:
          detail:
          orphan:
        transitions:
          - { from: list, to: detail }
          - { from: detail, to: done }
        \(bad ? "  - { from: list, to: nowhere }" : "")
        invariants:
          list stays shallow: count(list) <= 1

        """
    }

    static func folder(bad: Bool) throws -> URL {
        let folder = try temporaryFolder()
        try DiffCommandTests.write(app, "Graphs/App.navgraph.yaml", in: folder)
        try DiffCommandTests.write(people(bad: bad), "Graphs/features/People.navgraph.yaml", in: folder)
        return folder
    }

    /// The properties of App's report.json.
    static func properties(_ folder: URL) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(try read(folder, "Reports/App/report.json").utf8)) as? [String: Any]
        return (json?["properties"] as? [[String: Any]]) ?? []
    }

    static func read(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("a lint error inside a feature is placed in the feature's file and names the feature, in every format")
    func lintInFeature() throws {
        let folder = try Self.folder(bad: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try DiffCommandTests.run(["verify", "Graphs/App.navgraph.yaml", "--reports", "Reports"], in: folder)
        #expect(run.code == 1, "\(run.out)\(run.err)")
        let terminal = run.out + run.err
        #expect(terminal.contains("Graphs/features/People.navgraph.yaml:12:5: error: App: lint unknown-route: a transition names route 'people.nowhere', which is not declared (feature people)"), "\(terminal)")

        let sarif = try JSONSerialization.jsonObject(with: Data(try Self.read(folder, "Reports/App/results.sarif").utf8)) as? [String: Any]
        let results = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let result = try #require(results.first { ($0["ruleId"] as? String) == "lint/unknown-route" })
        let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]) ?? [:]
        let artifact = physical["artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "Graphs/features/People.navgraph.yaml")
        #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 12)
        #expect((result["properties"] as? [String: Any])?["feature"] as? String == "people")

        let junit = try Self.read(folder, "Reports/App/junit.xml")
        #expect(junit.contains(#"name="lint: unknown-route at 12:5" file="Graphs/features/People.navgraph.yaml" line="12">"#), "\(junit)")
        #expect(junit.contains(#"<property name="navgraph.feature" value="people"/>"#))
        #expect(junit.contains(">Graphs/features/People.navgraph.yaml:12:5: a transition names"))

        let summary = try Self.read(folder, "Reports/App/summary.md")
        #expect(summary.contains("- `unknown-route` error at Graphs/features/People.navgraph.yaml:12:5 (feature people): "), "\(summary)")

        let json = try JSONSerialization.jsonObject(with: Data(try Self.read(folder, "Reports/App/report.json").utf8)) as? [String: Any]
        let finding = try #require((json?["lint"] as? [[String: Any]])?.first { ($0["rule"] as? String) == "unknown-route" })
        #expect(finding["feature"] as? String == "people")
        #expect((finding["location"] as? [String: Any])?["file"] as? String == "Graphs/features/People.navgraph.yaml")

        let lint = try DiffCommandTests.run(["lint", "Graphs/App.navgraph.yaml", "--format", "json"], in: folder)
        let findings = ((try JSONSerialization.jsonObject(with: Data(lint.out.utf8)) as? [String: Any])?["lint"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]
        let jsonFinding = try #require(findings?.first { ($0["rule"] as? String) == "unknown-route" }, "\(lint.out)")
        #expect(jsonFinding["file"] as? String == "Graphs/features/People.navgraph.yaml")
        #expect(jsonFinding["feature"] as? String == "people")
    }

    @Test("verdicts name their feature: a feature's invariant by its document, an app invariant by where its counterexample ends")
    func verdictFeatures() throws {
        let folder = try Self.folder(bad: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try DiffCommandTests.run(["verify", "Graphs/App.navgraph.yaml", "--reports", "Reports"], in: folder)
        #expect(run.code == 1, "\(run.out)\(run.err)")
        let properties = try Self.properties(folder)
        let failed = try #require(properties.first { ($0["name"] as? String) == "detail is never shown" })
        #expect(failed["status"] as? String == "failed")
        #expect(failed["feature"] as? String == "people", "the counterexample ends at people.detail")
        #expect((failed["location"] as? [String: Any])?["file"] == nil, "the invariant is the app's")
        let featureInvariant = try #require(properties.first { ($0["name"] as? String) == "people.list stays shallow" })
        #expect(featureInvariant["feature"] as? String == "people")
        #expect((featureInvariant["location"] as? [String: Any])?["file"] as? String == "Graphs/features/People.navgraph.yaml")
        #expect(properties.first { ($0["name"] as? String) == "no trap" }?["feature"] == nil)

        let summary = try Self.read(folder, "Reports/App/summary.md")
        #expect(summary.contains("| property | status | feature | detail |"))
        #expect(summary.contains("### Counterexample: detail is never shown (feature people)"), "\(summary)")
        let junit = try Self.read(folder, "Reports/App/junit.xml")
        #expect(junit.contains(#"name="invariant: people.list stays shallow" file="Graphs/features/People.navgraph.yaml" line="14">"#), "\(junit)")
        let html = try Self.read(folder, "Reports/App/report.html")
        #expect(html.contains("<p>Feature people: "))
        #expect(html.contains("<code>unreachable-route</code> warning at Graphs/features/People.navgraph.yaml:8:3 (feature people): "), "\(html)")
        let terminal = run.out + run.err
        #expect(terminal.contains("Graphs/App.navgraph.yaml:11:"), "\(terminal)")
        #expect(terminal.contains("(feature people) [invariant]"), "\(terminal)")
    }

    @Test("an app invariant named like a feature's (people.x) is the app's in reports; a feature's own stays the feature's")
    func appInvariantNamedLikeAFeature() throws {
        let folder = try Self.folder(bad: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = Self.app.replacingOccurrences(of: "invariants:\n", with: "invariants:\n  people.shallow: depth >= 1\n")
        try DiffCommandTests.write(app, "Graphs/App.navgraph.yaml", in: folder)
        let run = try DiffCommandTests.run(["verify", "Graphs/App.navgraph.yaml", "--reports", "Reports"], in: folder)
        #expect(run.code == 1, "\(run.out)\(run.err)")
        let properties = try Self.properties(folder)
        let appInvariant = try #require(properties.first { ($0["name"] as? String) == "people.shallow" })
        #expect(appInvariant["status"] as? String == "passed")
        #expect(appInvariant["feature"] == nil, "\(appInvariant)")
        #expect(properties.first { ($0["name"] as? String) == "people.list stays shallow" }?["feature"] as? String == "people")
    }

    @Test("trace names the feature of the counterexample it prints, as verify does")
    func traceNamesFeature() throws {
        let folder = try Self.folder(bad: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try DiffCommandTests.run(["trace", "Graphs/App.navgraph.yaml", "--property", "detail is never shown"], in: folder)
        #expect(run.code == 1, "\(run.out)\(run.err)")
        let headline = run.out.split(separator: "\n").first { $0.hasPrefix("App: detail is never shown: ") }
        #expect(headline?.hasSuffix(" (feature people)") == true, "\(run.out)")
        let all = try DiffCommandTests.run(["trace", "Graphs/App.navgraph.yaml"], in: folder)
        #expect(all.out.contains("    every route reachable: "), "\(all.out)")
        #expect(all.out.contains("(feature people)"), "\(all.out)")
    }

    @Test("a feature document that does not load is reported in that document, at its line")
    func featureNotLoading() throws {
        let folder = try Self.folder(bad: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try DiffCommandTests.write(Self.people().replacingOccurrences(of: "exits: [done]", with: "exits: [done]\ntabz: []"),
                                   "Graphs/features/People.navgraph.yaml", in: folder)
        let run = try DiffCommandTests.run(["verify", "Graphs/App.navgraph.yaml", "--reports", "Reports"], in: folder)
        #expect(run.code == 2, "\(run.out)\(run.err)")
        let sarif = try Self.read(folder, "Reports/App/results.sarif")
        #expect(sarif.contains(#""uri" : "Graphs/features/People.navgraph.yaml""#), "\(sarif)")
        #expect(sarif.contains(#""startLine" : 5"#), "\(sarif)")
        let junit = try Self.read(folder, "Reports/App/junit.xml")
        #expect(junit.contains(#"file="Graphs/features/People.navgraph.yaml" line="5""#), "\(junit)")
    }
}
