import Foundation
import NavGraphCommand
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationGraph
import NavigationReports
import Testing

/// `--checker auto|explicit|symbolic` on verify, trace and render, and every report saying
/// which engine ran and why.
@Suite("The --checker option", .serialized)
struct EngineOptionTests {
    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }

    @Test("--checker symbolic runs the symbolic engine on a declarative graph, and every report says so")
    func symbolicEverywhere() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runExecutableCapturing(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path, "--diagrams", "none", "--checker", "symbolic"])
        #expect(run.status == 1)
        #expect(run.output.contains("(14 states, symbolic engine)"), "\(run.output)")
        #expect(!run.errors.contains("note:"))
        let account = folder.appendingPathComponent("Account")
        let engine = try Self.json(account.appendingPathComponent("report.json"))["engine"] as? [String: Any]
        #expect(engine?["name"] as? String == "symbolic")
        #expect(engine?["requested"] as? String == "symbolic")
        #expect(engine?["reason"] as? String == "asked for by name")
        let summary = try String(contentsOf: account.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("Checked by the symbolic engine (asked for by name)."))
        let junit = try String(contentsOf: account.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<property name=\"navgraph.engine\" value=\"symbolic\"/>"))
        let html = try String(contentsOf: account.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"engine\">Checked by the symbolic engine (asked for by name).</p>"))
        let sarif = try Self.json(account.appendingPathComponent("results.sarif"))
        let properties = ((sarif["runs"] as? [[String: Any]])?.first?["properties"]) as? [String: Any]
        #expect(properties?["engine"] as? String == "symbolic")
        #expect(properties?["engineRequested"] as? String == "symbolic")
    }

    @Test("auto lets the explicit engine finish a small graph first, and every report says why")
    func automaticSmallGraph() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runExecutableCapturing(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path, "--diagrams", "none"])
        #expect(run.status == 1)
        #expect(run.output.contains("(14 states, explicit engine)"), "\(run.output)")
        #expect(!run.errors.contains("note:"))
        let engine = try Self.json(folder.appendingPathComponent("Account/report.json"))["engine"] as? [String: Any]
        #expect(engine?["name"] as? String == "explicit")
        #expect(engine?["requested"] as? String == "auto")
        #expect(engine?["reason"] as? String == "it finished within the first 10,000 states, before the symbolic engine was needed")
    }

    @Test("bounds that need over a thousand decision-diagram variables still give a finite count, and --max-states says it does not apply")
    func manyVariables() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Deep bounds: BuDDy's own count over every variable would overflow a double (it was NaN).
        let run = try runExecutableCapturing(["verify", "Graphs/Onboarding.navgraph.yaml", "--max-depth", "24", "--max-modal-depth", "16",
                                              "--max-states", "3", "--reports", folder.path, "--diagrams", "none"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("(7 states, symbolic engine)"), "\(run.output)")
        #expect(run.errors.contains("note: Onboarding: --max-states bounds the explicit engine only"), "\(run.errors)")
        let statistics = try Self.json(folder.appendingPathComponent("Onboarding/report.json"))["statistics"] as? [String: Any]
        #expect(statistics?["states"] as? Int == 7)
    }

    /// ``SampleGraphs/outsideSymbolicSubset`` written into `folder`.
    static func outsideSymbolicSubset(in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("Guest.navgraph.yaml")
        try SampleGraphs.outsideSymbolicSubset.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test("auto falls back to the explicit engine on a graph the symbolic engine does not model, says why once, and --strict does not fail on it")
    func fallback() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.outsideSymbolicSubset(in: folder)
        let reports = folder.appendingPathComponent("reports").path
        let run = try runExecutableCapturing(["verify", graph, "--reports", reports, "--diagrams", "none", "--strict"])
        #expect(run.status == 0)
        let reason = SampleGraphs.outsideSymbolicSubsetReason
        let notes = run.errors.components(separatedBy: "\n").filter { $0.hasPrefix("note: Guest: checked by the explicit engine: the symbolic engine does not model \(reason)") }
        #expect(notes.count == 1, "\(run.errors)")
        #expect(run.output.contains("explicit engine)"))
        let engine = try Self.json(URL(fileURLWithPath: reports).appendingPathComponent("Guest/report.json"))["engine"] as? [String: Any]
        #expect(engine?["name"] as? String == "explicit")
        #expect((engine?["reason"] as? String)?.contains(reason) == true)
        // Quiet: no note.
        let quiet = try runExecutableCapturing(["verify", graph, "--reports", reports, "--diagrams", "none", "--quiet"])
        #expect(!quiet.errors.contains("note:"))
    }

    @Test("the symbolic engine asked for on a graph it does not model exits 2 with the reasons, in verify, trace and render")
    func symbolicRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.outsideSymbolicSubset(in: folder)
        for arguments in [["verify", graph, "--reports", folder.appendingPathComponent("reports").path, "--diagrams", "none"],
                          ["trace", graph],
                          ["render", graph, "--counterexample", "--format", "dot"]] {
            let run = try runExecutableCapturing(arguments + ["--checker", "symbolic"])
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errors.contains("the symbolic engine does not model this graph yet (\(SampleGraphs.outsideSymbolicSubsetReason)"), "\(arguments): \(run.errors)")
        }
        let unknown = try runExecutableCapturing(["trace", "Graphs/Account.navgraph.yaml", "--checker", "fastest"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("auto"))
    }

    @Test("trace says which engine ran, and both engines give counterexamples of the same length")
    func trace() throws {
        let explicit = try runExecutableCapturing(["trace", "Graphs/Account.navgraph.yaml", "--checker", "explicit"])
        let symbolic = try runExecutableCapturing(["trace", "Graphs/Account.navgraph.yaml", "--checker", "symbolic"])
        #expect(explicit.status == 1 && symbolic.status == 1)
        #expect(explicit.output.contains("Account: checked by the explicit engine (asked for by name)"))
        #expect(symbolic.output.contains("Account: checked by the symbolic engine (asked for by name)"))
        #expect(explicit.output.components(separatedBy: "\n").count == symbolic.output.components(separatedBy: "\n").count)
    }

    @Test("counts past Int.max are reported as such, and a depth that is not exact says so")
    func hugeCounts() throws {
        // 70 independent flags: 2^70 states, which the symbolic engine counts in a few nodes.
        let graph = try GraphDocument.load(FlagGraphs.document(flags: 70, violatedAt: 70), origin: "Flags.navgraph.yaml")
        let run = try GraphCheck.run(graph, engine: .symbolic)
        #expect(run.stateCount == 0x1p70)
        #expect(run.result.statistics.states == Int.max)
        let report = VerificationReport(graph: graph, run: run, lint: [])
        #expect(report.statistics.statesApproximate == 0x1p70)
        #expect(report.statistics.transitionsApproximate == run.transitionCount)
        #expect(report.statistics.statesText == "1.18e+21")
        // report.json: null, never the Int.max sentinel, with the float beside it; and back.
        let json = try ReportWriter.json(report)
        let statistics = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["statistics"] as? [String: Any]
        #expect(statistics?["states"] is NSNull)
        #expect(statistics?["transitions"] is NSNull)
        #expect(statistics?["statesApproximate"] as? Double == 0x1p70)
        #expect(!json.contains("\(Int.max)"))
        let decoded = try JSONDecoder().decode(VerificationReport.self, from: Data(json.utf8))
        #expect(decoded.statistics == report.statistics)
        let summary = ReportWriter.markdown(report, mermaid: nil)
        #expect(summary.contains("in 1.18e+21 states"))
        #expect(!summary.contains("\(Int.max)"))
        // Level k holds the states with k flags set: small diagrams, so every level is computed.
        #expect(report.statistics.depthIsExact)
        #expect(report.statistics.depth == 70)
        // Told to stop computing levels at once, the depth is a lower bound, and reports say so.
        let capped = try SymbolicChecker(graph, options: .init(levelNodeLimit: 0)).run()
        let cappedReport = VerificationReport(graph: graph, result: capped, lint: [], engine: run.engine)
        #expect(!cappedReport.statistics.depthIsExact)
        #expect(cappedReport.statistics.depth <= 70)   // the trace to the 70-flag state needs all 70
        #expect(ReportWriter.markdown(cappedReport, mermaid: nil)
            .contains("depth at least \(cappedReport.statistics.depth) (breadth-first levels computed, not all of them)"))
        // A small run's counts stay exact integers.
        let account = try SampleGraphs.load("Account.navgraph.yaml")
        let small = VerificationReport(graph: account, run: try GraphCheck.run(account), lint: [])
        #expect(small.statistics.statesApproximate == nil)
    }

    @Test("the symbolic engine prints progress lines in a log, and Ctrl-C stops it: its reports are written as interrupted, and it exits 130")
    func interruptedSymbolic() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The app-shaped graph at stack depth 16 saturates for seconds in a debug build: the progress
        // lines come from inside the walk, before the reachable set is known.
        let started = Date()
        let run = try runExecutableCapturing(["verify", "Benchmarks/Graphs/AppShaped.navgraph.yaml", "--checker", "symbolic", "--max-depth", "16", "--reports", folder.path,
                                              "--diagrams", "none", "--progress-interval", "0.2"],
                                             interruptWhen: { $0.contains("navgraph: AppShaped: symbolic: reachable set, saturating, ") })
        #expect(run.status == 130, "\(run.output)\n\(run.errors)")
        #expect(run.errors.contains(" states, "), "\(run.errors)")
        #expect(run.errors.contains(" live nodes, "), "\(run.errors)")
        #expect(run.output.contains("⚠ inconclusive: AppShaped: 7 of 7 properties undecided"), "\(run.output)")
        #expect(Date().timeIntervalSince(started) < 40)
        let report = try Self.json(folder.appendingPathComponent("AppShaped/report.json"))
        #expect((report["cutoff"] as? [String: Any])?["budget"] as? String == "interrupted")
        #expect((report["cutoff"] as? [String: Any])?["summary"] as? String == "interrupted before the symbolic engine reached its fixpoint")
        let timed = try runExecutableCapturing(["verify", "Benchmarks/Graphs/AppShaped.navgraph.yaml", "--checker", "symbolic", "--max-depth", "16", "--reports", folder.path,
                                                "--diagrams", "none", "--timeout", "1s"])
        #expect(timed.status == 3)
        #expect(timed.output.contains("(stopped before its fixpoint, symbolic engine)"), "\(timed.output)")
        #expect(timed.output.contains("not verified: the search was cut short by timeout = 1.0 s before the symbolic engine reached its fixpoint"), "\(timed.output)")
        #expect((report["engine"] as? [String: Any])?["name"] as? String == "symbolic")
        // Stopped before its fixpoint it knows nothing unreachable: no route is "never shown".
        let stopped = try Self.json(folder.appendingPathComponent("AppShaped/report.json"))
        #expect((stopped["routesUnreached"] as? [String]) == [])
        #expect((stopped["routesReached"] as? [String])?.isEmpty == false)
        let summary = try String(contentsOf: folder.appendingPathComponent("AppShaped/summary.md"), encoding: .utf8)
        #expect(!summary.contains("never shown"), "\(summary)")
    }
}
