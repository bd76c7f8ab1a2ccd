import Foundation
import Testing

/// The Mastodon-shaped sample behaves as the client does where NavGraph's defaults differ
/// (issue 30): a selection left on a hidden tab and a profile link pushed under an open sheet.
/// Modelled as the app behaves, the check fails with both traces; with the defaults (which the
/// app does not have) the same properties pass — the green check the defaults gave was about
/// another app.
@Suite("The Mastodon-shaped sample: a green check is about the app", .serialized)
struct MastodonSampleTests {
    static func verify(_ document: String) throws -> (code: Int32, report: [String: Any], out: String) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DiffCommandTests.write(document, "Mastodon.navgraph.yaml", in: folder)
        let run = try DiffCommandTests.run(["verify", "Mastodon.navgraph.yaml", "--checker", "symbolic", "--diagrams", "none", "--reports", "R"], in: folder)
        let data = try Data(contentsOf: folder.appendingPathComponent("R/Mastodon/report.json"))
        return (run.code, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]), run.out + run.err)
    }

    static func property(_ report: [String: Any], _ kind: String, _ name: String? = nil) -> [String: Any]? {
        (report["properties"] as? [[String: Any]])?.first { $0["kind"] as? String == kind && (name == nil || $0["name"] as? String == name) }
    }

    static func actions(_ property: [String: Any]?) -> [String] {
        ((property?["trace"] as? [[String: Any]]) ?? []).compactMap { $0["action"] as? String }
    }

    @Test("as the app behaves (stay, keep) the hidden selection and the link under a sheet fail with their traces; with fallback and dismiss they pass")
    func behaviours() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Graphs/Mastodon.navgraph.yaml"), encoding: .utf8)
        #expect(text.contains("hiddenSelection: stay") && text.contains("underModals: keep"))
        let app = try Self.verify(text)
        #expect(app.code == 1, "\(app.out)")
        let hidden = Self.property(app.report, "selected-tab-shown")
        #expect(hidden?["status"] as? String == "failed")
        // Signed out on Settings, sign in from a sheet: Settings stays selected, not shown.
        #expect(Self.actions(hidden).last == "event signedIn", "\(Self.actions(hidden))")
        #expect(Self.actions(hidden).contains("select tab settings"), "\(Self.actions(hidden))")
        #expect(Self.property(app.report, "invariant", "settings tab only signed out")?["status"] as? String == "failed")
        let link = Self.property(app.report, "deep-links")
        #expect(link?["status"] as? String == "failed")
        #expect((link?["message"] as? String)?.contains("landed under a modal") == true, "\(link?["message"] ?? "")")
        #expect(Self.actions(link).last?.hasPrefix("open https://mastodon.example/@alice") == true, "\(Self.actions(link))")
        // The declared properties: the editor leads back to the timeline; after signing out
        // from the profile tab's settings sheet, profile stays selected and an account is pushed.
        #expect(Self.property(app.report, "can-reach", "editor returns to timeline")?["status"] as? String == "passed")
        let account = Self.property(app.report, "never", "no account after sign-out")
        #expect(account?["status"] as? String == "failed")
        #expect(Self.actions(account).contains("event signOut"), "\(Self.actions(account))")
        #expect(Self.actions(account).last?.hasPrefix("push profile → account") == true, "\(Self.actions(account))")

        // The defaults: the selection follows the tab set, a link dismisses the sheets first.
        let defaults = text.replacingOccurrences(of: "hiddenSelection: stay", with: "hiddenSelection: fallback")
            .replacingOccurrences(of: "underModals: keep", with: "underModals: dismiss")
        let other = try Self.verify(defaults)
        #expect(other.code == 0, "\(other.out)")
        #expect(Self.property(other.report, "selected-tab-shown") == nil, "reported only for a graph that declares stay")
        #expect(Self.property(other.report, "invariant", "settings tab only signed out")?["status"] as? String == "passed")
        #expect(Self.property(other.report, "deep-links")?["status"] as? String == "passed")
        #expect(Self.property(other.report, "never", "no account after sign-out")?["status"] as? String == "passed")
    }
}
