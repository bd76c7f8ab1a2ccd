import NavGraphTestSupport
import Foundation
import NavigationChecker
import NavigationCheckerTesting
import NavigationCore
import NavigationGraph
import Testing

@Suite("Sample graphs, explored")
struct SampleGraphCheckTests {
    /// The samples with a deliberate bug: Account's back stack, Requests' dropped Share
    /// (`RequestPropertyTests` checks its trace).
    static let deliberatelyBuggy = ["Account.navgraph.yaml", "Requests.navgraph.yaml"]

    @Test("the correct samples verify clean, completely, within their bounds",
          arguments: SampleGraphs.explicitSized.filter { !deliberatelyBuggy.contains($0) })
    func cleanSamples(file: String) throws {
        let result = try Checker(try SampleGraphs.load(file)).run()
        #expect(result.statistics.complete)
        for verdict in result.verdicts {
            #expect(verdict.status == .passed, "\(verdict.name): \(verdict.message)\n\(verdict.trace?.formatted ?? "")")
        }
        #expect(result.routeCoverage.unreached.isEmpty)
        #expect(result.statistics.states > 1)
    }

    @Test("the Account graph yields its shortest counterexample: sign out from Help, then Back")
    func accountCounterexample() throws {
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        let checker = Checker(graph)
        let result = try checker.run()
        #expect(!result.passed)
        let invariant = try #require(result.verdicts.first { $0.name == "orders need sign-in" })
        #expect(invariant.status == .failed)
        let trace = try #require(invariant.trace)
        #expect(trace.steps.count == 7, "\(trace.formatted)")
        #expect(trace.steps.last?.label == "Back")
        #expect(trace.steps.dropLast().last?.label == "event signOut")
        #expect(invariant.location?.line != nil)

        // Replaying the actions through NavigationCore reproduces the violating state.
        let replayed = try checker.replay(trace.actions)
        #expect(replayed.last == trace.finalState)
        let condition = try #require(graph.invariants.first { $0.name == "orders need sign-in" }).condition.compile(routeName: graph.routeName)
        #expect(replayed.last.map(condition) == false)
        #expect(replayed.last?.top == DynamicRoute("orders"))
        #expect(replayed.last?.isSet("signedIn") == false)

        let bypass = try #require(result.verdicts.first { $0.kind == .guardBypass })
        #expect(bypass.status == .failed)
        #expect(bypass.trace?.steps.count == 7)
    }

    @Test("a trace prints one line per step, each with only what changed")
    func compactTrace() throws {
        let result = try Checker(try SampleGraphs.load("Account.navgraph.yaml")).run()
        let text = try #require(result.failures.first?.trace).formatted
        #expect(text.split(separator: "\n").count == 7)
        #expect(text.contains("5. event signOut: -signedIn"), "\(text)")
        #expect(text.contains("6. Back: stack home › orders"), "\(text)")
    }

    @Test("exploring twice gives the same verdicts, counts and traces")
    func deterministic() throws {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        let first = try Checker(graph).run(), second = try Checker(graph).run()
        #expect(first.statistics.states == second.statistics.states)
        #expect(first.verdicts.map(\.message) == second.verdicts.map(\.message))
        #expect(first.cuts == second.cuts)
        let account = try SampleGraphs.load("Account.navgraph.yaml")
        #expect(try Checker(account).run().failures.map { $0.trace?.formatted } == (try Checker(account).run().failures.map { $0.trace?.formatted }))
    }

    @Test("hash compaction finds the same states here and says it was used")
    func hashCompaction() throws {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        let exact = try Checker(graph).run()
        let compact = try Checker(graph, options: .init(storage: .hashCompaction)).run()
        #expect(compact.statistics.storage == .hashCompaction)
        #expect(exact.statistics.storage == .exact)
        #expect(compact.statistics.states == exact.statistics.states)
        #expect(compact.statistics.tableBytes < exact.statistics.tableBytes)
    }
}

@Suite("Swift Testing helpers")
struct CheckerTestingHelperTests {
    @Test("expectVerified passes a clean graph and records the trace of a buggy one")
    func helper() throws {
        let clean = expectVerified(try SampleGraphs.load("Onboarding.navgraph.yaml"))
        #expect(clean?.passed == true)
        try withKnownIssue("the Account graph's bug is deliberate") {
            expectVerified(try SampleGraphs.load("Account.navgraph.yaml"))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("shortest counterexample") && $0.rawValue.contains("event signOut") }
        }
    }

    @Test("expectVerified records a search cut short as not verified, though nothing failed")
    func helperInconclusive() throws {
        try withKnownIssue("a budget stops this search on purpose") {
            // maxStates bounds the explicit engine's state table (the symbolic engine has none).
            let result = expectVerified(try GraphDocument.load(FlagGraphs.document(maxStates: 300), origin: "flags.yaml"))
            #expect(result?.status == .inconclusive)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("not verified: the search was cut short by maxStates = 300 states") }
        }
    }
}
