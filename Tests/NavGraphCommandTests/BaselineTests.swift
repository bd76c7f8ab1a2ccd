import Foundation
import Testing

/// `navgraph baseline` and `verify --baseline`: a team with a known navigation bug adopts the
/// check, accepting that bug until it is fixed, while a new failure still fails the run.
@Suite("Baselines: known findings accepted, new ones fail", .serialized)
struct BaselineTests {
    /// A folder with the Account sample (three failing properties) and its baseline.
    static func adopted() throws -> URL {
        let folder = try temporaryFolder()
        try DiffCommandTests.write(try DiffCommandTests.buggyAccount(), "Graphs/Account.navgraph.yaml", in: folder)
        let written = try DiffCommandTests.run(["baseline"], in: folder)
        #expect(written.code == 0, "\(written.out)\(written.err)")
        #expect(written.out.contains(".navgraph-baseline.json: 3 findings of 1 graph accepted for now"), "\(written.out)")
        return folder
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("the baseline lists each finding by graph, rule and a fingerprint, sorted; one rule per invariant")
    func written() throws {
        let folder = try Self.adopted()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try Self.json(folder.appendingPathComponent(".navgraph-baseline.json"))
        #expect(baseline["formatVersion"] as? Int == 1)
        let findings = try #require(baseline["findings"] as? [[String: String]])
        #expect(findings.map { $0["rule"] ?? "" } == ["guard-bypass", "invariant/order details need sign-in", "invariant/orders need sign-in"])
        #expect(findings.allSatisfy { $0["graph"] == "Account" && ($0["fingerprint"]?.count ?? 0) == 16 })
        // Written twice, the same bytes.
        let first = try Data(contentsOf: folder.appendingPathComponent(".navgraph-baseline.json"))
        try DiffCommandTests.run(["baseline"], in: folder)
        #expect(try Data(contentsOf: folder.appendingPathComponent(".navgraph-baseline.json")) == first)
    }

    @Test("verify --baseline: the accepted failures pass the run (exit 0) and every report says they are accepted")
    func accepted() throws {
        let folder = try Self.adopted()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try DiffCommandTests.run(["verify", "--baseline", ".navgraph-baseline.json", "--diagrams", "none"], in: folder)
        #expect(run.code == 0, "\(run.out)\(run.err)")
        #expect(run.out.hasPrefix("✔ Account: no new failure; 3 of 7 properties fail as the baseline accepts: "), "\(run.out)")
        #expect(run.out.contains(": note: Account: orders need sign-in: accepted by the baseline: "), "\(run.out)")
        let reports = folder.appendingPathComponent("Reports/Account")
        let report = try Self.json(reports.appendingPathComponent("report.json"))
        #expect(report["status"] as? String == "passed")
        let states = (report["properties"] as? [[String: Any]] ?? []).compactMap { $0["baselineState"] as? String }
        #expect(states == ["unchanged", "unchanged", "unchanged"])
        let summary = try String(contentsOf: reports.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("Accepted by the baseline (known, not failing the run): orders need sign-in, order details need sign-in, guard bypass."), "\(summary)")
        #expect(summary.contains("| orders need sign-in | ☑️ accepted (baseline) |"))
        let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("failures=\"0\"") && junit.contains("<skipped message=\"accepted by the baseline: "), "\(junit)")
        // SARIF: notes carrying baselineState, a fingerprint that is not a line, one rule per invariant.
        let sarif = try Self.json(reports.appendingPathComponent("results.sarif"))
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let failures = results.filter { ($0["ruleId"] as? String).map { $0.hasPrefix("invariant/") || $0 == "guard-bypass" } ?? false }
        #expect(failures.count == 3)
        #expect(failures.allSatisfy { $0["level"] as? String == "note" && $0["baselineState"] as? String == "unchanged" })
        #expect(failures.allSatisfy { (($0["partialFingerprints"] as? [String: String])?["navgraph/v1"]?.count ?? 0) == 16 })
        let rules = try #require(((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let invariant = try #require(rules.first { $0["id"] as? String == "invariant/orders need sign-in" })
        #expect((invariant["help"] as? [String: String])?["markdown"]?.isEmpty == false)
        #expect(rules.allSatisfy { $0["fullDescription"] != nil && $0["help"] != nil })
        if SARIFSchema.available {
            let validation = try SARIFSchema.validate([reports.appendingPathComponent("results.sarif").path])
            #expect(validation.status == 0, "\(validation.output)")
        }
    }

    @Test("moving lines keeps a finding accepted; a new failure fails the run, marked new; a fixed one is listed to remove")
    func newAndFixed() throws {
        let folder = try Self.adopted()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("Graphs/Account.navgraph.yaml")
        let buggy = try DiffCommandTests.buggyAccount()
        // Lines moved: the fingerprints hold no line numbers.
        try ("# moved down by two lines\n#\n" + buggy).write(to: document, atomically: true, encoding: .utf8)
        let moved = try DiffCommandTests.run(["verify", "--baseline", ".navgraph-baseline.json", "--diagrams", "none"], in: folder)
        #expect(moved.code == 0, "\(moved.out)\(moved.err)")
        // A new invariant that fails: exit 1, the others still accepted.
        let broken = buggy.replacingOccurrences(of: "invariants:\n", with: "invariants:\n  help is never shown: top != help\n")
        #expect(broken != buggy)
        try broken.write(to: document, atomically: true, encoding: .utf8)
        let new = try DiffCommandTests.run(["verify", "--baseline", ".navgraph-baseline.json", "--diagrams", "none"], in: folder)
        #expect(new.code == 1, "\(new.out)\(new.err)")
        #expect(new.out.hasPrefix("✘ Account: 1 of 8 properties failed: help is never shown"), "\(new.out)")
        let sarif = try Self.json(folder.appendingPathComponent("Reports/Account/results.sarif"))
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let added = try #require(results.first { $0["ruleId"] as? String == "invariant/help is never shown" })
        #expect(added["level"] as? String == "error" && added["baselineState"] as? String == "new")
        // The bug fixed: nothing fails, and the baseline's three entries are listed as fixed.
        try DiffCommandTests.fixedAccount().write(to: document, atomically: true, encoding: .utf8)
        let fixed = try DiffCommandTests.run(["verify", "--baseline", ".navgraph-baseline.json", "--diagrams", "none"], in: folder)
        #expect(fixed.code == 0, "\(fixed.out)\(fixed.err)")
        #expect(fixed.out.contains("    fixed: invariant/orders need sign-in no longer fails; remove it from the baseline"), "\(fixed.out)")
    }

    @Test("a baseline that cannot be read or is not one is bad input, saying how to write it")
    func badBaseline() throws {
        let folder = try Self.adopted()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try DiffCommandTests.run(["verify", "--baseline", "nothing.json"], in: folder)
        #expect(missing.code == 2 && missing.err.contains("nothing.json: error: cannot read the baseline; write it with `navgraph baseline`"), "\(missing.err)")
        try "{\"formatVersion\": 9, \"findings\": []}".write(to: folder.appendingPathComponent("future.json"), atomically: true, encoding: .utf8)
        let future = try DiffCommandTests.run(["verify", "--baseline", "future.json"], in: folder)
        #expect(future.code == 2 && future.err.contains("is a baseline of format version 9"), "\(future.err)")
        try "[1, 2]".write(to: folder.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        let other = try DiffCommandTests.run(["verify", "--baseline", "other.json"], in: folder)
        #expect(other.code == 2 && other.err.contains("other.json: error: is not a navgraph baseline"), "\(other.err)")
    }
}
