import Foundation
import NavGraphTestSupport
import Testing

/// `navgraph diff` of graphs composed of features: a graph read at a git revision composes the
/// feature documents of that revision, not those of the working tree.
@Suite("navgraph diff with features", .serialized)
struct DiffFeatureTests {
    /// The people feature of ``FeatureReportTests``, with a route `edit` and a transition to it when `extraRoute`.
    static func people(extraRoute: Bool) -> String {
        let people = FeatureReportTests.people()
        guard extraRoute else { return people }
        return people.replacingOccurrences(of: "  orphan:\n", with: "  orphan:\n  edit:\n")
            .replacingOccurrences(of: "  - { from: detail, to: done }\n", with: "  - { from: detail, to: done }\n  - { from: detail, to: edit }\n")
    }

    @Test("at a revision, an app's features are read from that revision: a change in a feature document alone is a change of the app")
    func featuresAtRevision() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DiffCommandTests.git(["init", "-q", "-b", "main"], in: folder)
        try DiffCommandTests.write(FeatureReportTests.app, "Graphs/App.navgraph.yaml", in: folder)
        try DiffCommandTests.write(Self.people(extraRoute: false), "Graphs/features/People.navgraph.yaml", in: folder)
        try DiffCommandTests.git(["add", "."], in: folder)
        try DiffCommandTests.git(["commit", "-q", "-m", "app"], in: folder)

        // Only the feature's document changes in the working tree.
        try DiffCommandTests.write(Self.people(extraRoute: true), "Graphs/features/People.navgraph.yaml", in: folder)
        let file = try DiffCommandTests.run(["diff", "main", "Graphs/App.navgraph.yaml"], in: folder)
        #expect(file.code == 0, "\(file.out)\(file.err)")
        #expect(file.out.hasPrefix("Graphs/App.navgraph.yaml (App): "), "\(file.out)")
        #expect(!file.out.contains("unchanged"), "the base composed the working tree's feature: \(file.out)")
        #expect(file.out.contains("people.edit"), "\(file.out)")
        // Each declaration line names its feature, as verify's lines do.
        #expect(file.out.contains("  + route people.edit: no parameters (feature people)"), "\(file.out)")
        #expect(file.out.contains("  + transition people.detail → people.edit: push (feature people)"), "\(file.out)")

        // Two revisions: each composes its own features.
        try DiffCommandTests.git(["add", "-A"], in: folder)
        try DiffCommandTests.git(["commit", "-q", "-m", "edit"], in: folder)
        try DiffCommandTests.write(Self.people(extraRoute: false), "Graphs/features/People.navgraph.yaml", in: folder)
        let revisions = try DiffCommandTests.run(["diff", "main~1", "main"], in: folder)
        #expect(revisions.code == 0, "\(revisions.out)\(revisions.err)")
        let app = revisions.out.split(separator: "\n").first { $0.hasPrefix("Graphs/App.navgraph.yaml") }
        #expect(app != nil && app?.contains("unchanged") == false, "\(revisions.out)")
        #expect(revisions.out.contains("people.edit"), "\(revisions.out)")

        // A revision whose feature document is missing is bad input, naming the revision and the path.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Graphs/features/People.navgraph.yaml"))
        try DiffCommandTests.git(["add", "-A"], in: folder)
        try DiffCommandTests.git(["commit", "-q", "-m", "lose the feature"], in: folder)
        let missing = try DiffCommandTests.run(["diff", "main~1", "main"], in: folder)
        #expect(missing.code == 2, "\(missing.out)\(missing.err)")
        #expect(missing.err.contains("is not in main (looked for Graphs/features/People.navgraph.yaml)"), "\(missing.err)")
    }

    @Test("diff names the feature of each declaration and verdict line it prints, as verify does")
    func linesNameFeatures() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // On the head, the people feature declares an invariant its own detail screen breaks.
        let broken = FeatureReportTests.people().replacingOccurrences(of: "invariants:\n", with: "invariants:\n  detail never shown: top != detail\n")
        for (side, people) in [("old", FeatureReportTests.people()), ("new", broken)] {
            try DiffCommandTests.write(FeatureReportTests.app, "\(side)/App.navgraph.yaml", in: folder)
            try DiffCommandTests.write(people, "\(side)/features/People.navgraph.yaml", in: folder)
        }
        let run = try DiffCommandTests.run(["diff", "old", "new"], in: folder)
        #expect(run.code == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("  + invariant people.detail never shown: top != people.detail (feature people)"), "\(run.out)")
        let verdict = run.out.split(separator: "\n").first { $0.hasPrefix("  ✘ invariant people.detail never shown: absent → failed: ") }
        #expect(verdict?.hasSuffix(" (feature people)") == true, "\(run.out)")
    }
}
