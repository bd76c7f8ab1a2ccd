import Foundation
import NavGraphTestSupport
import Testing

/// What a person looks at, measured in a real browser: the Mastodon sample's report.html in
/// headless Chromium (Debian's `chromium`, installed by `make test-deps`). A script added to a
/// copy of the page measures its geometry and writes the figures into the page, which Chromium
/// prints with `--dump-dom`. Without chromium on a developer machine the test is skipped with
/// that reason; on CI (`CI` set) it runs and fails if chromium is missing.
@Suite("report.html geometry in headless Chromium", .serialized)
struct ReportGeometryTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
                                    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let required = ProcessInfo.processInfo.environment["CI"] != nil

    /// The Mastodon sample with a seeded bug, so its report has a counterexample: signing out
    /// only pops to the root and leaves the settings sheet up. Its sheets are the window's (the
    /// sample's `windowSheets` variant): the page's geometry does not depend on where sheets
    /// belong, and per-tab sheets cost a debug test run many times as long to verify.
    static func seededMastodon(in folder: URL) throws -> URL {
        // Each rewrite must apply (or this throws), so the seeded bug cannot silently be gone.
        let text = try SampleGraphs.mastodonText(windowSheets: true, rewrites: [
            ("then: [dismissAll, popToRoot]", "then: popToRoot"),
            ("invariants:\n", "invariants:\n  settings sheet needs an account: modal == settingsSheet implies signedIn\n"),
        ])
        let file = folder.appendingPathComponent("Mastodon.navgraph.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Measures, after load: text boxes that overlap (pairs) in the storyboards and, apart, in
    /// the counterexample diagrams (the trace on the routes it visits), the smallest route
    /// label's height in the overview, and how many of the first counterexample's frames lie
    /// outside the window once its link is followed.
    static let probe = """
        <script>
        window.addEventListener('load', () => {
          const rects = (selector) => [...document.querySelectorAll(selector)].map((element) => element.getBoundingClientRect());
          const overlapping = (selector) => {
            let pairs = 0;
            for (const drawing of document.querySelectorAll(selector)) {
              const texts = [...drawing.querySelectorAll('text')].map((text) => text.getBoundingClientRect()).filter((r) => r.width > 0);
              for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
                const a = texts[i], b = texts[j];
                if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) pairs++;
              }
            }
            return pairs;
          };
          const overlaps = overlapping('.diagram.storyboard svg');
          const traceOverlaps = overlapping('.trace .diagram:not(.storyboard) svg');
          const traceDiagrams = document.querySelectorAll('.trace .diagram:not(.storyboard) svg').length;
          const labels = rects('.diagram.overview g.node text').map((rect) => rect.height);
          // Click account in the overview: the panel lists the properties that mention it; click
          // again to see everything (and the page as it was).
          const account = [...document.querySelectorAll('.diagram.overview g.node')].find((node) => node.querySelector('title')?.textContent === 'account');
          let panel = 0;
          if (account !== undefined) {
            account.dispatchEvent(new MouseEvent('click', { bubbles: true }));
            const shown = document.getElementById('route-panel');
            panel = !shown.hidden && shown.textContent.includes('no account after sign-out') && shown.textContent.includes('deep links') ? 1 : 0;
            account.dispatchEvent(new MouseEvent('click', { bubbles: true }));
            if (!shown.hidden) panel = 0;
          }
          location.hash = '#trace-0';
          document.getElementById('trace-0').scrollIntoView();
          const frames = rects('#trace-0 g.frame');
          const outside = frames.filter((r) => r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth).length;
          const result = document.createElement('pre');
          result.id = 'geometry';
          result.textContent = 'overlaps=' + overlaps + ';traceOverlaps=' + traceOverlaps + ';traceDiagrams=' + traceDiagrams + ';panel=' + panel + ';labels=' + labels.length + ';smallest=' + Math.min(...labels).toFixed(1)
            + ';frames=' + frames.length + ';outside=' + outside;
          document.body.appendChild(result);
        });
        </script>
        """

    /// The figures the probe wrote, after loading `page` in a window `width`×`height`.
    static func measure(_ page: URL, width: Int, height: Int) throws -> [String: Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium ?? "chromium")
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),\(height)",
                             "--virtual-time-budget=3000", "--dump-dom", page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dom = String(decoding: data, as: UTF8.self)
        guard let start = dom.range(of: "<pre id=\"geometry\">"), let end = dom[start.upperBound...].range(of: "</pre>") else {
            Issue.record("the probe wrote nothing; chromium exited \(process.terminationStatus)")
            return [:]
        }
        var figures: [String: Double] = [:]
        for pair in dom[start.upperBound..<end.lowerBound].split(separator: ";") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { figures[String(parts[0])] = value }
        }
        return figures
    }

    @Test("the Mastodon report (window-level sheets): no texts overlap in the storyboards or the counterexample diagrams, route labels are at least 10 px at 1600 px, the first counterexample fits 1400×1000, a clicked route lists its properties",
          .enabled(if: chromium != nil || required, "chromium is not installed: apt-get install chromium (make test-deps), or on macOS see docs/Guide.md (What make demo shows)"))
    func mastodonGeometry() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try Self.seededMastodon(in: folder)
        let reports = folder.appendingPathComponent("reports")
        #expect(navgraph(["verify", graph.path, "--reports", reports.path, "--checker", "symbolic", "--quiet"]) == 1)
        let html = try String(contentsOf: reports.appendingPathComponent("Mastodon/report.html"), encoding: .utf8)
        try Self.expectGeometry(of: html, in: folder)
    }

    @Test("the committed Mastodon report (per-tab sheets, as make demo writes it): the same geometry",
          .enabled(if: chromium != nil || required, "chromium is not installed: apt-get install chromium (make test-deps), or on macOS see docs/Guide.md (What make demo shows)"))
    func committedMastodonGeometry() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let committed = SampleGraphs.repositoryRoot.appendingPathComponent("Reports/Mastodon/report.html")
        try Self.expectGeometry(of: try String(contentsOf: committed, encoding: .utf8), in: folder)
    }

    /// The page's geometry, measured in headless Chromium at 1400 and 1600 px wide.
    static func expectGeometry(of html: String, in folder: URL) throws {
        #expect(html.contains("FAILED"))
        let page = folder.appendingPathComponent("probe.html")
        try html.replacingOccurrences(of: "</body>", with: Self.probe + "\n</body>").write(to: page, atomically: true, encoding: .utf8)
        let narrow = try Self.measure(page, width: 1400, height: 1000)
        #expect(narrow["overlaps"] == 0, "\(narrow)")
        #expect((narrow["traceDiagrams"] ?? 0) >= 1, "\(narrow)")
        #expect(narrow["traceOverlaps"] == 0, "no two texts overlap in the counterexample diagrams: \(narrow)")
        #expect(narrow["panel"] == 1, "clicking account lists the properties that mention it: \(narrow)")
        #expect((narrow["frames"] ?? 0) >= 3, "\(narrow)")
        #expect(narrow["outside"] == 0, "every step of the first counterexample is in the window: \(narrow)")
        let wide = try Self.measure(page, width: 1600, height: 1000)
        #expect((wide["labels"] ?? 0) >= 50, "\(wide)")
        #expect((wide["smallest"] ?? 0) >= 10, "\(wide)")
    }
}
