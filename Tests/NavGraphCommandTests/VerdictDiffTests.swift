import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports
import Testing

/// The library side of `navgraph diff`: verdict changes from two reports, and the Mermaid
/// diagram of the changed part.
@Suite("Verdict diff and the changed-part diagram")
struct VerdictDiffTests {
    static func report(_ text: String) throws -> VerificationReport {
        let graph = try GraphDocument.load(text, origin: "test")
        let findings = GraphLinter.lint(graph)
        if findings.contains(where: { $0.severity == .error }) { return VerificationReport(graph: graph, notExploredBecauseOf: findings) }
        return VerificationReport(graph: graph, result: try Checker(graph).run(), lint: findings)
    }

    @Test("passed → failed is worse, failed → passed is not, and the same report changes nothing")
    func worseAndBetter() throws {
        let fixed = try Self.report(try DiffCommandTests.fixedAccount())
        let buggy = try Self.report(try DiffCommandTests.buggyAccount())
        let worse = VerdictDiff(base: fixed, head: buggy)
        #expect(worse.worsened && !worse.lostDecision)
        #expect(worse.properties.map(\.name) == ["guard bypass", "order details need sign-in", "orders need sign-in"])
        #expect(worse.properties.allSatisfy { $0.before == .passed && $0.after == .failed && $0.worse })
        #expect(worse.states == VerdictDiff.Figure(before: 9, after: 14) && worse.states.delta == 5)
        let better = VerdictDiff(base: buggy, head: fixed)
        #expect(!better.worsened && better.properties.count == 3 && better.properties.allSatisfy { !$0.worse })
        #expect(VerdictDiff(base: buggy, head: buggy).isEmpty)
    }

    @Test("a new graph that fails is worse; a removed one is not; lint errors on the head are worse")
    func oneSideAndLint() throws {
        let buggy = try Self.report(try DiffCommandTests.buggyAccount())
        let added = VerdictDiff(base: nil, head: buggy)
        #expect(added.worsened && added.baseStatus == nil && added.headStatus == "failed")
        #expect(added.properties.filter(\.worse).count == 3 && added.states == VerdictDiff.Figure(before: nil, after: 14))
        let removed = VerdictDiff(base: buggy, head: nil)
        #expect(!removed.worsened && removed.properties.allSatisfy { $0.after == nil })
        let broken = try Self.report(try DiffCommandTests.fixedAccount().replacingOccurrences(of: "  - { from: home, to: help }", with: "  - { from: home, to: nowhere }"))
        #expect(broken.notExplored != nil)
        let lint = VerdictDiff(base: try Self.report(try DiffCommandTests.fixedAccount()), head: broken)
        #expect(lint.worsened && lint.headStatus == "not explored: lint errors" && lint.states.after == nil)
    }

    @Test("the diagram draws only what changed, coloured by change, and nothing for a flag")
    func diagram() throws {
        let base = try GraphDocument.load(try DiffCommandTests.fixedAccount(), origin: "base")
        let flagOnly = try GraphDocument.load(try DiffCommandTests.fixedAccount().replacingOccurrences(of: "signedIn: false\n\nevents", with: "signedIn: true\n\nevents"), origin: "head")
        #expect(GraphDiff(base: base, head: flagOnly).changes.map(\.kind) == [.flag])
        #expect(DiffDiagram(GraphDiff(base: base, head: flagOnly)).mermaid() == nil)

        let head = try GraphDocument.load(try DiffCommandTests.fixedAccount().replacingOccurrences(of: "  - { from: home, to: help }\n", with: ""), origin: "head")
        let mermaid = try #require(DiffDiagram(GraphDiff(base: base, head: head)).mermaid())
        #expect(mermaid == """
            flowchart LR
              classDef added fill:#dafbe1,stroke:#1a7f37,color:#0f3d1c,stroke-width:2px
              classDef removed fill:#ffebe9,stroke:#cf222e,color:#5c0f14,stroke-width:2px
              classDef changed fill:#fff8c5,stroke:#bf8700,color:#4d3800,stroke-width:2px
              n0("help")
              n1("home")
              n1 -.->|"removed: push"| n0
              linkStyle 0 stroke:#cf222e,stroke-width:2px,color:#cf222e

            """)
    }
}

@Suite("Taps to reach in the diff")
struct TapDistanceDiffTests {
    @Test("removing the Social sample's post → user transition pushes user one tap deeper, in text, Markdown and JSON")
    func socialDistance() throws {
        let text = try String(contentsOf: SampleGraphs.repositoryRoot.appendingPathComponent("Graphs/Social.navgraph.yaml"), encoding: .utf8)
        let removed = "  - { from: post, to: user }\n"
        #expect(text.contains(removed))
        let base = try VerdictDiffTests.report(text)
        let head = try VerdictDiffTests.report(text.replacingOccurrences(of: removed, with: ""))
        let verdicts = VerdictDiff(base: base, head: head)
        let change = try #require(verdicts.taps.first { $0.route == "user" })
        #expect(change.before == 2 && change.after == 3 && change.deeper)
        #expect(change.text == "user: 2 → 3 taps")
        #expect(change.path.count == 3)
        #expect(!verdicts.isEmpty)

        let graphDiff = GraphDiff(base: try GraphDocument.load(text, origin: "base"),
                                  head: try GraphDocument.load(text.replacingOccurrences(of: removed, with: ""), origin: "head"))
        let comparison = GraphComparison(path: "Graphs/Social.navgraph.yaml", structure: graphDiff, verdicts: verdicts)
        #expect(DiffWriter.lines([comparison]).contains("  ↓ taps user: 2 → 3 taps"))
        let markdown = DiffWriter.markdown([comparison])
        #expect(markdown.contains("| route | taps before | taps after | shortest path on HEAD |"))
        #expect(markdown.contains("| 🔻 user | 2 | 3 | select tab search; push search → results; push results → user(handle: ada) |"))
        let json = String(decoding: try JSONEncoder().encode(comparison), as: UTF8.self)
        #expect(json.contains("\"taps\":[{"))
    }

    @Test("taps from a tab's root are compared too: removing notifications → post leaves post one tap from launch but two from the notifications tab")
    func fromTabRoots() throws {
        let text = try String(contentsOf: SampleGraphs.repositoryRoot.appendingPathComponent("Graphs/Social.navgraph.yaml"), encoding: .utf8)
        let removed = "  - { from: notifications, to: post }\n"
        #expect(text.contains(removed))
        let verdicts = VerdictDiff(base: try VerdictDiffTests.report(text),
                                   head: try VerdictDiffTests.report(text.replacingOccurrences(of: removed, with: "")))
        // From launch nothing changed; from the notifications tab's root post and what it leads to are one tap deeper.
        #expect(!verdicts.taps.contains { $0.fromTab == nil })
        #expect(verdicts.taps.map(\.text) == ["post from tab notifications: 1 → 2 taps", "user from tab notifications: 2 → 3 taps"])
        #expect(verdicts.taps.allSatisfy { $0.deeper && $0.path.isEmpty })
        let graphDiff = GraphDiff(base: try GraphDocument.load(text, origin: "base"),
                                  head: try GraphDocument.load(text.replacingOccurrences(of: removed, with: ""), origin: "head"))
        let comparison = GraphComparison(path: "Graphs/Social.navgraph.yaml", structure: graphDiff, verdicts: verdicts)
        #expect(DiffWriter.lines([comparison]).contains("  ↓ taps post from tab notifications: 1 → 2 taps"))
        #expect(DiffWriter.markdown([comparison]).contains("| 🔻 post from tab notifications | 1 | 2 |  |"))
        let json = String(decoding: try JSONEncoder().encode(comparison), as: UTF8.self)
        #expect(json.contains("\"fromTab\":\"notifications\""))
    }

    @Test("a within: limit added, changed or removed is a declaration change")
    func withinLimits() throws {
        let base = try GraphDocument.load(Self.limited("within:\n  b: 1\n  all: 3\n"), origin: "base")
        let head = try GraphDocument.load(Self.limited("within:\n  b: 2\n  c: 2\n"), origin: "head")
        let changes = GraphDiff(base: base, head: head).changes.filter { $0.kind == .within }
        #expect(changes.map { "\($0.change) \($0.key): \($0.before ?? "") → \($0.after ?? "")" } == [
            "removed all: at most 3 taps → ",
            "changed b: at most 1 tap → at most 2 taps",
            "added c:  → at most 2 taps",
        ])
        let comparison = GraphComparison(path: "limits.yaml", structure: GraphDiff(base: base, head: head),
                                         verdicts: VerdictDiff(base: try VerdictDiffTests.report(Self.limited("within:\n  b: 1\n  all: 3\n")),
                                                               head: try VerdictDiffTests.report(Self.limited("within:\n  b: 2\n  c: 2\n"))))
        #expect(DiffWriter.lines([comparison]).contains("  ~ within b: at most 1 tap → at most 2 taps"))
    }

    static func limited(_ within: String) -> String {
        """
        navgraph: 1
        name: Limits
        root: a
        routes: { a: {}, b: {}, c: {} }
        transitions:
          - { from: a, to: b }
          - { from: b, to: c }
        \(within)
        """
    }
}
