import NavigationChecker
import NavGraphBenchmarkSupport
import NavigationCore
import NavigationGraph
import Testing

@Suite("Agreement with SPIN")
struct SpinAgreementTests {
    @Test("the explorer and SPIN store the same number of states on generated graphs",
          .enabled(if: SpinRun.isAvailable, "needs spin and cc: apt-get install spin (make test installs it)"),
          arguments: [(4, 2, 0, 4), (6, 3, 1, 5), (8, 3, 2, 5), (12, 2, 3, 4)])
    func agreement(routes: Int, outDegree: Int, flags: Int, depth: Int) throws {
        let graph = SyntheticGraph.make(routes: routes, outDegree: outDegree, flags: flags, depth: depth)
        let ours = try Checker(graph, options: .init(checkTraps: false)).run()
        let spin = try SpinRun.run(try PromelaModel.translate(graph))
        #expect(ours.statistics.complete)
        #expect(ours.statistics.states == spin.states, "\(graph.name): explorer \(ours.statistics.states), SPIN \(spin.states)")
    }

    @Test("a hand-countable graph: SPIN and the explorer both store 3 states")
    func handCounted() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: T\nroot: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 3 }\n", origin: "t.yaml")
        #expect(try Checker(graph).run().statistics.states == 3)
        let promela = try PromelaModel.translate(graph)
        #expect(promela.contains("d_step { stack[depth - 1] == 1 && depth < DEPTH -> stack[depth] = 1; depth++ }"))
        if SpinRun.isAvailable { #expect(try SpinRun.run(promela).states == 3) }
    }

    @Test("graphs outside the subset are refused with the reason")
    func refuses() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: T\nroot: a\nroutes: { a: {}, s: {} }\ntransitions: [{ from: a, to: s, style: sheet }]\n", origin: "t.yaml")
        #expect(throws: PromelaExportError.self) { _ = try PromelaModel.translate(graph) }
    }
}
