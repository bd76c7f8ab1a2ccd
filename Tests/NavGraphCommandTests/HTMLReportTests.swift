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
        // Each numbered step that changes the visible route is a group of its own, classed with
        // its number, for the page to dim; step 5 (event signOut, help stays on top) only clears
        // a flag, which the storyboard shows rather than a loop on help.
        let steps = (1...6).filter { svg.contains(#"class="edge navgraph_step step_\#($0)""#) }
        #expect(steps == [1, 2, 3, 4, 6], "\(svg.prefix(2_000))")
        let storyboard = try String(contentsOf: folder.appendingPathComponent("Account/storyboard-1.svg"), encoding: .utf8)
        #expect((0...6).allSatisfy { storyboard.contains("class=\"frame step_\($0)\"") })
        #expect(storyboard.contains("5. event signOut: signedIn = false"))
        let html = try String(contentsOf: folder.appendingPathComponent("Account/report.html"), encoding: .utf8)
        #expect(html.contains("section.querySelectorAll('g.navgraph_step')"))
        #expect(html.contains("edge.style.opacity = number(edge) <= current ? '1' : '0.1'"))
        #expect(html.contains(#"<div class="diagram"><svg"#), "counterexample diagrams scroll at their own size")
        // Only the overview (at most 1,600 px wide) and the storyboards shrink to a narrow window.
        #expect(html.contains(".diagram.overview svg, .diagram.storyboard svg { max-width: 100%; height: auto; }"))
        #expect(html.contains(#"<div class="diagram overview"><svg"#))
        #expect(html.contains(#"<div class="diagram storyboard"><svg"#))
        #expect(html.contains("<h1>❌ <span class=\"status failed\">FAILED</span> Account</h1>"))
        #expect(html.contains("<title>FAILED Account — NavGraph report</title>"))
        #expect(html.contains(##"<a href="#trace-0">orders need sign-in</a>"##))
        // A route is found by name, and focused on with a click; neither loads anything.
        #expect(html.contains(#"<input type="search" id="route-search""#))
        #expect(html.contains("overview.addEventListener('click'"))
        let withoutNamespaces = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").replacingOccurrences(of: "http://www.w3.org/1999/xlink", with: "")
        #expect(!withoutNamespaces.contains("http://") && !withoutNamespaces.contains("https://"), "no external URL, only SVG's namespaces")
    }
}
