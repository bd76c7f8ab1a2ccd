import Foundation
@testable import NavigationChecker
import NavigationCore
import NavigationGraph
import NavGraphTestSupport
import Testing

/// A search a budget stops is never a pass: what it did not see fail is inconclusive, with the
/// budget, what was left and a next step. Depth bounds are the model's scope, and passes say so.
@Suite("Cut-off searches")
struct CutoffTests {
    static func check(_ document: String, options: Checker<DynamicRoute>.Options = .init()) throws -> CheckResult<DynamicRoute> {
        try Checker(try GraphDocument.load(document, origin: "test.yaml"), options: options).run()
    }

    @Test("maxStates reached: every property not seen failing is inconclusive, none passes")
    func maxStates() throws {
        let result = try Self.check(FlagGraphs.document(maxStates: 2_000))
        #expect(result.statistics.states == 2_000)
        #expect(!result.statistics.complete)
        #expect(result.status == .inconclusive)
        #expect(!result.passed)
        #expect(result.failures.isEmpty)
        #expect(result.verdicts.allSatisfy { $0.status == .inconclusive })
        let cutoff = try #require(result.cutoff)
        #expect(cutoff.budget == .maxStates)
        #expect(cutoff.limit == "2,000 states")
        #expect(cutoff.successorsNotStored > 0)
        // 1, 40, 780 states in the first levels: about ×20 a level.
        #expect((cutoff.growthPerLevel ?? 0) > 10)
        #expect(cutoff.advice.contains("grows about ×"))
        #expect(cutoff.advice.contains("--max-states"))
        let invariant = try #require(result.verdicts.first { $0.kind == .invariant })
        #expect(invariant.message.contains("no violation in the 2,000 states explored"))
        #expect(invariant.message.contains("cut short by maxStates = 2,000 states"))
    }

    @Test("a violation found before the cutoff stays a failure, with its trace")
    func failureStands() throws {
        let result = try Self.check(FlagGraphs.document(violatedAt: 2, maxStates: 2_000))
        #expect(result.status == .failed)
        let invariant = try #require(result.verdicts.first { $0.kind == .invariant })
        #expect(invariant.status == .failed)
        #expect(invariant.trace?.steps.count == 3)
        #expect(result.verdicts.filter { $0.kind != .invariant }.allSatisfy { $0.status == .inconclusive })
    }

    @Test("a memory budget below what the process holds stops the search at its first check")
    func memoryBudget() throws {
        let result = try Self.check(FlagGraphs.document(), options: .init(budget: SearchBudget(maxMemoryBytes: 1_000_000)))
        let cutoff = try #require(result.cutoff)
        #expect(cutoff.budget == .maxMemory)
        #expect(cutoff.limit == "1 MB")
        #expect(cutoff.unexpanded >= 1)
        #expect(result.statistics.states < 1_000)
        #expect(result.verdicts.allSatisfy { $0.status == .inconclusive })
    }

    @Test("a document's maxMemory is the budget unless the options give one")
    func documentMemoryBudget() throws {
        let document = FlagGraphs.document() + "bounds:\n  maxMemory: 1MB\n"
        let graph = try GraphDocument.load(document, origin: "test.yaml")
        #expect(graph.bounds.maxMemoryBytes == 1_000_000)
        #expect(try Checker(graph).run().cutoff?.budget == .maxMemory)
        #expect(SearchBudget(maxMemoryBytes: 5_000_000_000).memoryBytes(for: graph) == 5_000_000_000)
        #expect(SearchBudget().memoryBytes(for: graph) == 1_000_000)
        #expect(SearchBudget.defaultMemoryBytes > 0)
    }

    @Test("a time budget that has run out stops the search, inconclusive")
    func timeBudget() throws {
        let result = try Self.check(FlagGraphs.document(), options: .init(budget: SearchBudget(timeLimit: .zero)))
        let cutoff = try #require(result.cutoff)
        #expect(cutoff.budget == .timeout)
        #expect(cutoff.advice.contains("--timeout"))
        #expect(result.status == .inconclusive)
    }

    @Test("a cancelled search stops, inconclusive, with what it explored")
    func cancellation() throws {
        let cancellation = CheckCancellation()
        cancellation.cancel()
        let result = try Self.check(FlagGraphs.document(), options: .init(cancellation: cancellation))
        let cutoff = try #require(result.cutoff)
        #expect(cutoff.budget == .interrupted)
        #expect(cutoff.summary.hasPrefix("interrupted in level 0"))
        #expect(result.statistics.states == 1)
        #expect(result.status == .inconclusive)
    }

    @Test("a depth bound is the model's scope: passes say 'within stack depth N', and never-taken transitions say what the bound cut")
    func depthScope() throws {
        let result = try Self.check("""
            navgraph: 1
            name: Deep
            root: a
            routes: { a: {}, b: {}, c: {} }
            transitions: [{ from: a, to: b }, { from: b, to: c }]
            bounds: { maxStackDepth: 2 }
            """)
        #expect(result.statistics.complete)
        #expect(result.cutoff == nil)
        let bypass = try #require(result.verdicts.first { $0.kind == .guardBypass })
        #expect(bypass.status == .passed)
        #expect(bypass.message.hasSuffix("(within stack depth 2)"))
        let coverage = try #require(result.verdicts.first { $0.kind == .transitionCoverage })
        #expect(coverage.status == .failed)
        #expect(coverage.message == "never taken within stack depth 2: push b → c (1 successor cut by the depth bounds)")
        let routes = try #require(result.verdicts.first { $0.kind == .routeReachability })
        #expect(routes.message == "never shown within stack depth 2: c (1 successor cut by the depth bounds)")
    }

    @Test("the advice says the engine will not finish when the next level cannot fit in memory")
    func adviceWillNotFinish() {
        #expect(SearchCutoff.growth([1, 40, 780, 9_880]).map { ($0 * 10).rounded() / 10 } == 15.7)  // levels of 16 or more: ×19.5 then ×12.7
        #expect(SearchCutoff.growth([1, 2, 3]) == nil)
        let figures = SearchCutoff.Figures(states: 1_000_000, completeLevelSizes: [1_000, 10_000, 100_000, 1_000_000],
                                           bytesPerState: 100, memoryBudget: 200_000_000, seconds: 10, bounds: GraphBounds())
        let cutoff = SearchCutoff(budget: .maxMemory, limit: "200 MB", unexpanded: 10, successorsNotStored: 0, level: 4, figures: figures)
        #expect(cutoff.growthPerLevel == 10)
        #expect(cutoff.advice.contains("will not finish"))
        // No depth bound cut anything: the graph itself is what to make smaller.
        #expect(cutoff.advice.contains("the depth bounds cut nothing"))
        #expect(!cutoff.advice.contains("lower maxStackDepth"))
        var deep = figures
        deep.depthBoundsCut = true
        #expect(SearchCutoff(budget: .maxMemory, limit: "200 MB", unexpanded: 10, successorsNotStored: 0, level: 4, figures: deep)
                    .advice.contains("lower maxStackDepth (now 8)"))
        // A suggestion never passes the limit documents accept, nor what the memory budget holds.
        let huge = SearchCutoff(budget: .maxStates, limit: "400,000,000 states", unexpanded: 0, successorsNotStored: 5, level: 9,
                                figures: .init(states: 400_000_000, completeLevelSizes: [1_000_000, 1_100_000, 1_150_000],
                                               bytesPerState: 20, memoryBudget: 1_000_000_000_000, seconds: 100, bounds: GraphBounds()))
        #expect(huge.advice.contains("--max-states 500000000"))
        #expect(huge.advice.contains("it may not be enough"))
        let roomy = SearchCutoff(budget: .maxStates, limit: "1,000,000 states", unexpanded: 0, successorsNotStored: 5, level: 4,
                                 figures: .init(states: 1_000_000, completeLevelSizes: [900_000, 1_000_000, 800_000],
                                                bytesPerState: 100, memoryBudget: 10_000_000_000, seconds: 10, bounds: GraphBounds()))
        #expect(roomy.advice.hasPrefix("the levels have stopped growing"))
        #expect(roomy.advice.contains("--max-states 2000000"))
    }

    @Test("amounts of memory are read with their units and refused without a number")
    func memorySizes() {
        #expect(MemorySize.bytes("2GB") == 2_000_000_000)
        #expect(MemorySize.bytes("512 MiB") == 512 * 1024 * 1024)
        #expect(MemorySize.bytes("1.5g") == 1_500_000_000)
        #expect(MemorySize.bytes("4096") == 4096)
        #expect(MemorySize.bytes("lots") == nil)
        #expect(MemorySize.bytes("-1GB") == nil)
        #expect(MemorySize.bytes("2 parsecs") == nil)
        #expect(MemorySize.text(1_500_000_000) == "1.5 GB")
        #expect(MemorySize.text(60_000_000) == "60 MB")
    }
}
