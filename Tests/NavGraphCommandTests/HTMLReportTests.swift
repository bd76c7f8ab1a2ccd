import Foundation
import NavGraphTestSupport
import Testing

@Suite("The HTML report", .serialized)
struct HTMLReportTests {
    @Test("the step-through lights only the counterexample's steps up to the current one, on diagrams that scroll at their own size")
    func stepThrough() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(navgraph(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path, "--quiet"]) == 1)
        let svg = try String(contentsOf: folder.appendingPathComponent("Account/counterexample-1.svg"), encoding: .utf8)
        // Each numbered step is a group of its own, classed with its number, for the page to dim.
        let steps = (1...6).filter { svg.contains(#"class="edge navgraph_step step_\#($0)""#) }
        #expect(steps == [1, 2, 3, 4, 5, 6], "\(svg.prefix(2_000))")
        let html = try String(contentsOf: folder.appendingPathComponent("Account/report.html"), encoding: .utf8)
        #expect(html.contains("section.querySelectorAll('g.navgraph_step')"))
        #expect(html.contains("edge.style.opacity = number(edge) <= current ? '1' : '0.1'"))
        #expect(html.contains(#"<div class="diagram"><svg"#))
        #expect(!html.contains("max-width: 100%"))
    }
}
