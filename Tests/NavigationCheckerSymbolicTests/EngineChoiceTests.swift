import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCheckerTesting
import NavigationCore
import NavigationGraph
import Testing

/// ``GraphCheck``: which engine runs, why, and what a symbolic search cut short gives.
@Suite("Engine choice")
struct EngineChoiceTests {
    @Test("auto chooses the symbolic engine for a declarative graph, the explicit one with its reasons for a graph it does not model")
    func automatic() throws {
        let account = try SampleGraphs.load("Account.navgraph.yaml")
        let chosen = try EngineChoice.choose(.automatic, for: account).get()
        #expect(chosen.engine == .symbolic)
        #expect(chosen.requested == .automatic)
        #expect(chosen.fallbackReasons.isEmpty)
        #expect(chosen.summary == "symbolic engine (auto: it models everything this graph uses)")

        let guest = try SampleGraphs.loadOutsideSymbolicSubset()
        let fallback = try EngineChoice.choose(.automatic, for: guest).get()
        #expect(fallback.engine == .explicit)
        #expect(fallback.fallbackReasons == [SampleGraphs.outsideSymbolicSubsetReason])
        #expect(fallback.reason.contains(SampleGraphs.outsideSymbolicSubsetReason))
        let run = try GraphCheck.run(guest)
        #expect(run.engine == fallback)
        #expect(run.result.statistics.states == (try Checker(guest).run()).statistics.states)
        // Shop's pending link, modal plan and guarded checkout are modelled.
        #expect(try EngineChoice.choose(.automatic, for: SampleGraphs.load("Shop.navgraph.yaml")).get().engine == .symbolic)
    }

    @Test("auto: the explicit engine keeps a graph it finishes within its state budget; past it the symbolic engine takes over, with the budget's time left")
    func portfolio() throws {
        let account = try SampleGraphs.load("Account.navgraph.yaml")
        let small = try GraphCheck.run(account)
        #expect(small.engine.engine == .explicit)
        #expect(small.engine.requested == .automatic)
        #expect(small.engine.reason == "it finished within the first 10,000 states, before the symbolic engine was needed")
        #expect(small.result.statistics.states == 14)
        // 2^17 flag combinations: more states than the budget, a small diagram.
        let flags = (0..<17).map { "f\($0)" }
        let document = "navgraph: 1\nname: Flags\nroot: a\nroutes: { a: {} }\nflags: { \(flags.map { "\($0): false" }.joined(separator: ", ")) }\n"
            + "events:\n" + flags.map { "  set_\($0): { when: not \($0), set: { \($0): true } }\n  clear_\($0): { when: \($0), set: { \($0): false } }\n" }.joined()
        let large = try GraphCheck.run(try GraphDocument.load(document, origin: "Flags.navgraph.yaml"), options: .init(checkTraps: false))
        #expect(large.engine.engine == .symbolic)
        // 34 events a state and a small symbolic model: the quick probe's 10,000 steps come
        // before 100,000 states (issue 35: the probe is bounded by its work), and its levels
        // then point to far more steps than the symbolic model costs.
        #expect(EngineChoice.symbolicStateBits(of: try GraphDocument.load(document, origin: "Flags.navgraph.yaml")) <= EngineChoice.smallSymbolicModelBits)
        #expect(large.engine.reason.hasPrefix("more than 10,000 steps in the first "), "\(large.engine.reason)")
        #expect(large.engine.reason.hasSuffix(" within the bounds, it models everything this graph uses, and its model is small: about \(EngineChoice.symbolicStateBits(of: try GraphDocument.load(document, origin: "Flags.navgraph.yaml"))) variables a state"))
        #expect(large.stateCount == 131_072)
        // A graph's own maxStates below the budget is the probe's limit.
        var bounded = account
        bounded.bounds.maxStates = 5
        #expect(try GraphCheck.run(bounded).engine.engine == .symbolic)
    }

    @Test("an engine asked for by name runs, and the symbolic engine on a graph it does not model is an error with the reasons")
    func byName() throws {
        let account = try SampleGraphs.load("Account.navgraph.yaml")
        #expect(try GraphCheck.run(account, engine: .explicit).engine.engine == .explicit)
        #expect(try GraphCheck.run(account, engine: .symbolic).engine.engine == .symbolic)
        let guest = try SampleGraphs.loadOutsideSymbolicSubset()
        #expect(throws: GraphCheckError.symbolic(.unsupported([SampleGraphs.outsideSymbolicSubsetReason]))) {
            try GraphCheck.run(guest, engine: .symbolic)
        }
    }

    @Test("both engines give the same verdicts, counts and trace lengths through GraphCheck", arguments: SampleGraphs.explicitSized)
    func sameResults(_ file: String) throws {
        let graph = try SampleGraphs.load(file)
        let reasons = SymbolicEngine.unsupported(graph)
        guard reasons.isEmpty else {
            // A graph the symbolic engine does not model: auto runs the explicit engine and
            // gives exactly those reasons.
            let run = try GraphCheck.run(graph, engine: .automatic)
            #expect(run.engine.engine == .explicit && run.engine.fallbackReasons == reasons)
            return
        }
        let explicit = try GraphCheck.run(graph, engine: .explicit).result
        let symbolic = try GraphCheck.run(graph, engine: .symbolic).result
        #expect(explicit.statistics.states == symbolic.statistics.states)
        #expect(explicit.statistics.transitions == symbolic.statistics.transitions)
        #expect(explicit.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? -1)" }
                == symbolic.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? -1)" })
    }

    @Test("a cancelled symbolic search is inconclusive: every property undecided, the cutoff says interrupted")
    func cancelled() throws {
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        let cancellation = CheckCancellation()
        cancellation.cancel()
        let run = try GraphCheck.run(graph, engine: .symbolic, options: .init(cancellation: cancellation))
        #expect(run.result.status == .inconclusive)
        #expect(run.result.cutoff?.budget == .interrupted)
        #expect(run.result.verdicts.allSatisfy { $0.status == .inconclusive })
        #expect(run.result.verdicts.map(\.name) == (try Checker(graph).run()).verdicts.map(\.name))
        #expect(!run.result.statistics.complete)
    }

    @Test("a symbolic search stopped after a few levels reports the failures they show, with shortest traces, and decides nothing else")
    func stoppedAfterAFailure() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Deep
            root: a
            routes: { a: {}, b: {} }
            transitions: [{ from: a, to: b }, { from: b, to: b }]
            invariants: { shallow: depth <= 3, bounded: depth <= 10 }
            bounds: { maxStackDepth: 12 }

            """, origin: "Deep.yaml")
        // Cancelled once level 4 is reached: 'depth <= 3' fails in level 3; 'depth <= 10' only in level 10.
        let cancellation = CheckCancellation()
        let options = SymbolicChecker<DynamicRoute>.Options(cancellation: cancellation, progress: { progress in
            if case .level(let level) = progress.stage, level >= 4 { cancellation.cancel() }
        }, progressInterval: .zero)
        let result = try SymbolicChecker(graph, options: options).run()
        let explicit = try Checker(graph).run()
        #expect(result.cutoff?.budget == .interrupted)
        #expect(result.status == .failed)
        #expect(!result.statistics.complete)
        #expect(result.verdicts.map(\.name) == explicit.verdicts.map(\.name))
        let shallow = result.verdicts.first { $0.name == "shallow" }
        #expect(shallow?.status == .failed)
        #expect(shallow?.trace?.actions.count == explicit.verdicts.first { $0.name == "shallow" }?.trace?.actions.count)
        #expect(shallow?.trace?.actions.count == 3)
        // Failed in the complete search, undecided here: never passed.
        #expect(explicit.verdicts.first { $0.name == "bounded" }?.status == .failed)
        #expect(result.verdicts.filter { $0.name != "shallow" }.allSatisfy { $0.status == .inconclusive })
        #expect(result.cutoff?.advice.contains("only what its breadth-first levels show fail") == true)

        // Through GraphCheck, as the command line runs it: the same verdicts.
        let again = CheckCancellation()
        let run = try GraphCheck.run(graph, engine: .symbolic, options: .init(progressInterval: .zero, cancellation: again)) { progress in
            if case .level(let level) = progress.stage, level >= 4 { again.cancel() }
        }
        #expect(run.result.verdicts.map(\.status) == result.verdicts.map(\.status))
    }

    @Test("a symbolic search stopped at once still reports a deep link that fails at launch, and leaves the rest undecided")
    func stoppedWithALinkFailure() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Links
            root: a
            routes: { a: {}, b: {} }
            flags: { f: false }
            events: { on: { set: { f: true } } }
            transitions: [{ from: a, to: b }, { from: b, to: b }]
            bounds: { maxStackDepth: 12 }
            deepLinks:
              schemes: [app]
              links:
                - { pattern: /b, route: b, stack: [a, b], requires: f, samples: [{ url: "app://b", expect: plan }] }

            """, origin: "Links.yaml")
        // Stopped at the first breadth-first level (a cancellation, whose grace for judging is a
        // second: a zero time limit raced the model's building on a loaded machine).
        let stop = CheckCancellation()
        let result = try SymbolicChecker(graph, options: .init(cancellation: stop, progress: { progress in
            if case .level = progress.stage { stop.cancel() }
        }, progressInterval: .zero)).run()
        let explicit = try Checker(graph).run()
        let links = result.verdicts.first { $0.kind == .deepLinks }
        let expected = explicit.verdicts.first { $0.kind == .deepLinks }
        #expect(result.cutoff?.budget == .interrupted)
        #expect(links?.status == .failed)
        #expect(links?.message.hasPrefix("app://b is declared plan but opening it at launch gives pending") == true)
        #expect(links?.trace?.actions == expected?.trace?.actions)
        #expect(result.verdicts.filter { $0.kind != .deepLinks }.allSatisfy { $0.status == .inconclusive })
    }

    @Test("a symbolic search past its time limit is inconclusive, not an error")
    func timeLimit() throws {
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        let run = try GraphCheck.run(graph, engine: .symbolic, options: .init(budget: SearchBudget(timeLimit: .zero)))
        #expect(run.result.status == .inconclusive)
        #expect(run.result.cutoff?.budget == .timeout)
        #expect(run.result.cutoff?.advice.contains("--checker explicit") == true)
    }

    @Test("the depth is exact, or says it is the levels computed, a lower bound")
    func depth() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Chain
            root: a
            routes: { a: {}, b: {}, c: {} }
            transitions: [{ from: a, to: b }, { from: b, to: c }, { from: c, to: b }]
            bounds: { maxStackDepth: 6 }
            """, origin: "Chain.yaml")
        let explicit = try Checker(graph).run().statistics
        let exact = try SymbolicChecker(graph).run().statistics
        #expect(exact.depthIsExact)
        #expect(exact.depth == explicit.depth)
        // Told to stop computing levels once one has more than a single node: a lower bound, labelled.
        let capped = try SymbolicChecker(graph, options: .init(levelNodeLimit: 1)).run().statistics
        #expect(!capped.depthIsExact)
        #expect(capped.depth < explicit.depth)
        #expect(capped.states == explicit.states)
    }

    @Test("expectVerified checks a graph with the explicit engine, and takes a result of either engine")
    func expectVerifiedEngine() throws {
        let graph = try SampleGraphs.load("Onboarding.navgraph.yaml")
        let explicit = expectVerified(graph)
        let symbolic = try GraphCheck.run(graph, engine: .symbolic).result
        expectVerified(symbolic)
        #expect(explicit?.statistics.states == symbolic.statistics.states)
    }

    @Test("the symbolic engine reports its stage and the states reached so far")
    func progress() throws {
        final class Reports: @unchecked Sendable {
            private let lock = NSLock()
            private var stored: [SymbolicProgress] = []
            func add(_ progress: SymbolicProgress) { lock.withLock { stored.append(progress) } }
            var all: [SymbolicProgress] { lock.withLock { stored } }
        }
        let reports = Reports()
        let graph = try SampleGraphs.load("Account.navgraph.yaml")
        // No breadth-first levels before the fixpoint (a node limit of 0), so that the reachable set is reported.
        let result = try SymbolicChecker(graph, options: .init(levelNodeLimit: 0, progress: reports.add, progressInterval: .zero)).run()
        let rounds = reports.all.filter { if case .reachableSet = $0.stage { true } else { false } }
        #expect(!rounds.isEmpty)
        #expect(rounds.last?.states == Double(result.statistics.states))
        // One saturation, no rounds: the reachable set is reported once, when known.
        #expect(rounds.count == 1)
        #expect(SymbolicProgress(stage: .saturation(nodesClosed: 12_288), states: 0, liveNodes: 2_000_000, elapsedSeconds: 4.2, residentBytes: 300_000_000).line
                == "symbolic: reachable set, saturating, 12,288 nodes closed: 2,000,000 live nodes, 300 MB, 4 s")
        #expect(reports.all.contains { if case .level = $0.stage { true } else { false } })
        #expect(rounds[0].line.hasPrefix("symbolic: reachable set, round 1: "))
        #expect(SymbolicProgress(stage: .level(3), states: 8.327e44, liveNodes: 1_234_567, elapsedSeconds: 3.5, residentBytes: 170_000_000).line
                == "symbolic: breadth-first level 3: 8.33e+44 states, 1,234,567 live nodes, 170 MB, 3 s")
    }
}
