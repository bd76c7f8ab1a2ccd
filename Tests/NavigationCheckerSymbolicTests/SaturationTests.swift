import Foundation
import NavGraphTestSupport
@testable import NavigationChecker
@testable import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Saturation (`SymbolicSaturation`) closes a set under the relation's parts node by node; it
/// must give exactly the set that chaining the parts over the whole set gives, as a diagram
/// (`==` compares BuDDy's canonical nodes).
@Suite("Saturation closes the same set as chaining")
struct SaturationTests {
    /// The closure under the relation's parts by chaining: every part applied to the whole set,
    /// pass after pass, until a pass adds nothing (what the search did before saturation).
    static func chained(_ states: Diagram, _ relation: SymbolicRelation) -> Diagram {
        var reached = states
        while true {
            let before = reached
            for part in relation.parts { reached = reached || relation.image(of: reached, through: part) }
            if reached == before { return reached }
        }
    }

    /// The sets to close, per graph: the initial state; the initial state with every navigating
    /// event's and deep-link transaction's image of the closure added (a set that is not
    /// closed, as the search's rounds meet them); and that, once more. Returns how many sets
    /// saturation and chaining closed differently, and how many were compared.
    static func compare(_ graph: NavigationGraph<DynamicRoute>) throws -> (differences: Int, compared: Int) {
        try SymbolicTestModel.with(graph) { search, start, diagrams throws(SymbolicError) in
            let model = search.model
            let encoding = search.encoding
            let saturation = SymbolicSaturation(model.global, diagrams)
            var differences = 0
            var compared = 0
            var states = start
            for _ in 0..<3 {
                let closed = try saturation.close(states)
                compared += 1
                if closed != chained(states, model.global) { differences += 1 }
                // A set the rounds meet: the closure and what one event or transaction adds to it.
                var grown = closed
                for event in model.events where event.steps != nil { grown = grown || search.eventImage(of: closed, event) }
                for link in model.linkTransactions { grown = grown || (link.transaction.image(of: closed) && encoding.withinBounds) }
                if grown == closed { break }
                states = grown
            }
            // A fresh saturation (nothing remembered) agrees with the one that remembers.
            let fresh = SymbolicSaturation(model.global, diagrams)
            compared += 1
            if try fresh.close(states) != saturation.close(states) { differences += 1 }
            try diagrams.checkpoint()
            return (differences, compared)
        }
    }

    @Test("on the sample graphs the symbolic engine models, at stack depths 2 and 3")
    func samples() throws {
        var checked = 0
        for file in SampleGraphs.names {
            // The Mastodon sample at depth 2 is `tabScopedMastodon`'s graph: compared once, there.
            for depth in [2, 3] where !(SampleGraphs.realAppSize.contains(file) && depth == 2) {
                var graph = try SampleGraphs.load(file)
                guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
                graph.bounds.maxStackDepth = depth
                let (differences, compared) = try Self.compare(graph)
                #expect(differences == 0, "\(file) at depth \(depth): \(differences) of \(compared) closures differ")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test("on the Mastodon-shaped sample with tab-scoped sheets, at stack depth 2")
    func tabScopedMastodon() throws {
        // The tab-scoped variant of issue 30: `modalScope: tab`, sign-in and the media viewer the window's.
        let graph = try SymbolicTestModel.tabScopedMastodon(depth: 2)
        #expect(graph.modalScope == .tab)
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        let (differences, compared) = try Self.compare(graph)
        #expect(compared >= 2)
        #expect(differences == 0)
    }

    @Test("on 120 seeded random graphs")
    func randomGraphs() throws {
        var generator = SeededGenerator(seed: 3_030)
        var failures: [String] = []
        var checked = 0
        for index in 0..<120 {
            let document = "navgraph: 1\nname: Random\(index)\n" + RandomGraphs.document(using: &generator)
            let graph = try GraphDocument.load(document, origin: "Random\(index).yaml")
            guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
            let (differences, _) = try Self.compare(graph)
            checked += 1
            if differences > 0 { failures.append("graph \(index):\n\(document)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(checked >= 80)
    }
}
