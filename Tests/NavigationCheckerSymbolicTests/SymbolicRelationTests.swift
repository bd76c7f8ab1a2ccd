import Foundation
import NavGraphTestSupport
@testable import NavigationChecker
@testable import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// `SymbolicRelation` joins the pieces of one effect before conjoining its next-state cube, and
/// builds its domain from the effects' domains when asked: the parts and the domain must be
/// the diagrams the pieces give one by one (`==` compares BuDDy's canonical nodes).
@Suite("The partitioned relation is the pieces' disjunction")
struct SymbolicRelationTests {
    /// Per written variables, the pieces' `domain ∧ next-state values` joined one by one, and the
    /// pieces' domains joined: the relation as it was built before pieces were grouped by effect.
    static func differences(_ pieces: [SymbolicPiece], _ diagrams: DecisionDiagrams) -> Int {
        var expected: [[Int]: Diagram] = [:]
        var domain = diagrams.false
        for piece in pieces where !piece.domain.isFalse {
            let next = diagrams.cube(piece.effect.values.map { ($0.variable + 1, $0.value) })
            expected[piece.effect.changed] = (expected[piece.effect.changed] ?? diagrams.false) || (piece.domain && next)
            domain = domain || piece.domain
        }
        let relation = SymbolicRelation(pieces, diagrams)
        var differences = relation.parts.count == expected.count ? 0 : 1
        for part in relation.parts {
            let written = part.currentSet.support
            if expected[written] != part.relation { differences += 1 }
        }
        if relation.domain != domain { differences += 1 }
        return differences
    }

    @Test("on the user actions of the sample graphs and of the tab-scoped Mastodon sample")
    func samples() throws {
        var graphs: [(String, NavigationGraph<DynamicRoute>)] = []
        for file in SampleGraphs.names {
            var graph = try SampleGraphs.load(file)
            guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
            graph.bounds.maxStackDepth = 3
            graphs.append((file, graph))
        }
        graphs.append(("tab-scoped Mastodon", try SymbolicTestModel.tabScopedMastodon(depth: 2)))
        var pieces = 0
        for (name, graph) in graphs {
            let (differences, count) = try SymbolicTestModel.with(graph) { search, _, diagrams throws(SymbolicError) in
                (Self.differences(search.model.userPieces, diagrams), search.model.userPieces.count)
            }
            #expect(differences == 0, "\(name): \(differences) parts or the domain differ")
            pieces += count
        }
        #expect(graphs.count >= 4)
        #expect(pieces > 1_000)
    }
}
