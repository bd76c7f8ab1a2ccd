import Foundation
import NavGraphCommand
import NavGraphTestSupport
import Testing

/// What `navgraph` says, and exits with, when a search is cut short, interrupted, or fails a
/// property without a counterexample.
@Suite("Verdicts on the command line", .serialized)
struct VerdictTests {
    /// Writes `document` as `<folder>/<name>.navgraph.yaml` and returns its path.
    static func write(_ document: String, name: String = "Flags", in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("\(name).navgraph.yaml")
        try document.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Runs the built navgraph; its exit code, standard output and error.
    static func run(_ arguments: [String], interruptWhen: ((String) -> Bool)? = nil) throws -> (code: Int32, out: String, err: String) {
        let run = try runExecutableCapturing(arguments, interruptWhen: interruptWhen)
        return (run.status, run.output, run.errors)
    }

    @Test("a search cut short by maxStates exits 3, leads with 'inconclusive', and every report says so")
    func inconclusiveEverywhere() throws {
        // Budgets of the explicit engine (maxStates bounds its state table; the symbolic engine
        // has none and decides this graph whole), so these runs ask for it by name.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.write(FlagGraphs.document(maxStates: 2_000), in: folder)
        let reports = folder.appendingPathComponent("Reports")
        let run = try Self.run(["verify", graph, "--checker", "explicit", "--reports", reports.path])
        #expect(run.code == 3)
        #expect(run.out.hasPrefix("⚠ inconclusive: Flags: 5 of 5 properties undecided"))
        #expect(run.out.contains("not verified: the search was cut short by maxStates = 2,000 states"))
        #expect(run.out.contains("next: "))
        #expect(!run.out.contains("✔"))

        let graphReports = reports.appendingPathComponent("Flags")
        let summary = try String(contentsOf: graphReports.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("## ⚠️ Flags"))
        #expect(summary.contains("**Inconclusive**"))
        #expect(!summary.contains("✅"))
        let junit = try String(contentsOf: graphReports.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("skipped=\"5\""))
        #expect(junit.components(separatedBy: "<skipped message=\"inconclusive: ").count == 6)
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: graphReports.appendingPathComponent("results.sarif"))) as? [String: Any]
        let results = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.count == 5)
        #expect(results.allSatisfy { $0["level"] as? String == "note" })
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: graphReports.appendingPathComponent("report.json"))) as? [String: Any]
        #expect(json?["status"] as? String == "inconclusive")
        #expect(json?["passed"] as? Bool == false)
        #expect((json?["cutoff"] as? [String: Any])?["budget"] as? String == "maxStates")
        let html = try String(contentsOf: graphReports.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("Not verified to the end"))

        #expect(try Self.run(["verify", graph, "--checker", "explicit", "--reports", reports.path, "--allow-incomplete"]).code == 0)
        #expect(try Self.run(["trace", graph, "--checker", "explicit"]).code == 3)
        #expect(try Self.run(["trace", graph, "--checker", "explicit", "--allow-incomplete"]).code == 0)
    }

    @Test("bounds and budgets on the command line override the document's, and bad values exit 2")
    func commandLineBounds() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.write(FlagGraphs.document(), in: folder)
        let reports = folder.appendingPathComponent("Reports").path
        let capped = try Self.run(["verify", graph, "--checker", "explicit", "--reports", reports, "--max-states", "500", "--quiet"])
        #expect(capped.code == 3)
        #expect(capped.out.contains("(500 states explored, explicit engine)"))
        let timed = try Self.run(["verify", graph, "--checker", "explicit", "--reports", reports, "--timeout", "0.2s", "--quiet"])
        #expect(timed.code == 3)
        #expect(timed.out.contains("cut short by timeout = 0.2 s"))
        let memory = try Self.run(["verify", graph, "--checker", "explicit", "--reports", reports, "--max-memory", "1MB", "--quiet"])
        #expect(memory.code == 3)
        #expect(memory.out.contains("cut short by maxMemory = 1 MB"))
        for bad in [["--timeout", "soon"], ["--max-memory", "lots"], ["--max-depth", "0"], ["--max-states", "0"], ["--progress-interval", "x"]] {
            #expect(navgraph(["verify", graph, "--reports", reports] + bad) == 2, "\(bad)")
        }
    }

    @Test("with several graphs a failure outranks an inconclusive one, and bad input outranks both")
    func combinedExitCodes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.write(FlagGraphs.document(maxStates: 500), in: folder)
        let reports = folder.appendingPathComponent("Reports").path
        #expect(navgraph(["verify", graph, "--checker", "explicit", "Graphs/Onboarding.navgraph.yaml", "--reports", reports, "--quiet"]) == 3)
        #expect(navgraph(["verify", graph, "Graphs/Account.navgraph.yaml", "--reports", reports, "--quiet"]) == 1)
        #expect(navgraph(["verify", graph, "Graphs/Account.navgraph.yaml", "Graphs/Missing.navgraph.yaml", "--reports", reports, "--quiet"]) == 2)
    }

    @Test("trace and verify agree: a coverage failure without a counterexample fails trace too")
    func traceAgreesWithVerify() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.write("""
            navgraph: 1
            name: Shallow
            root: a
            routes: { a: {}, b: {}, c: {} }
            transitions: [{ from: a, to: b }, { from: b, to: c }]
            bounds: { maxStackDepth: 2 }
            """, name: "Shallow", in: folder)
        #expect(navgraph(["verify", graph, "--reports", folder.appendingPathComponent("Reports").path, "--quiet"]) == 1)
        let trace = try Self.run(["trace", graph])
        #expect(trace.code == 1)
        #expect(!trace.out.contains("every property"))
        #expect(trace.out.contains("every transition taken: never taken within stack depth 2: push b → c (1 successor cut by the depth bounds)"))
    }

    @Test("render --counterexample on a cut-off search says inconclusive and exits 3; trace on lint errors exits 1 as verify does")
    func renderAndTraceAgree() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.write(FlagGraphs.document(maxStates: 500), in: folder)
        let render = try Self.run(["render", graph, "--checker", "explicit", "--counterexample", "--format", "dot", "--output", folder.appendingPathComponent("x.dot").path])
        #expect(render.code == 3)
        #expect(render.err.contains("inconclusive: the search was cut short by maxStates = 500 states"), "\(render.err)")
        let linted = try Self.write("navgraph: 1\nname: Linted\nroot: a\nroutes: { a: {} }\ntransitions: [{ from: a, to: nowhere }]\n", name: "Linted", in: folder)
        let trace = try Self.run(["trace", linted])
        #expect(trace.code == 1)
        #expect(trace.out.contains(": error: Linted: lint unknown-route: "), "\(trace.out)")
        #expect(try Self.run(["verify", linted, "--reports", folder.appendingPathComponent("R").path]).code == 1)
    }

    @Test("Ctrl-C stops the search, writes its reports as interrupted, and exits 130; progress lines reach a log that is not a terminal")
    func interrupted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.write(FlagGraphs.document(), in: folder)
        let reports = folder.appendingPathComponent("Reports")
        let run = try Self.run(["verify", graph, "--checker", "explicit", "--reports", reports.path, "--max-states", "100000000", "--timeout", "120",
                                "--progress-interval", "0.2"],
                               interruptWhen: { $0.contains("navgraph: Flags: ") })
        #expect(run.code == 130)
        #expect(run.err.contains("states ("))
        #expect(run.err.contains("/s), level "))
        #expect(run.err.contains("closest budget: "))
        #expect(run.err.contains("interrupted; writing the reports"))
        #expect(run.out.contains("⚠ inconclusive: Flags"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: reports.appendingPathComponent("Flags/report.json"))) as? [String: Any]
        #expect((json?["cutoff"] as? [String: Any])?["budget"] as? String == "interrupted")
        let summary = try String(contentsOf: reports.appendingPathComponent("Flags/summary.md"), encoding: .utf8)
        #expect(summary.contains("the search was interrupted in level"))
    }
}
