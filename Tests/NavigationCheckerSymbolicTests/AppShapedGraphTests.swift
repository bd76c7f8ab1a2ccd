import Foundation
import NavGraphBenchmarkSupport
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// `Benchmarks/Graphs/AppShaped.navgraph.yaml` is the benchmark generator's output, so the
/// document users run with `navgraph verify` is the graph the measurements are of.
@Suite("The checked-in app-shaped benchmark graph")
struct AppShapedGraphTests {
    static let file = SampleGraphs.repositoryRoot.appendingPathComponent("Benchmarks/Graphs/AppShaped.navgraph.yaml")

    @Test("equals the generator's output (NAVGRAPH_RECORD_BENCHMARK_GRAPHS=1 writes it again)")
    func checkedInEqualsGenerated() throws {
        let generated = AppShapedGraph.checkedIn
        if ProcessInfo.processInfo.environment["NAVGRAPH_RECORD_BENCHMARK_GRAPHS"] == "1" {
            try Data(generated.utf8).write(to: Self.file)
        }
        let checkedIn = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(checkedIn == generated, "Benchmarks/Graphs/AppShaped.navgraph.yaml differs from AppShapedGraph.checkedIn; re-record it with NAVGRAPH_RECORD_BENCHMARK_GRAPHS=1")
    }

    @Test("loads clean, at stack depth 8, and the automatic choice is the symbolic engine")
    func symbolicByDefault() throws {
        let graph = try GraphDocument.load(try String(contentsOf: Self.file, encoding: .utf8), origin: "Benchmarks/Graphs/AppShaped.navgraph.yaml")
        #expect(graph.bounds.maxStackDepth == 8)
        #expect(graph.tabs.count == 5)
        #expect(GraphLinter.lint(graph).filter { $0.severity == .error }.isEmpty)
        #expect(try EngineChoice.choose(.automatic, for: graph).get().engine == .symbolic)
    }

    @Test("its logout invariant is not vacuous: a logout that leaves one tab's stack fails it, in both engines", arguments: [EngineRequest.explicit, .symbolic])
    func logoutInvariantCanFail(engine: EngineRequest) throws {
        let small = AppShapedGraph.document(tabs: 2, destinations: 3, sheets: 2, maxStackDepth: 2)
        let name = "signed out, no stack holds the sign-in screen"
        let fixed = try GraphCheck.run(try GraphDocument.load(small, origin: "small.navgraph.yaml"), engine: engine).result
        #expect(fixed.verdicts.first { $0.name == name }?.status == .passed)
        // Logout forgets to pop the second tab to its root.
        let leaky = small.replacingOccurrences(of: "{ tab: tab1 }, popToRoot, ", with: "")
        #expect(leaky != small)
        let broken = try GraphCheck.run(try GraphDocument.load(leaky, origin: "leaky.navgraph.yaml"), engine: engine).result
        let verdict = try #require(broken.verdicts.first { $0.name == name })
        #expect(verdict.status == .failed)
    }
}
