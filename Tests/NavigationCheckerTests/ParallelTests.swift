import NavigationChecker
import NavGraphBenchmarkSupport
import NavigationCore
import NavigationGraph
import NavGraphTestSupport
import Testing

@Suite("Parallel exploration")
struct ParallelTests {
    /// Everything a result says except time and memory.
    static func summary(_ result: CheckResult<DynamicRoute>) -> [String] {
        let statistics = result.statistics
        var lines = ["states \(statistics.states) transitions \(statistics.transitions) depth \(statistics.depth) complete \(statistics.complete) table \(statistics.tableBytes)"]
        lines.append("routes \(result.routeCoverage) transitions \(result.transitionCoverage) cuts \(result.cuts)")
        for verdict in result.verdicts {
            lines.append("\(verdict.name) \(verdict.status) \(verdict.message) \(verdict.trace?.steps.map(\.label) ?? [])")
        }
        return lines
    }

    @Test("two workers find the same states, verdicts and shortest traces as one", arguments: SampleGraphs.names)
    func samples(file: String) throws {
        let graph = try SampleGraphs.load(file)
        let one = try Checker(graph).run()
        let two = try Checker(graph, options: .init(workers: 2)).run()
        #expect(Self.summary(one) == Self.summary(two))
    }

    @Test("the same on generated graphs large enough to expand in parallel", arguments: [(30, 4, 2, 7), (50, 3, 3, 8)])
    func synthetic(size: (Int, Int, Int, Int)) throws {
        var graph = SyntheticGraph.make(routes: size.0, outDegree: size.1, flags: size.2, depth: size.3)
        // Invariants that fail only in the last levels, so which violating state is found
        // first, and so each shortest trace, depends on the order successors are stored in.
        for text in ["depth < \(size.3)", "depth < \(size.3 - 1) or not f1"] {
            graph.invariants.append(.init(name: text, condition: try GraphCondition.parse(text)))
        }
        let one = try Checker(graph).run()
        let violated = one.failures.filter { $0.name.hasPrefix("depth") }
        #expect(violated.count == 2 && violated.allSatisfy { ($0.trace?.steps.count ?? 0) > 5 })
        for workers in [2, 3] {
            let many = try Checker(graph, options: .init(workers: workers)).run()
            #expect(Self.summary(one) == Self.summary(many), "\(workers) workers")
        }
        #expect(one.statistics.states > 10_000, "levels exceed the parallel threshold")
    }
}
