import Foundation
import GraphvizRendering
import NavGraphCommand
import NavGraphTestSupport
import Testing

@Suite("verify --diagrams and the layout limit", .serialized)
struct DiagramOptionTests {
    private func files(in folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    @Test("--diagrams none writes graph.dot and a note, and no SVG or PNG")
    func none() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(navgraph(["verify", "Graphs/Account.navgraph.yaml", "--reports", out.path, "--diagrams", "none"]) == 1)
        let written = try files(in: out.appendingPathComponent("Account"))
        #expect(written.contains("graph.dot") && written.contains("summary.md") && written.contains("report.html"))
        #expect(!written.contains { $0.hasSuffix(".svg") || $0.hasSuffix(".png") || $0.hasPrefix("counterexample") || $0.hasPrefix("states") })
        let summary = try String(contentsOf: out.appendingPathComponent("Account/summary.md"), encoding: .utf8)
        #expect(summary.contains("Diagrams were not drawn (--diagrams none)"))
        #expect(summary.contains("```mermaid"), "the Mermaid text costs no layout here")
    }

    @Test("--diagrams graph draws the route graph only; graph.png only with --png")
    func graphOnly() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(navgraph(["verify", "Graphs/Account.navgraph.yaml", "--reports", out.path, "--diagrams", "graph"]) == 1)
        let written = try files(in: out.appendingPathComponent("Account"))
        #expect(written.isSuperset(of: ["graph.dot", "graph.svg"]))
        #expect(!written.contains("graph.png"))
        #expect(!written.contains { $0.hasPrefix("counterexample") || $0.hasPrefix("states") })
        #expect(navgraph(["verify", "Graphs/Account.navgraph.yaml", "--reports", out.path, "--diagrams", "graph", "--png"]) == 1)
        let png = try Data(contentsOf: out.appendingPathComponent("Account/graph.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG signature")
    }

    @Test("an unknown --diagrams value is a usage error")
    func unknownValue() {
        #expect(navgraph(["verify", "Graphs/Shop.navgraph.yaml", "--diagrams", "some"]) == 2)
    }

    @Test("past the layout limit the route graph is skipped: a warning in the terminal, a note in summary.md and report.html")
    func pastTheLimit() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let document = out.appendingPathComponent("Random.navgraph.yaml")
        try LargeGraphs.random(routes: 250, edges: 500).write(to: document, atomically: true, encoding: .utf8)
        let (status, errors) = try runExecutableCapturingErrors(["verify", document.path, "--reports", out.path])
        #expect(status == 1)
        let warning = errors.split(separator: "\n").first { $0.hasPrefix("warning: Random250x500: route graph not drawn") }
        #expect(warning?.contains("navgraph render \(document.path) --engine sfdp --output graph.svg") == true, "\(errors)")
        let folder = out.appendingPathComponent("Random250x500")
        let written = try files(in: folder)
        #expect(written.contains("graph.dot") && !written.contains("graph.svg") && !written.contains("graph.png"))
        let summary = try String(contentsOf: folder.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("> ⚠️ The route graph was not drawn: 250 routes and 500 transitions"))
        #expect(!summary.contains("```mermaid"))
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<p class=\"note\">⚠️ The route graph was not drawn"))
        // Drawn instead: a focus diagram per route, linked from the route list, which is open.
        #expect(written.filter { $0.hasPrefix("focus-") }.count == 250)
        #expect(page.contains(#"<details id="route-list" open>"#))
        #expect(page.contains(#"<li data-route="r17"><strong>r17</strong> — <a href="focus-18.svg">focus diagram</a>"#))
    }

    @Test("render --focus draws one route's neighbourhood; an unknown route or --states with it is refused")
    func renderFocus() throws {
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let dot = out.appendingPathComponent("account.dot")
        #expect(navgraph(["render", "Graphs/Mastodon.navgraph.yaml", "--focus", "account", "--format", "dot", "--output", dot.path]) == 0)
        let text = try String(contentsOf: dot, encoding: .utf8)
        #expect(text.contains("account: what leads to it and where it leads") && text.contains("label=\"one of\""))
        let svg = out.appendingPathComponent("account.svg")
        #expect(navgraph(["render", "Graphs/Mastodon.navgraph.yaml", "--focus", "account", "--output", svg.path]) == 0)
        SVGValidation.expectWellFormed(Array(try Data(contentsOf: svg)), "account's focus diagram")
        #expect(navgraph(["render", "Graphs/Mastodon.navgraph.yaml", "--focus", "nobody", "--output", svg.path]) == 2)
        #expect(navgraph(["render", "Graphs/Mastodon.navgraph.yaml", "--focus", "account", "--states"]) == 2)
        #expect(navgraph(["render", "Graphs/Mastodon.navgraph.yaml", "--focus", "account", "--format", "mermaid"]) == 2)
    }

    /// Runs the built executable like ``runExecutable(_:)`` and returns its standard error too.
    private func runExecutableCapturingErrors(_ arguments: [String]) throws -> (Int32, String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navgraph")
        let candidates = [binary, repositoryRoot.appendingPathComponent(".build/debug/navgraph")]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("the navgraph executable is not built; run 'swift build' first")
            return (-1, "")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
