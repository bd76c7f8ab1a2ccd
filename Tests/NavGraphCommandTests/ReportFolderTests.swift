import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NavGraphCommand
import NavigationVerification
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A checkout can plant anything in `Reports/`: links, stale reports, files where folders go.
/// `navgraph verify` must never write outside its reports because of it, never leave a torn
/// report, and leave each graph's folder holding exactly this run's reports.
@Suite("report folders a checkout can plant things in", .serialized)
struct ReportFolderTests {
    /// A graph whose five properties hold in two states.
    static let passing = """
        navgraph: 1
        name: Plain
        root: home
        routes:
          home: {}
          detail: {}
        transitions:
          - { from: home, to: detail }
        invariants:
          shallow: depth <= 3
        """

    /// `passing` with an invariant that fails, so its reports have a counterexample.
    static let failing = passing.replacingOccurrences(of: "depth <= 3", with: "depth <= 0")

    /// `passing` with two lint errors: an undeclared route and an undeclared flag.
    static let linted = passing.replacingOccurrences(of: "  - { from: home, to: detail }", with: "  - { from: home, to: detail }\n  - { from: home, to: nowhere, when: ghost }")

    /// A scratch folder with `Plain.navgraph.yaml` holding `text`, and its reports root.
    private func workspace(_ text: String = passing) throws -> (folder: URL, graph: String, reports: URL) {
        let folder = try temporaryFolder()
        let graph = folder.appendingPathComponent("Plain.navgraph.yaml")
        try text.write(to: graph, atomically: true, encoding: .utf8)
        return (folder, graph.path, folder.appendingPathComponent("Reports"))
    }

    private func listing(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: - Point 7: links are never written through

    @Test("a link planted where a report goes is refused and the file it points to is untouched")
    func plantedFileLink() throws {
        let (folder, graph, reports) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside.txt")
        try "keep me\n".write(to: outside, atomically: true, encoding: .utf8)
        let plain = reports.appendingPathComponent("Plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: plain.appendingPathComponent("junit.xml").path, withDestinationPath: outside.path)

        let run = try navgraphCapturingErrors(["verify", graph, "--reports", reports.path])
        #expect(run.code == 2)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me\n")
        #expect(run.errors.contains("\(plain.path)/junit.xml is a symbolic link to \(outside.path)"), "\(run.errors)")
        #expect(run.errors.contains("remove the link and run again"), "\(run.errors)")
        #expect(try listing(plain) == ["junit.xml"], "nothing is written beside a refused link")
    }

    @Test("a link planted where the run's overview.md goes is refused, its target untouched, and the graph's own reports still written")
    func plantedOverviewLink() throws {
        let (folder, graph, reports) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside.txt")
        try "keep me\n".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: reports.appendingPathComponent("overview.md").path, withDestinationPath: outside.path)

        let run = try navgraphCapturingErrors(["verify", graph, "--reports", reports.path])
        #expect(run.code == 2)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me\n")
        #expect(run.errors.contains("\(reports.path)/overview.md is a symbolic link to \(outside.path)"), "\(run.errors)")
        #expect(try listing(reports.appendingPathComponent("Plain")).contains("report.json"))
        // Without the link, the overview is written and names the graph.
        try FileManager.default.removeItem(at: reports.appendingPathComponent("overview.md"))
        #expect(try navgraphCapturingErrors(["verify", graph, "--reports", reports.path]).code == 0)
        let overview = try String(contentsOf: reports.appendingPathComponent("overview.md"), encoding: .utf8)
        #expect(overview.hasPrefix("# NavGraph: 1 graph — 1 passed\n"), "\(overview)")
        #expect(overview.contains("| Plain | ✅ PASSED | — | 2 | `Plain/` |"), "\(overview)")
    }

    @Test("a graph's folder that is a link is refused, and nothing lands where it points")
    func linkedGraphFolder() throws {
        let (folder, graph, reports) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: reports.appendingPathComponent("Plain").path, withDestinationPath: elsewhere.path)

        let run = try navgraphCapturingErrors(["verify", graph, "--reports", reports.path])
        #expect(run.code == 2)
        #expect(try listing(elsewhere).isEmpty)
        #expect(run.errors.contains("\(reports.path)/Plain is a symbolic link to \(elsewhere.path)"), "\(run.errors)")
    }

    @Test("a reports root that is a link is refused, also a folder on the way in a relative --reports")
    func linkedReportsRoot() throws {
        let (folder, graph, reports) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: reports.path, withDestinationPath: elsewhere.path)

        let run = try navgraphCapturingErrors(["verify", graph, "--reports", reports.path])
        #expect(run.code == 2)
        #expect(try listing(elsewhere).isEmpty)
        #expect(run.errors.contains("\(reports.path) is a symbolic link"), "\(run.errors)")

        // Relative to the working folder (the checkout), every folder on the way is checked.
        let scratch = try ReportFolderTests.relativeScratch()
        defer { try? FileManager.default.removeItem(at: scratch.url) }
        try FileManager.default.createSymbolicLink(at: scratch.url.appendingPathComponent("planted"), withDestinationURL: elsewhere)
        let relative = try navgraphCapturingErrors(["verify", graph, "--reports", scratch.relative + "/planted/Reports"])
        #expect(relative.code == 2)
        #expect(try listing(elsewhere).isEmpty)
        #expect(relative.errors.contains(scratch.relative + "/planted is a symbolic link"), "\(relative.errors)")
    }

    @Test("the folders above an absolute --reports may be links (macOS's /tmp is one)")
    func linkedAncestorOfAbsoluteRoot() throws {
        let (folder, graph, _) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("alias"), withDestinationURL: real)
        #expect(navgraph(["verify", graph, "--reports", folder.appendingPathComponent("alias/Reports").path]) == 0)
        #expect(try listing(real.appendingPathComponent("Reports/Plain")).contains("report.json"))
    }

    // MARK: - Point 7: every report is written whole or not at all

    @Test("reports are renamed into place: no temporary file is left, and short writes are finished")
    func atomicWrites() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        var folder = ReportFolder(root: root.path, name: "Plain")
        // A writer that takes at most three bytes a call, as a pipe or a signal may.
        folder.writer = { descriptor, bytes in write(descriptor, bytes.baseAddress, min(bytes.count, 3)) }
        let text = Array("{\n  \"graph\" : \"Plain\"\n}\n".utf8)
        try folder.replaceReports(with: [("report.json", text), ("summary.md", []), ("counterexample-12.svg", [60])])
        let plain = root.appendingPathComponent("Plain")
        #expect(try listing(plain) == ["counterexample-12.svg", "report.json", "summary.md"])
        #expect(try Array(Data(contentsOf: plain.appendingPathComponent("report.json"))) == text)
        #expect(try Data(contentsOf: plain.appendingPathComponent("summary.md")).isEmpty)
    }

    @Test("a write that fails halfway (a full disk) keeps every previous report and leaves no temporary file")
    func failedWriteKeepsPreviousReports() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try ReportFolder(root: root.path, name: "Plain").replaceReports(with: [("report.json", Array("old json".utf8)), ("junit.xml", Array("old xml".utf8))])

        var full = ReportFolder(root: root.path, name: "Plain")
        // The disk fills up after the first report and half of the second.
        let budget = Budget(bytes: 12)
        full.writer = { descriptor, bytes in
            let allowed = budget.take(bytes.count)
            guard allowed > 0 else { errno = ENOSPC; return -1 }
            return write(descriptor, bytes.baseAddress, allowed)
        }
        let failure = #expect(throws: ReportFolder.Failure.self) {
            try full.replaceReports(with: [("report.json", Array("new json".utf8)), ("junit.xml", Array("new junit xml".utf8))])
        }
        let message = failure?.message ?? ""
        #expect(message.contains("cannot write \(root.path)/Plain/junit.xml (\(String(cString: strerror(ENOSPC))))"), "\(message)")
        #expect(message.contains("the previous reports in \(root.path)/Plain/ are kept"), "\(message)")
        let plain = root.appendingPathComponent("Plain")
        #expect(try listing(plain) == ["junit.xml", "report.json"])
        #expect(try String(contentsOf: plain.appendingPathComponent("report.json"), encoding: .utf8) == "old json")
        #expect(try String(contentsOf: plain.appendingPathComponent("junit.xml"), encoding: .utf8) == "old xml")
    }

    // MARK: - Point 8: a folder holds exactly this run's reports

    @Test("a fixed graph's old counterexamples are removed; the user's own files stay")
    func staleCounterexamples() throws {
        let (folder, graph, reports) = try workspace(Self.failing)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(navgraph(["verify", graph, "--reports", reports.path]) == 1)
        let plain = reports.appendingPathComponent("Plain")
        #expect(try listing(plain).contains("counterexample-1.dot"))
        try "mine\n".write(to: plain.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        try "mine\n".write(to: plain.appendingPathComponent("counterexample-1.dot.orig"), atomically: true, encoding: .utf8)
        // A leftover of a run killed mid-write is the tool's too.
        try "half".write(to: plain.appendingPathComponent(".graph.svg.navgraph-tmp-1-0"), atomically: true, encoding: .utf8)

        try Self.passing.write(toFile: graph, atomically: true, encoding: .utf8)
        #expect(navgraph(["verify", graph, "--reports", reports.path]) == 0)
        let files = try listing(plain)
        #expect(!files.contains { $0.hasPrefix("counterexample-") && ReportFolder.isReportFile($0) }, "\(files)")
        #expect(!files.contains { $0.contains(".navgraph-tmp-") }, "\(files)")
        #expect(files.contains("notes.md") && files.contains("counterexample-1.dot.orig"), "\(files)")
        #expect(files.contains("report.json") && files.contains("graph.dot"))
    }

    @Test("a graph lint stops still gets junit.xml, results.sarif, summary.md and report.json with the findings; older reports go")
    func lintFailureReplacesPassingReports() throws {
        let (folder, graph, reports) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(navgraph(["verify", graph, "--reports", reports.path]) == 0)
        let plain = reports.appendingPathComponent("Plain")
        try "mine\n".write(to: plain.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)

        try Self.linted.write(toFile: graph, atomically: true, encoding: .utf8)
        let run = try runExecutableCapturing(["verify", graph, "--reports", reports.path])
        // Lint errors are the graph's own fault: exit 1, each finding a diagnostic line.
        #expect(run.status == 1)
        #expect(run.output.contains(": error: Plain: lint unknown-route: "), "\(run.output)")
        #expect(run.output.contains("names route 'nowhere', which is not declared"), "\(run.output)")
        #expect(run.output.contains("✘ Plain: not explored: lint errors; fix the findings below"), "\(run.output)")
        #expect(try listing(plain) == ["junit.xml", "notes.md", "report.json", "results.sarif", "summary.md"])

        let junit = try String(contentsOf: plain.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuites name=\"navgraph\" tests=\"2\" failures=\"2\""), "\(junit)")
        #expect(junit.contains("type=\"lint/unknown-route\"") && junit.contains("type=\"lint/unknown-flag\""), "\(junit)")
        #expect(XMLParser(data: Data(junit.utf8)).parse())

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: plain.appendingPathComponent("results.sarif"))) as? [String: Any])
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(Set(results.compactMap { $0["ruleId"] as? String }) == ["lint/unknown-route", "lint/unknown-flag"])
        #expect(results.allSatisfy { $0["level"] as? String == "error" })

        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: plain.appendingPathComponent("report.json"))) as? [String: Any])
        #expect(report["notExplored"] as? String == "lint errors")
        #expect(report["passed"] as? Bool == false)
        #expect((report["lint"] as? [[String: Any]])?.count == 2)

        let summary = try String(contentsOf: plain.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("**Not explored: lint errors.**") && summary.contains("`unknown-route` error at 9:5"), "\(summary)")
    }

    @Test("report.json of an explored graph has no notExplored key, so earlier readers see no change")
    func exploredReportHasNoNewKey() throws {
        let (folder, graph, reports) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(navgraph(["verify", graph, "--reports", reports.path]) == 0)
        let json = try String(contentsOf: reports.appendingPathComponent("Plain/report.json"), encoding: .utf8)
        #expect(!json.contains("notExplored"))
    }

    @Test(
        "only names navgraph writes are report files",
        arguments: [
            ("report.json", true), ("graph.png", true), ("states.svg", true), ("counterexample-1.svg", true), ("counterexample-204.dot", true),
            ("counterexample-.svg", false), ("counterexample-1.png", false), ("counterexample-x.svg", false), ("counterexample-1.svg.bak", false),
            ("README.md", false), ("report.json~", false), (".report.json.navgraph-tmp-7-0", false),
        ])
    func reportFileNames(name: String, isReport: Bool) {
        #expect(ReportFolder.isReportFile(name) == isReport)
    }

    // MARK: - Point 9: two graphs never share a folder

    @Test("graphs whose report folders would clash are refused, naming both graphs and the folder")
    func collidingFolders() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func graph(_ file: String, named name: String) throws -> String {
            let url = folder.appendingPathComponent(file)
            try Self.passing.replacingOccurrences(of: "name: Plain", with: "name: \"\(name)\"").write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let reports = folder.appendingPathComponent("Reports")
        let dotted = try graph("Dotted.navgraph.yaml", named: "A.B")
        let underscored = try graph("Underscored.navgraph.yaml", named: "A_B")
        let run = try navgraphCapturingErrors(["verify", dotted, underscored, "--reports", reports.path])
        #expect(run.code == 2)
        #expect(run.errors.contains("\(dotted) (graph 'A.B') and \(underscored) (graph 'A_B') would both write their reports to \(reports.path)/A_B/"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: reports.path), "nothing is verified or written")

        let twin = try graph("Twin.navgraph.yaml", named: "A.B")
        let named = try navgraphCapturingErrors(["verify", dotted, twin, "--reports", reports.path])
        #expect(named.code == 2)
        #expect(named.errors.contains("both graphs are named 'A.B'"), "\(named.errors)")

        let upper = try graph("Upper.navgraph.yaml", named: "Shop")
        let lower = try graph("Lower.navgraph.yaml", named: "shop")
        let cased = try navgraphCapturingErrors(["verify", upper, lower, "--reports", reports.path])
        #expect(cased.code == 2)
        #expect(cased.errors.contains("differ only in case"), "\(cased.errors)")

        // The same document named twice is verified once, not refused.
        #expect(navgraph(["verify", dotted, dotted, "--reports", reports.path]) == 0)
    }

    // MARK: - Point 14: a file where a folder goes

    @Test("a file where the reports folder or a graph's folder goes is named as such")
    func fileInsteadOfFolder() throws {
        let (folder, graph, reports) = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "not a folder\n".write(to: reports, atomically: true, encoding: .utf8)
        let root = try navgraphCapturingErrors(["verify", graph, "--reports", reports.path])
        #expect(root.code == 2)
        #expect(root.errors.contains("error: \(reports.path) is a file, not a folder; pass --reports <folder> or remove it"), "\(root.errors)")

        try FileManager.default.removeItem(at: reports)
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        try "not a folder\n".write(to: reports.appendingPathComponent("Plain"), atomically: true, encoding: .utf8)
        let graphFolder = try navgraphCapturingErrors(["verify", graph, "--reports", reports.path])
        #expect(graphFolder.code == 2)
        #expect(graphFolder.errors.contains("error: \(reports.path)/Plain is a file, not a folder; remove it or pass --reports <folder>"), "\(graphFolder.errors)")
    }

    /// A fresh folder under the repository's `.build`, and its path relative to the folder
    /// `navgraph(_:)` runs in.
    static func relativeScratch() throws -> (url: URL, relative: String) {
        let name = "navgraph-test-\(UUID().uuidString)"
        let url = repositoryRoot.appendingPathComponent(".build").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, ".build/" + name)
    }
}

/// Bytes a test writer may still write, shared by the calls of one `@Sendable` closure.
private final class Budget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    init(bytes: Int) { remaining = bytes }

    func take(_ wanted: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let granted = min(wanted, remaining)
        remaining -= granted
        return granted
    }
}

/// Runs `navgraph` like ``navgraph(_:)`` and returns what it wrote to standard error too.
/// Standard error is the process's, so output of tests running meanwhile may land in it.
func navgraphCapturingErrors(_ arguments: [String]) throws -> (code: Int32, errors: String) {
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-stderr-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: capture.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: capture.path])
    }
    defer { try? FileManager.default.removeItem(at: capture) }
    let handle = try FileHandle(forWritingTo: capture)
    defer { try? handle.close() }
    let saved = dup(2)
    dup2(handle.fileDescriptor, 2)
    let code = navgraph(arguments)
    dup2(saved, 2)
    close(saved)
    return (code, try String(contentsOf: capture, encoding: .utf8))
}

@Suite("Reports of graphs that were not explored", .serialized)
struct NotExploredReportTests {
    @Test("a document that stops loading replaces its last passing reports with failing ones, and is annotated at its line")
    func notLoaded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = folder.appendingPathComponent("Onboarding.navgraph.yaml")
        let reports = folder.appendingPathComponent("R")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Graphs/Onboarding.navgraph.yaml"), to: graph)
        #expect(navgraph(["verify", graph.path, "--reports", reports.path, "--quiet"]) == 0)
        let text = try String(contentsOf: graph, encoding: .utf8)
        try (text + "routes: [\n").write(to: graph, atomically: true, encoding: .utf8)
        let run = try runExecutableCapturing(["verify", graph.path, "--reports", reports.path, "--reporter", "github-actions"])
        #expect(run.status == 2)
        #expect(run.output.contains("::error file=\(graph.path),line="), "\(run.output)")
        let onboarding = reports.appendingPathComponent("Onboarding")
        let files = try FileManager.default.contentsOfDirectory(atPath: onboarding.path).sorted()
        #expect(files == ["junit.xml", "report.json", "results.sarif", "summary.md"])
        let junit = try String(contentsOf: onboarding.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"failures="1""#), "\(junit)")
        let summary = try String(contentsOf: onboarding.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("**Not explored: does not load.**"), "\(summary)")
        let sarif = try String(contentsOf: onboarding.appendingPathComponent("results.sarif"), encoding: .utf8)
        #expect(sarif.contains(#""ruleId" : "lint/document""#) && sarif.contains(#""level" : "error""#), "\(sarif)")
    }

    @Test("a document with three mistakes: three annotations at their lines, three lines on standard error, three failing findings in its reports")
    func severalLoadErrors() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = folder.appendingPathComponent("Broken.navgraph.yaml")
        let reports = folder.appendingPathComponent("R")
        try "navgraph: 1\nname: Broken\nroot: a\nroutes:\n  a: { colour: red }\n  b: {}\ntransitions:\n  - { form: a, to: b }\nbounds: { maxStackDepth: 0 }\n"
            .write(to: graph, atomically: true, encoding: .utf8)
        let run = try runExecutableCapturing(["verify", graph.path, "--reports", reports.path, "--reporter", "github-actions"])
        #expect(run.status == 2)
        let annotations = run.output.split(separator: "\n").filter { $0.hasPrefix("::error file=\(graph.path),line=") }
        #expect(annotations.map { $0.split(separator: ",")[1] } == ["line=5", "line=8", "line=9"], "\(run.output)")
        #expect(run.errors.split(separator: "\n").filter { $0.contains(": error: ") }.count == 3, "\(run.errors)")
        let report = try String(contentsOf: reports.appendingPathComponent("Broken/report.json"), encoding: .utf8)
        #expect(report.components(separatedBy: #""rule" : "document""#).count - 1 == 3, "\(report)")
        let junit = try String(contentsOf: reports.appendingPathComponent("Broken/junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"failures="3""#), "\(junit)")
    }

    @Test("a document that does not load keeps its folder even when another document's graph has its name: that one is not verified, naming both")
    func notLoadedBesideItsNamesake() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("Onboarding.navgraph.yaml")
        let namesake = folder.appendingPathComponent("Other.navgraph.yaml")
        let reports = folder.appendingPathComponent("R")
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Graphs/Onboarding.navgraph.yaml"), encoding: .utf8)
        try (text + "routes: [\n").write(to: broken, atomically: true, encoding: .utf8)
        try text.write(to: namesake, atomically: true, encoding: .utf8)      // a passing graph named Onboarding
        let run = try runExecutableCapturing(["verify", broken.path, namesake.path, "--reports", reports.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("\(namesake.path) (graph 'Onboarding') would write its reports to"), "\(run.errors)")
        #expect(run.errors.contains("where the reports of \(broken.path), which does not load, are"), "\(run.errors)")
        let summary = try String(contentsOf: reports.appendingPathComponent("Onboarding/summary.md"), encoding: .utf8)
        #expect(summary.contains("**Not explored: does not load.**"), "\(summary)")
        #expect(!run.output.contains("✔ Onboarding"), "\(run.output)")
    }
}
