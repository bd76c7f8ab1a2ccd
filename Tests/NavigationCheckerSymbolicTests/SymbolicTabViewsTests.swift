import Foundation
import NavGraphTestSupport
@testable import NavigationChecker
@testable import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Judging asks "does the reachable set meet X" and "which flag values does it have with X" of
/// per-tab views of the reachable set (`SymbolicSearch+TabViews.swift`); the answers must be
/// exactly those the reachable set itself gives, for sets that read one tab's block and for
/// sets that read more (asked of the reachable set itself).
@Suite("The reachable set seen from each tab answers as the reachable set does")
struct SymbolicTabViewsTests {
    /// Per graph: how many questions were asked, and those answered differently.
    static func compare(_ graph: NavigationGraph<DynamicRoute>) throws -> (asked: Int, differences: [String]) {
        try SymbolicTestModel.with(graph) { search, _, diagrams throws(SymbolicError) in
            let encoding = search.encoding
            let layout = encoding.layout
            try search.explore(allLevels: false, levelNodeLimit: 0)
            let reached = search.reached
            let notFlags = diagrams.set(of: layout.current.filter { !layout.flags.contains($0) })
            var sets: [(name: String, set: Diagram)] = []
            for route in graph.routes {
                let top = encoding.top(in: encoding.idsByName[route.name] ?? [])
                sets.append(("top == \(route.name)", top))
                for flag in graph.flags.indices { sets.append(("top == \(route.name) and flag \(flag)", top && encoding.flag(flag))) }
            }
            for transition in graph.transitions {
                sets.append(("source of \(transition.from) → \(transition.to)",
                             encoding.top(in: encoding.idsByName[transition.from] ?? []) && encoding.compile(transition.condition)))
            }
            for tab in 0..<layout.tabCount {
                sets.append(("tab \(tab) selected", encoding.selected(tab)))
                // Reads every tab's stack: asked of the reachable set itself.
                sets.append(("tab \(tab) selected, every stack at its root",
                             (0..<layout.tabCount).reduce(encoding.selected(tab)) { $0 && encoding.depth(.tab($1), is: 1) }))
                for other in 0..<layout.tabCount where other != tab {
                    sets.append(("tab \(tab) selected, tab \(other) deeper than its root",
                                 encoding.selected(tab) && !encoding.depth(.tab(other), is: 1)))
                }
            }
            var differences: [String] = []
            for (name, set) in sets {
                let meets = !(reached && set).isFalse
                if search.reachedMeets(set) != meets { differences.append("\(name): meets \(meets) but the views say \(!meets)") }
                if search.reachedProjected(set, quantifying: notFlags) != reached.andExists(set, notFlags) {
                    differences.append("\(name): flag values differ")
                }
            }
            try diagrams.checkpoint()
            return (sets.count, differences)
        }
    }

    @Test("on the Mastodon-shaped sample with tab-scoped sheets, at stack depth 2")
    func tabScopedMastodon() throws {
        let graph = try SymbolicTestModel.tabScopedMastodon(depth: 2)
        #expect(graph.modalScope == .tab)
        let (asked, differences) = try Self.compare(graph)
        #expect(asked > 500)
        #expect(differences == [])
    }

    @Test("on the sample graphs the symbolic engine models, at stack depth 2")
    func samples() throws {
        var checked = 0
        // The Mastodon sample at this depth is the test above's graph: compared once, there.
        for file in SampleGraphs.names where !SampleGraphs.realAppSize.contains(file) {
            var graph = try SampleGraphs.load(file)
            guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
            graph.bounds.maxStackDepth = 2
            let (_, differences) = try Self.compare(graph)
            #expect(differences == [], "\(file)")
            checked += 1
        }
        #expect(checked >= 3)
    }

    @Test("on 60 seeded random graphs")
    func randomGraphs() throws {
        var generator = SeededGenerator(seed: 3_131)
        var failures: [String] = []
        var checked = 0
        for index in 0..<60 {
            let document = "navgraph: 1\nname: Random\(index)\n" + RandomGraphs.document(using: &generator)
            let graph = try GraphDocument.load(document, origin: "Random\(index).yaml")
            guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
            let (_, differences) = try Self.compare(graph)
            checked += 1
            if !differences.isEmpty { failures.append("graph \(index): \(differences.joined(separator: "; "))\n\(document)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(checked >= 40)
    }
}
