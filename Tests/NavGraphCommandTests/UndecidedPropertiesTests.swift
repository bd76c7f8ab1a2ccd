import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import NavigationReports
import Testing

/// Declared can-reach and never-until properties that a stopped search leaves undecided: the
/// reports say so, why, and what stopped the search.
@Suite("Undecided declared properties")
struct UndecidedPropertiesTests {
    static let document = """
        navgraph: 1
        name: Session
        root: home
        routes: { home: {}, account: {}, signIn: {} }
        flags: { signedIn: true }
        events:
          signOut: { when: signedIn, set: { signedIn: false } }
          signIn: { when: not signedIn, set: { signedIn: true } }
        transitions:
          - { from: home, to: account }
          - { from: home, to: signIn, style: sheet }
        properties:
          home again: { from: "top == account", canReach: "top == home" }
          no account signed out: { after: "not signedIn", never: "top == account", until: signedIn }
        """

    @Test("a symbolic search stopped after a few levels leaves can-reach and never-until undecided, says why and what stopped it, in the verdicts and the summary")
    func symbolicStopped() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Deep
            root: a
            routes: { a: {}, b: {} }
            transitions: [{ from: a, to: b }, { from: b, to: b }]
            invariants: { shallow: depth <= 3 }
            properties:
              back home: { from: "top == b", canReach: "top == a" }
              never deep: { after: "depth >= 2", never: "depth >= 12", until: "top == a" }
            bounds: { maxStackDepth: 12 }
            """, origin: "Deep.yaml")
        // Cancelled once level 4 is reached, long before the fixpoint (level 11); 'shallow' fails in
        // level 3, so the levels are judged.
        let cancellation = CheckCancellation()
        let run = try GraphCheck.run(graph, engine: .symbolic, options: .init(progressInterval: .zero, cancellation: cancellation)) { progress in
            if case .level(let level) = progress.stage, level >= 4 { cancellation.cancel() }
        }
        #expect(run.result.cutoff?.budget == .interrupted)
        let declared = run.result.verdicts.filter { $0.kind == .canReach || $0.kind == .never }
        #expect(declared.map(\.name) == ["back home", "never deep"])
        for verdict in declared {
            #expect(verdict.status == .inconclusive)
            #expect(verdict.message.hasPrefix("not decided: this engine judges it over the whole reachable set, and the search stopped before it had that set: the search was interrupted in level"),
                    "\(verdict.message)")
            #expect(!verdict.message.contains(", but the search was"))
        }
        let summary = ReportWriter.markdown(VerificationReport(graph: graph, run: run, lint: []), mermaid: nil)
        #expect(summary.contains("| back home | ⚠️ inconclusive | not decided: this engine judges it over the whole reachable set"), "\(summary)")

        // Stopped before its levels showed a failure, every verdict says the symbolic search was
        // interrupted, and the summary says what stopped it and what to do.
        let atOnce = CheckCancellation()
        atOnce.cancel()
        let stopped = try GraphCheck.run(graph, engine: .symbolic, options: .init(cancellation: atOnce))
        #expect(stopped.result.verdicts.filter { $0.kind == .canReach || $0.kind == .never }
            .allSatisfy { $0.status == .inconclusive && $0.message == "not decided: the symbolic search was interrupted before its fixpoint" })
        let stoppedSummary = ReportWriter.markdown(VerificationReport(graph: graph, run: stopped, lint: []), mermaid: nil)
        #expect(stoppedSummary.contains("**Inconclusive**: no property failed, but 7 of 7 could not be decided: the search was interrupted before the symbolic engine reached its fixpoint. Next: "),
                "\(stoppedSummary)")
        #expect(stoppedSummary.contains("Next: run it again to the end"))
    }

    @Test("the explicit engine cut short by maxStates leaves them inconclusive, with what it saw in the states explored")
    func explicitCut() throws {
        var graph = try GraphDocument.load(Self.document, origin: "session.yaml")
        graph.bounds.maxStates = 2
        let result = try Checker(graph).run()
        for verdict in result.verdicts where verdict.kind == .canReach || verdict.kind == .never {
            #expect(verdict.status == .inconclusive)
            #expect(verdict.message.contains("but the search was cut short by maxStates = 2 states"), "\(verdict.message)")
        }
    }
}
