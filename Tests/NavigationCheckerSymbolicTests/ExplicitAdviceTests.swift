import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// An explicit search asked for by name and stopped by a budget names the symbolic engine as the
/// other way to finish, when that engine models the graph (issue 35).
@Suite("The explicit engine's advice names the symbolic engine")
struct ExplicitAdviceTests {
    @Test("a graph the symbolic engine models: the cutoff's advice and every undecided verdict name it")
    func modelled() throws {
        var graph = try SampleGraphs.load("Account.navgraph.yaml")
        graph.bounds.maxStates = 5
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        let result = try GraphCheck.run(graph, engine: .explicit).result
        let cutoff = try #require(result.cutoff)
        #expect(cutoff.budget == .maxStates)
        #expect(cutoff.advice.hasSuffix("; or check it with the symbolic engine (--checker symbolic), which models this graph and whose cost follows the bounds, not the states"))
        #expect(cutoff.advice.contains("raise maxStates"), "the explicit engine's own advice stays first: \(cutoff.advice)")
        #expect(!result.undecided.isEmpty)
        for verdict in result.undecided { #expect(verdict.message.hasSuffix(cutoff.advice), "\(verdict.message)") }
        // The search itself is the explicit engine's, unchanged.
        let plain = try Checker(graph).run()
        #expect(result.verdicts.map { "\($0.name) \($0.status)" } == plain.verdicts.map { "\($0.name) \($0.status)" })
        #expect(result.statistics.states == plain.statistics.states)
        #expect(!(plain.cutoff?.advice.contains("symbolic") ?? true))
    }

    @Test("a graph the symbolic engine does not model, or a search that finished: nothing is added")
    func notModelled() throws {
        // The guest graph (a tab shown under a condition on the modals), grown past 3 states.
        let text = SampleGraphs.outsideSymbolicSubset.replacingOccurrences(
            of: "transitions: [{ from: a, to: b }]", with: "transitions: [{ from: a, to: b }, { from: a, to: a }]\nbounds: { maxStates: 3 }")
        let guest = try GraphDocument.load(text, origin: "Guest.navgraph.yaml")
        #expect(!SymbolicEngine.unsupported(guest).isEmpty)
        for request in [EngineRequest.explicit, .automatic] {
            let result = try GraphCheck.run(guest, engine: request).result
            #expect(result.cutoff != nil)
            #expect(!(result.cutoff?.advice.contains("symbolic") ?? true), "\(request)")
        }
        let finished = try GraphCheck.run(try SampleGraphs.load("Account.navgraph.yaml"), engine: .explicit).result
        #expect(finished.cutoff == nil)
    }
}
