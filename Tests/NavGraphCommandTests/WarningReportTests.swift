import Foundation
import NavigationChecker
import NavigationGraph
import NavigationReports
import NavGraphTestSupport
import Testing

/// A property that holds with a warning (ambiguous owners): its own status in every report,
/// both paths rendered as counterexamples are, every name escaped; not a failure unless `--strict`.
@Suite("Warnings in reports", .serialized)
struct WarningReportTests {
    /// The ambiguous request, here for a route with a hostile name.
    static let ambiguous = OwnershipGraphs.ambiguous(requested: "<b>|*d*")

    static func report() throws -> VerificationReport {
        let graph = try GraphDocument.load(ambiguous, origin: "Graphs/Ambiguous.navgraph.yaml")
        return VerificationReport(graph: graph, result: try Checker(graph).run(), lint: GraphLinter.lint(graph))
    }

    @Test("Markdown, HTML, JUnit and SARIF show the warning and both its paths, escaped, without failing anything")
    func everyFormat() throws {
        let report = try Self.report()
        #expect(report.status == .passed && report.passed)
        let property = try #require(report.warnings.first)
        #expect(property.status == .warning)

        let markdown = ReportWriter.markdown(report, mermaid: nil)
        #expect(markdown.contains("With 1 warning (not failures): ambiguous owners."), "\(markdown)")
        #expect(markdown.contains("| ambiguous owners | ⚠️ warning |"), "\(markdown)")
        #expect(markdown.contains("### Warning: ambiguous owners"))
        #expect(markdown.contains("One path:") && markdown.contains("This path:"))
        #expect(markdown.contains("request item → <b>|*d*"), "the trace is in a code block, verbatim")
        var inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() } else if !inCode { #expect(!line.contains("<b>"), "outside code the name is escaped: \(line)") }
        }
        #expect(markdown.contains("&lt;b&gt;\\|\\*d\\*"))

        let html = HTMLPage.render(report, graphSVG: nil, graphDOT: "", traceSVGs: [:])
        #expect(html.contains("<h2>Warning: ambiguous owners, one path</h2>"))
        #expect(html.contains("<h2>Warning: ambiguous owners, this path</h2>"))
        #expect(html.contains("<tr class=\"warning\">"))
        #expect(html.contains("tr.warning td"))
        #expect(!html.contains("<b>"), "every name is escaped")
        #expect(html.components(separatedBy: "<section class=\"trace\"").count == 3)

        let junit = ReportWriter.junit([report])
        #expect(junit.contains("failures=\"0\""))
        #expect(junit.contains("<system-out>warning: the request for &lt;b&gt;|*d* is presented by tab:main"), "\(junit)")
        #expect(junit.contains("one path:\n") && junit.contains("this path:\n"))

        let runs = try SARIFTests.runs([report])
        let run = try #require(runs.first)
        let results = (run["results"] as? [[String: Any]]) ?? []
        let result = try #require(results.first { ($0["ruleId"] as? String) == "ambiguous-owners" })
        #expect(result["level"] as? String == "warning")
        #expect((result["codeFlows"] as? [[String: Any]])?.count == 2)
        let rules = (((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]) ?? []
        let index = try #require(result["ruleIndex"] as? Int)
        #expect(rules.indices.contains(index) && rules[index]["id"] as? String == "ambiguous-owners", "the result points at its own rule")
        #expect((rules[index]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
    }

    @Test("verify passes with a warning line (exit 0), fails with --strict (exit 1); trace prints both paths")
    func commandLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DiffCommandTests.write(Self.ambiguous, "Graphs/Ambiguous.navgraph.yaml", in: folder)
        let run = try DiffCommandTests.run(["verify", "Graphs/Ambiguous.navgraph.yaml", "--reports", "Reports"], in: folder)
        #expect(run.code == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("properties passed, 1 with a warning: ambiguous owners ("), "\(run.out)")
        #expect(run.out.contains(": warning: Ambiguous: ambiguous owners: the request for <b>|*d* is presented by tab:main on one path and by list on this one [ambiguous-owners]"),
                "\(run.out)")
        let strict = try DiffCommandTests.run(["verify", "Graphs/Ambiguous.navgraph.yaml", "--reports", "Reports", "--strict"], in: folder)
        #expect(strict.code == 1, "\(strict.out)\(strict.err)")
        #expect(strict.out.contains(": error: Ambiguous: ambiguous owners: "), "\(strict.out)")
        #expect(strict.out.contains("✘ Ambiguous: all ") && strict.out.contains("1 with a warning: ambiguous owners, which --strict makes a failure ("),
                "the headline says what the exit code says: \(strict.out)")
        #expect(!strict.out.contains("✔ Ambiguous"), "\(strict.out)")
        // Lint warnings that --strict turns into a failure lead with ✘ too.
        let duplicated = "navgraph: 1\nname: Twice\nroot: home\nroutes:\n  home: {}\n  about: {}\ntransitions:\n  - { from: home, to: about }\n  - { from: home, to: about }\n"
        try DiffCommandTests.write(duplicated, "Graphs/Twice.navgraph.yaml", in: folder)
        let twice = try DiffCommandTests.run(["verify", "Graphs/Twice.navgraph.yaml", "--reports", "Reports", "--strict"], in: folder)
        #expect(twice.code == 1 && twice.out.contains("✘ Twice: all ") && twice.out.contains("passed; lint warned once, which --strict makes a failure"),
                "\(twice.out)\(twice.err)")
        let lenient = try DiffCommandTests.run(["verify", "Graphs/Twice.navgraph.yaml", "--reports", "Reports"], in: folder)
        #expect(lenient.code == 0 && lenient.out.contains("✔ Twice: all "), "\(lenient.out)\(lenient.err)")

        let trace = try DiffCommandTests.run(["trace", "Graphs/Ambiguous.navgraph.yaml"], in: folder)
        #expect(trace.code == 0, "\(trace.out)\(trace.err)")
        let lines = trace.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("Ambiguous: every property passed, 1 with a warning; there is no counterexample"), "\(trace.out)")
        let one = try #require(lines.firstIndex(of: "  one path:")), this = try #require(lines.firstIndex(of: "  this path:"))
        #expect(one < this && lines[this - 1].hasPrefix("2. request item → <b>|*d*"), "\(trace.out)")
        #expect(lines.last?.hasPrefix("3. request item → <b>|*d*") == true, "\(trace.out)")
        // A property that is not there, or that passed, is bad usage, as on a graph with failures.
        let bogus = try DiffCommandTests.run(["trace", "Graphs/Ambiguous.navgraph.yaml", "--property", "bogus"], in: folder)
        #expect(bogus.code == 2 && bogus.err.contains("no property is called 'bogus'; failed or with a warning: ambiguous owners"), "\(bogus.out)\(bogus.err)")
        let byID = try DiffCommandTests.run(["trace", "Graphs/Ambiguous.navgraph.yaml", "--property", "ambiguous-owners"], in: folder)
        #expect(byID.code == 0 && byID.out.contains("  one path:"), "the id verify prints in brackets names it too: \(byID.out)\(byID.err)")
        let passed = try DiffCommandTests.run(["trace", "Graphs/Ambiguous.navgraph.yaml", "--property", "no trap"], in: folder)
        #expect(passed.code == 2 && passed.err.contains("'no trap' neither failed nor holds with a warning"), "\(passed.out)\(passed.err)")
    }
}
