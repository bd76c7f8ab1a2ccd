import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GraphvizRendering
import NavGraphCommand
import NavGraphTestSupport
import Testing

let repositoryRoot = SampleGraphs.repositoryRoot

/// Runs `navgraph` with `arguments` in the repository root and returns its exit code.
func navgraph(_ arguments: [String]) -> Int32 {
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    return NavGraphCommand.run(arguments)
}

/// Runs the built `navgraph` executable (next to the test bundle) in the repository root.
func runExecutable(_ arguments: [String]) throws -> Int32 {
    try runExecutableCapturing(arguments).status
}

/// Runs the built `navgraph` executable in the repository root and returns its exit code and
/// what it wrote to standard output and standard error (through files, so neither can fill a
/// pipe while the other is read).
/// Runs the built executable `executable` (navgraph by default) in the repository root with
/// `arguments` and `environment` over this process's (without GITHUB_ACTIONS, so output is the
/// same under GitHub Actions) and captures what it prints. With `interruptWhen`, sends SIGINT
/// once what it has printed on standard error satisfies it. A run still going after `timeLimit`
/// is killed and recorded as an issue, so a hang fails its test and the others go on.
func runExecutableCapturing(_ arguments: [String], executable name: String = "navgraph", environment: [String: String] = [:],
                            interruptWhen: ((String) -> Bool)? = nil,
                            timeLimit: Duration = .seconds(600)) throws -> (status: Int32, output: String, errors: String) {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    let candidates = [binary, repositoryRoot.appendingPathComponent(".build/debug/\(name)")]
    guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        Issue.record("the \(name) executable is not built; run 'swift build' first")
        return (-1, "", "")
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputFile = folder.appendingPathComponent("stdout"), errorFile = folder.appendingPathComponent("stderr")
    for file in [outputFile, errorFile] { try Data().write(to: file) }
    let output = try FileHandle(forWritingTo: outputFile), errors = try FileHandle(forWritingTo: errorFile)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    var inherited = ProcessInfo.processInfo.environment
    inherited["GITHUB_ACTIONS"] = nil
    process.environment = inherited.merging(environment) { $1 }
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let deadline = ContinuousClock.now + timeLimit
    if let interruptWhen {
        // Interrupted after a minute at most, whether or not its output asked for it yet.
        let interruptBy = ContinuousClock.now + .seconds(60)
        while process.isRunning && ContinuousClock.now < interruptBy {
            if interruptWhen((try? String(contentsOf: errorFile, encoding: .utf8)) ?? "") { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.interrupt()
    }
    waitPolling(process, until: deadline, describedAs: "\(name) \(arguments.joined(separator: " "))")
    try output.close()
    try errors.close()
    return (process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8), try String(contentsOf: errorFile, encoding: .utf8))
}

/// Waits for `process` to exit, calling `tick` every 10 ms while it runs. Still running at
/// `deadline`, it is killed (SIGKILL) and an issue recorded under `description`, so a hang fails
/// the test that started it and the others go on.
func waitPolling(_ process: Process, until deadline: ContinuousClock.Instant, describedAs description: String, tick: () -> Void = {}) {
    while process.isRunning {
        tick()
        if ContinuousClock.now >= deadline {
            Issue.record("\(description) was still running at its time limit: killed")
            kill(process.processIdentifier, SIGKILL)
            break
        }
        Thread.sleep(forTimeInterval: 0.01)
    }
    process.waitUntilExit()
}

func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite("navgraph and its reports", .serialized)
struct ReportsTests {
    @Test("exit codes: 0 clean, 1 a property failed, 2 bad input or usage")
    func exitCodes() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(navgraph(["verify", "Graphs/Onboarding.navgraph.yaml", "--reports", out.path]) == 0)
        #expect(navgraph(["verify", "Graphs/Account.navgraph.yaml", "--reports", out.path]) == 1)
        #expect(navgraph(["verify", "Graphs/Missing.navgraph.yaml", "--reports", out.path]) == 2)
        #expect(navgraph(["render", "Graphs/Shop.navgraph.yaml", "--format", "gif"]) == 2)
        #expect(navgraph(["render", "Graphs/Shop.navgraph.yaml", "--engine", "nope", "--output", out.appendingPathComponent("x.svg").path]) == 2)
        #expect(navgraph(["verify", "Graphs/Shop.navgraph.yaml", "--reports", "/proc/not-writable"]) == 2)
        #expect(navgraph(["trace", "Graphs/Account.navgraph.yaml"]) == 1)
        #expect(navgraph(["lint", "Graphs/Shop.navgraph.yaml"]) == 0)
        #expect(try SVGValidation.expectWellFormedFiles(under: out) > 0)
    }

    /// The committed reports under Reports/ are what `navgraph verify` writes today. Set
    /// NAVGRAPH_RECORD_REPORTS=1 to re-record them after an intended change.
    @Test("Reports/ matches a fresh `navgraph verify` byte for byte")
    func goldenReports() throws {
        let record = ProcessInfo.processInfo.environment["NAVGRAPH_RECORD_REPORTS"] == "1"
        let committed = repositoryRoot.appendingPathComponent("Reports")
        let out = record ? committed : try temporaryFolder()
        defer { if !record && ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: out) } }
        // A fresh process, as a user runs it.
        let run = try runExecutableCapturing(["verify", "--reports", out.path])
        #expect(run.status == 1)
        guard !record else { return }
        // README shows what `make demo` prints: the same lines, verdicts and errors.
        func verdictLines(_ text: String) -> [String] {
            text.components(separatedBy: "\n").filter { $0.hasPrefix("✘ ") || $0.hasPrefix("✔ ") || $0.hasPrefix("Graphs/") }
        }
        let printed = verdictLines(run.output.replacingOccurrences(of: out.path, with: "Reports"))
        // The guide shows all of it: the first text block after "`make demo` lints and explores".
        let guide = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/Guide.md"), encoding: .utf8)
        let demo = guide.components(separatedBy: "`make demo` lints and explores").dropFirst().first?
            .components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "\n```").first ?? ""
        #expect(!printed.isEmpty)
        #expect(printed == verdictLines(demo), "the guide's 'make demo' output is not what navgraph verify prints today:\n\(printed.joined(separator: "\n"))")
        // README shows a few of the same lines, after "Requests fail on purpose".
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let excerpt = verdictLines(readme.components(separatedBy: "fail on purpose").dropFirst().first?
            .components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "\n```").first ?? "")
        #expect(!excerpt.isEmpty && excerpt.allSatisfy(printed.contains), "README's 'make demo' lines are not what navgraph verify prints today: \(excerpt)")
        #expect(try SVGValidation.expectWellFormedFiles(under: out) > 0)
        #expect(try SVGValidation.expectWellFormedFiles(under: committed) > 0)
        let manager = FileManager.default
        let entries = try manager.contentsOfDirectory(atPath: committed.path).sorted()
        #expect(entries == (try manager.contentsOfDirectory(atPath: out.path).sorted()))
        // The run's overview beside the graphs' folders, then each folder.
        #expect(entries.contains("overview.md"))
        for file in entries where file.hasSuffix(".md") {
            #expect(try Data(contentsOf: committed.appendingPathComponent(file)) == (try Data(contentsOf: out.appendingPathComponent(file))),
                    "Reports/\(file) differs; re-record with NAVGRAPH_RECORD_REPORTS=1 make test if intended")
        }
        for graph in entries where !graph.hasSuffix(".md") {
            let files = try manager.contentsOfDirectory(atPath: committed.appendingPathComponent(graph).path).sorted()
            #expect(files == (try manager.contentsOfDirectory(atPath: out.appendingPathComponent(graph).path).sorted()), "\(graph)")
            // Drawings (and the HTML page that inlines one) depend on the Graphviz release and
            // its fonts, so they are compared when this machine's Graphviz is the one they were
            // recorded with; the DOT they are drawn from and every other report always.
            let sameGraphviz = try recordedGraphvizVersion(in: committed.appendingPathComponent(graph)) == GraphvizRenderer.shared.version
            for file in files where sameGraphviz || !(file.hasSuffix(".png") || file.hasSuffix(".svg") || file.hasSuffix(".html")) {
                let expected = try Data(contentsOf: committed.appendingPathComponent(graph).appendingPathComponent(file))
                let actual = try Data(contentsOf: out.appendingPathComponent(graph).appendingPathComponent(file))
                #expect(expected == actual, "Reports/\(graph)/\(file) differs; re-record with NAVGRAPH_RECORD_REPORTS=1 make test if intended")
            }
        }
    }

    /// The Graphviz version a committed `graph.svg` says it was generated by.
    private func recordedGraphvizVersion(in folder: URL) throws -> String {
        let svg = try String(contentsOf: folder.appendingPathComponent("graph.svg"), encoding: .utf8)
        guard let range = svg.range(of: "Generated by graphviz version ") else { return "" }
        return String(svg[range.upperBound...].prefix { $0 != " " && $0 != "\n" })
    }

    @Test("the JUnit XML parses and counts one test case per property")
    func junit() throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("Reports/Account/junit.xml"))
        final class Counter: NSObject, XMLParserDelegate {
            var cases = 0, failures = 0, declaredFailures = 0
            func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
                if element == "testcase" { cases += 1 }
                if element == "failure" { failures += 1 }
                if element == "testsuite" { declaredFailures = Int(attributes["failures"] ?? "") ?? -1 }
            }
        }
        let counter = Counter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.cases == 7)
        #expect(counter.failures == 3)
        #expect(counter.declaredFailures == 3)
    }

    @Test("the SARIF log is 2.1.0 with a codeFlow walking each counterexample through the document's lines")
    func sarif() throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("Reports/Account/results.sarif"))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 3)
        let flow = try #require(((results[0]["codeFlows"] as? [[String: Any]])?.first?["threadFlows"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])
        #expect(flow.count == 7)
        let uris = flow.compactMap { ((($0["location"] as? [String: Any])?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String }
        #expect(Set(uris) == ["Graphs/Account.navgraph.yaml"])
        let lines = flow.compactMap { ((($0["location"] as? [String: Any])?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int }
        #expect(lines.count == 7 && lines.contains { $0 > 1 })
    }

    @Test(
        "every SARIF log validates against OASIS's SARIF 2.1.0 schema, and a broken one does not",
        .enabled(if: SARIFSchema.available, "run Scripts/fetch-sarif-schema.sh (make test does) to fetch the schema")
    )
    func sarifSchema() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // The committed logs and a fresh one with hostile route names.
        let hostile = out.appendingPathComponent("Quoted.navgraph.yaml")
        try """
        navgraph: 1
        name: "Quoted \\"<&>\\" 🚀"
        root: home
        routes:
          home: {}
          "a\\"b<c>": {}
        invariants:
          "never \\"deep\\" <b>": depth <= 1
        transitions:
          - { from: home, to: "a\\"b<c>" }
        """.write(to: hostile, atomically: true, encoding: .utf8)
        #expect(navgraph(["verify", hostile.path, "--reports", out.path]) == 1)
        #expect(try SVGValidation.expectWellFormedFiles(under: out) > 0)
        let fresh = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasSuffix(".yaml") && $0 != "overview.md" }
        var logs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Reports").path).sorted().filter { $0 != "overview.md" }.map {
            repositoryRoot.appendingPathComponent("Reports").appendingPathComponent($0).appendingPathComponent("results.sarif").path
        }
        logs += fresh.map { out.appendingPathComponent($0).appendingPathComponent("results.sarif").path }
        #expect(logs.count == 8)
        let valid = try SARIFSchema.validate(logs)
        #expect(valid.status == 0, "\(valid.output)")
        #expect(valid.output.split(separator: "\n").count == logs.count)

        // The same validator refuses a log that breaks the schema, so the check can fail.
        let data = try Data(contentsOf: URL(fileURLWithPath: logs[0]))
        var text = try #require(String(data: data, encoding: .utf8))
        text = text.replacingOccurrences(of: "\"level\" : \"error\"", with: "\"level\" : \"fatal\"")
        text = text.replacingOccurrences(of: "\"version\" : \"2.1.0\"", with: "\"version\" : \"2.0\"")
        let broken = out.appendingPathComponent("broken.sarif")
        try text.write(to: broken, atomically: true, encoding: .utf8)
        let refused = try SARIFSchema.validate([broken.path])
        #expect(refused.status == 1)
        #expect(refused.output.contains("'2.0' is not one of ['2.1.0']"), "\(refused.output)")
    }

    @Test("route names with quotes, angle brackets and emoji are escaped in DOT, HTML, XML and JSON alike")
    func hostileNames() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let graph = out.appendingPathComponent("Hostile.navgraph.yaml")
        try """
        navgraph: 1
        name: "Hostile <b>&\\"quoted\\""
        root: home
        routes:
          home: {}
          "<script>alert(1)</script>": {}
          "say\\"hi\\"🚀": {}
        invariants:
          "shallow <i>enough</i>": depth <= 3
        transitions:
          - { from: home, to: "<script>alert(1)</script>" }
          - { from: home, to: "say\\"hi\\"🚀", style: sheet }
        """.write(to: graph, atomically: true, encoding: .utf8)
        let code = navgraph(["verify", graph.path, "--reports", out.path])
        #expect(code == 0, "every route is shown, every transition taken, and the sheet can be swiped away")
        let folders = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasSuffix(".yaml") && $0 != "overview.md" }
        let folder = try #require(folders.first)
        let dot = try String(contentsOf: out.appendingPathComponent(folder).appendingPathComponent("graph.dot"), encoding: .utf8)
        #expect(dot.contains("\"say\\\"hi\\\"🚀\""), "\(dot)")
        let json = try Data(contentsOf: out.appendingPathComponent(folder).appendingPathComponent("report.json"))
        #expect((try? JSONSerialization.jsonObject(with: json)) != nil)
        let html = try String(contentsOf: out.appendingPathComponent(folder).appendingPathComponent("report.html"), encoding: .utf8)
        #expect(!html.contains("<script>alert"))
        // No network requests: nothing is loaded by URL (the SVG namespace URIs are names, not requests).
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("<link") && !html.contains("@import"))
        let xml = try String(contentsOf: out.appendingPathComponent(folder).appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(XMLParser(data: Data(xml.utf8)).parse())
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(folder).appendingPathComponent("graph.svg").path))
        #expect(try SVGValidation.expectWellFormedFiles(under: out) >= 2)
    }

    @Test("names that spell entities stay text: every SVG parses and shows &lt;script&gt; as written, never as <script>")
    func entityNames() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let graph = out.appendingPathComponent("Entities.navgraph.yaml")
        try """
        navgraph: 1
        name: "Entities &amp; &nbsp;"
        root: home
        flags:
          on: false
        routes:
          home: {}
          "&lt;script&gt;alert(1)&lt;/script&gt;": {}
          "nbsp&nbsp;here": {}
          "nul&#0;here": {}
        events:
          "flip&#xFFFF;":
            set: { on: true }
        invariants:
          "off &amp; &#0;": "not on"
        transitions:
          - { from: home, to: "&lt;script&gt;alert(1)&lt;/script&gt;" }
          - { from: home, to: "nbsp&nbsp;here", style: sheet }
          - { from: home, to: "nul&#0;here" }
        """.write(to: graph, atomically: true, encoding: .utf8)
        #expect(navgraph(["verify", graph.path, "--reports", out.path]) == 1)
        let folder = out.appendingPathComponent(try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first { !$0.hasSuffix(".yaml") && $0 != "overview.md" }))
        // graph.svg, counterexample-1.svg (on the routes it visits), storyboard-1.svg and states.svg.
        #expect(try SVGValidation.expectWellFormedFiles(under: out) == 4)
        for file in ["graph.svg", "counterexample-1.svg", "storyboard-1.svg", "states.svg"] {
            let svg = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!svg.contains("<script") && !svg.contains("&nbsp;") && !svg.contains("&#0;"), "\(file)")
        }
        let graphSVG = try String(contentsOf: folder.appendingPathComponent("graph.svg"), encoding: .utf8)
        #expect(graphSVG.contains(">&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;</text>"), "\(graphSVG)")
        #expect(graphSVG.contains(">nbsp&amp;nbsp;here</text>"))
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(!html.contains("<script>alert") && !html.contains("&nbsp;") && !html.contains("&#0;"))
    }
}

/// OASIS's SARIF 2.1.0 JSON Schema, fetched by `Scripts/fetch-sarif-schema.sh`, and Python's
/// jsonschema to apply it (an independent validator, not ours).
enum SARIFSchema {
    static var path: String {
        ProcessInfo.processInfo.environment["NAVGRAPH_SARIF_SCHEMA"]
            ?? repositoryRoot.appendingPathComponent(".build/schemas/sarif-schema-2.1.0.json").path
    }

    /// Whether the schema is there. When `make test` asked for it (NAVGRAPH_SARIF_SCHEMA is set),
    /// the test runs and fails if the file is missing rather than being skipped.
    static var available: Bool {
        ProcessInfo.processInfo.environment["NAVGRAPH_SARIF_SCHEMA"] != nil || FileManager.default.fileExists(atPath: path)
    }

    static func validate(_ logs: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("Scripts/validate-sarif.py").path, path] + logs
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
