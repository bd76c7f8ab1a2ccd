import Benchmark
import Foundation
import NavGraphBenchmarkSupport
import NavigationChecker
import NavigationCore
import NavigationGraph

/// The shop graph (Graphs/Shop.navgraph.yaml) at a deeper stack bound than its own.
private func shop(depth: Int) -> NavigationGraph<DynamicRoute>? {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Graphs/Shop.navgraph.yaml")
    guard let text = try? String(contentsOf: path, encoding: .utf8), var graph = try? GraphDocument.load(text, origin: "Graphs/Shop.navgraph.yaml") else {
        return nil
    }
    graph.bounds = GraphBounds(maxStackDepth: depth, maxModalDepth: 2, maxStates: 100_000_000)
    return graph
}

/// Explores `graph` once per iteration and reports distinct states per second and bytes per state.
private func explore<R: Route>(_ benchmark: Benchmark, _ graph: NavigationGraph<R>, options: Checker<R>.Options = .init()) {
    var states = 0, bytes = 0.0, seconds = 0.0
    for _ in benchmark.scaledIterations {
        guard let result = try? Checker(graph, options: options).run() else { continue }
        states = result.statistics.states
        bytes = result.statistics.bytesPerState
        seconds = result.statistics.elapsedSeconds
        blackHole(result)
    }
    print("\(graph.name): \(states) states, \(Int(Double(states) / max(seconds, 1e-9))) states/s, \(Int(bytes)) bytes/state")
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident, .throughput], maxDuration: .seconds(120), maxIterations: 5)

    if let graph = shop(depth: 6) {
        Benchmark("explore shop, max depth 6 (\(graph.routes.count) routes)") { benchmark in explore(benchmark, graph) }
    }
    if let graph = shop(depth: 16) {
        var bounded = graph
        bounded.bounds.maxStates = 3_000_000
        Benchmark("explore shop, max depth 16, first 3,000,000 states") { benchmark in explore(benchmark, bounded, options: .init(checkTraps: false)) }
    }
    for (routes, degree, flags, depth) in [(20, 3, 2, 6), (40, 4, 3, 5), (100, 2, 4, 6)] {
        let graph = SyntheticGraph.make(routes: routes, outDegree: degree, flags: flags, depth: depth)
        Benchmark("explore \(graph.name)") { benchmark in explore(benchmark, graph) }
    }

    // The cost of guards written as Swift closures, beside the same guards in the condition language.
    let declarative = SyntheticGraph.make(routes: 20, outDegree: 3, flags: 2, depth: 6)
    var closures = declarative
    closures.transitions = declarative.transitions.map { transition in
        guard let condition = transition.condition, case .flag(let name) = condition.expression else { return transition }
        let flag = FlagName(name.text)
        return TransitionDeclaration(from: transition.from, to: transition.to, style: transition.style,
                                     condition: GraphCondition("closure \(name.text)") { state in state.isSet(flag) })
    }
    Benchmark("guards: declarative conditions (R20 k3 F2 D6)") { benchmark in explore(benchmark, declarative) }
    Benchmark("guards: Swift closures (R20 k3 F2 D6)") { benchmark in explore(benchmark, closures) }
}
