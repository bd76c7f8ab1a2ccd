import Foundation
import NavigationReports
import Testing

/// What README's quick start says happens, happening: its document fails at the invariant it
/// names, the first fix it calls not enough is not, and the second passes.
@Suite("README's quick start", .serialized)
struct ReadmeTests {
    /// README's step-1 document (the YAML block that starts with the schema comment).
    static func quickStartDocument() throws -> String {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let block = readme.components(separatedBy: "```yaml\n").dropFirst().first { $0.hasPrefix("# yaml-language-server") }
        return try #require(block?.components(separatedBy: "\n```").first)
    }

    @Test("step 2: the document fails at 'settings need sign-in'; 'then: popToRoot' on signOut still fails; the tab-by-tab reset passes")
    func quickStart() throws {
        let document = try Self.quickStartDocument()
        let signOut = "signOut: { when: signedIn, set: { signedIn: false } }"
        #expect(document.contains(signOut), "README's signOut event changed; update this test and the text around it")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func verify(_ text: String) throws -> (status: Int32, output: String) {
            let file = folder.appendingPathComponent("App.navgraph.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let run = try runExecutableCapturing(["verify", file.path, "--reports", folder.appendingPathComponent("Reports").path, "--diagrams", "none"])
            return (run.status, run.output + run.errors)
        }
        let original = try verify(document)
        #expect(original.status == 1, "\(original.output)")
        #expect(original.output.contains("App: settings need sign-in: 'top == settings implies signedIn' is false [invariant]"), "\(original.output)")
        #expect(original.output.contains("2 of 7 properties failed: settings need sign-in, guard bypass"), "the two README names fail: \(original.output)")

        let notEnough = try verify(document.replacingOccurrences(of: signOut, with: "signOut: { when: signedIn, set: { signedIn: false }, then: popToRoot }"))
        #expect(notEnough.status == 1 && notEnough.output.contains("settings need sign-in, guard bypass"), "\(notEnough.output)")

        let fixed = try verify(document.replacingOccurrences(of: signOut, with: "signOut: { when: signedIn, set: { signedIn: false }, then: [{ tab: profile }, popToRoot, { tab: feed }] }"))
        #expect(fixed.status == 0, "\(fixed.output)")
    }

    @Test("README's pins, the Action's example and the schema URL name the version navgraph reports, which is CHANGELOG's latest release")
    func versionPins() throws {
        let version = NavGraphVersion.current
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let action = try String(contentsOf: repositoryRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let changelog = try String(contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(readme.contains(#"from: "\#(version)")"#), "the package pin")
        #expect(readme.contains("navgraph/navgraph@\(version)") && action.contains("navgraph/navgraph@\(version)"), "the Action's pin")
        #expect(readme.contains("navgraph/navgraph/\(version)/Schemas/navgraph-1.schema.json"), "the schema URL")
        // No other version is pinned anywhere in README.
        let pinned = readme.matches(of: /(?:from: "|@|navgraph\/)(\d+\.\d+\.\d+)/).map { String($0.output.1) }
        #expect(!pinned.isEmpty && pinned.allSatisfy { $0 == version }, "\(pinned)")
        let latest = changelog.components(separatedBy: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }
        #expect(latest?.hasPrefix("## \(version) — ") == true, "CHANGELOG's latest release: \(latest ?? "none")")
    }
}
