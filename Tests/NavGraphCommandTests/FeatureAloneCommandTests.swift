import Foundation
import NavGraphTestSupport
import Testing
import NavigationReports

/// `navgraph verify` and `lint` on a feature document named by itself: explored against the
/// stub of the app, with notes (not warnings) saying what stood in.
@Suite("A feature alone on the command line", .serialized)
struct FeatureAloneCommandTests {
    @Test("verify on a Requests feature explores it, --strict included, and notes what stands in for the app on standard error")
    func verifyNotes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runExecutableCapturing(["verify", "Graphs/Requests/Feed.navgraph.yaml", "--strict", "--diagrams", "none",
                                              "--reports", folder.path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasPrefix("✔ Feed: all 6 properties passed"), "\(run.output)")
        #expect(!run.output.contains("not explored"))
        let notes = run.errors.split(separator: "\n").filter { $0.hasPrefix("note: Feed: verified alone") }
        #expect(notes == [
            "note: Feed: verified alone, so requests for exits 'compose', 'openAuthor' are presented by the app, pushed onto the feature's stack (the including graph decides where it leads)",
            "note: Feed: verified alone, so owner 'tab:profile' is read as 'app' (the tab is the including graph's to declare; it is checked when the app is verified)",
        ])
        // The reports say it too, for whoever reads them instead of the log.
        let json = try String(contentsOf: folder.appendingPathComponent("Feed/report.json"), encoding: .utf8)
        let report = try JSONDecoder().decode(VerificationReport.self, from: Data(json.utf8))
        #expect(report.verifiedAlone?.count == 2 && report.verifiedAlone?.first?.hasPrefix("verified alone, so requests for exits") == true, "\(json)")
        let summary = try String(contentsOf: folder.appendingPathComponent("Feed/summary.md"), encoding: .utf8)
        #expect(summary.contains("\n- Feature verified alone, so owner &#39;tab:profile&#39; is read as &#39;app&#39;"), "\(summary)")
        let html = try String(contentsOf: folder.appendingPathComponent("Feed/report.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"engine\">Feature verified alone, so owner &#39;tab:profile&#39;") || html.contains("<p class=\"engine\">Feature verified alone, so owner 'tab:profile'"), "\(html)")
    }

    @Test("an invariant over a flag a feature alone cannot change warns, and --strict fails the run on it")
    func invariantOverFixedFlag() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feature = folder.appendingPathComponent("Account.navgraph.yaml")
        let text = try String(contentsOf: SampleGraphs.repositoryRoot.appendingPathComponent("Graphs/Requests/Account.navgraph.yaml"), encoding: .utf8)
        try (text + "\ninvariants:\n  edit needs sign-in: modal == editProfile implies signedIn\n").write(to: feature, atomically: true, encoding: .utf8)
        let plain = try runExecutableCapturing(["lint", feature.path])
        #expect(plain.status == 0, "\(plain.output)\(plain.errors)")
        #expect(plain.output.contains("lint invariant-over-fixed-flag: invariant 'edit needs sign-in' reads flag 'signedIn', which keeps its initial value"),
                "\(plain.output)")
        #expect(try runExecutableCapturing(["lint", feature.path, "--strict"]).status == 1)
        // verify reports it with the run (the feature alone never shows editProfile, which fails on its own).
        let verify = try runExecutableCapturing(["verify", feature.path, "--diagrams", "none", "--reports", folder.appendingPathComponent("R").path])
        #expect(verify.output.contains("invariant-over-fixed-flag"), "\(verify.output)")
        // Included by the app, the flag is the app's to change: no warning there.
        let app = try runExecutableCapturing(["lint", "Graphs/Requests.navgraph.yaml"])
        #expect(!app.output.contains("invariant-over-fixed-flag"), "\(app.output)")
    }

    @Test("lint on each Requests feature is clean, and --quiet leaves the notes out")
    func lintClean() throws {
        let files = ["People", "Feed", "Account"].map { "Graphs/Requests/\($0).navgraph.yaml" }
        let run = try runExecutableCapturing(["lint", "--strict"] + files)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.split(separator: "\n").map(String.init) == files.map { "\($0): clean" })
        #expect(run.errors.contains("note: Account: verified alone, so flag 'signedIn' keeps its initial value"))
        let quiet = try runExecutableCapturing(["lint", "--quiet"] + files)
        #expect(quiet.status == 0 && quiet.errors.isEmpty, "\(quiet.errors)")
    }
}
