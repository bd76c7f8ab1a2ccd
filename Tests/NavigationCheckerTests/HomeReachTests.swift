import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing
@testable import NavigationChecker

/// No-trap over the edges the search keeps (`ExplicitSearch+HomeReach.swift`): states marked
/// during the search as reaching every tab's root keep no edges, and the backward search starts
/// from the marks. The answer must be the one the search over every edge gives.
@Suite("No-trap from the marks of what each state reaches")
struct HomeReachTests {
    /// The first trapped state and tab, from a search that kept only the edges no-trap needs,
    /// and from the same search keeping every edge (the state graph's way): equal, and how many
    /// edges each kept.
    static func bothWays(_ graph: NavigationGraph<DynamicRoute>) throws
        -> (pruned: (state: Int, tab: Int)?, full: (state: Int, tab: Int)?, kept: Int, every: Int, complete: Bool) {
        let checker = Checker(graph)
        var pruned = ExplicitSearch(checker: checker, initial: try checker.lintedInitialState())
        try pruned.explore()
        var full = ExplicitSearch(checker: checker, initial: try checker.lintedInitialState(), edgeActionLimit: Int.max)
        try full.explore()
        #expect(pruned.table.count == full.table.count)
        #expect(pruned.homes == full.homes)
        let prunedTrap = NoTrapSearch.firstTrap(homes: pruned.homes, reaching: pruned.reachesHome, edges: pruned.edges, tabs: graph.tabs.count)
        let fullTrap = NoTrapSearch.firstTrap(homes: full.homes, edges: full.edges, tabs: graph.tabs.count)
        return (prunedTrap, fullTrap, pruned.edges.count, full.edges.count, pruned.cutoff == nil && pruned.cutStates == 0)
    }

    @Test("every sample graph: the same first trap as over every edge, with fewer edges", arguments: SampleGraphs.explicitSized)
    func sampleGraphs(file: String) throws {
        let answer = try Self.bothWays(try SampleGraphs.load(file))
        #expect(answer.pruned?.state == answer.full?.state && answer.pruned?.tab == answer.full?.tab, "\(file)")
        #expect(answer.kept <= answer.every)
    }

    @Test("a stack of pushes and Back keeps no edge at all")
    func noEdgesKept() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Pushes
            root: a
            routes: { a: {}, b: {}, c: {} }
            flags: { f: false }
            events: { on: { when: not f, set: { f: true } }, off: { when: f, set: { f: false } } }
            transitions: [{ from: a, to: b }, { from: b, to: c }, { from: c, to: a }]
            bounds: { maxStackDepth: 6 }
            """, origin: "pushes.yaml")
        let answer = try Self.bothWays(graph)
        #expect(answer.pruned == nil && answer.full == nil)
        #expect(answer.kept == 0)
        #expect(answer.every > 0)
    }

    @Test("a cover with no way out is found, at the same state")
    func trapFound() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Trap
            root: a
            routes: { a: {}, b: {}, c: {} }
            transitions: [{ from: a, to: b }, { from: b, to: c, style: cover }]
            bounds: { maxStackDepth: 4 }
            """, origin: "trap.yaml")
        let answer = try Self.bothWays(graph)
        #expect(answer.full != nil)
        #expect(answer.pruned?.state == answer.full?.state && answer.pruned?.tab == answer.full?.tab)
    }

    @Test("random graphs: the same first trap as over every edge")
    func randomGraphs() throws {
        var generator = SeededGenerator(seed: 35)
        var trapped = 0, compared = 0
        for index in 0..<150 {
            let body = RandomGraphs.document(using: &generator)
            let graph = try GraphDocument.load("navgraph: 1\nname: Random\(index)\n" + body, origin: "Random\(index).yaml")
            let answer = try Self.bothWays(graph)
            guard answer.complete else { continue }
            compared += 1
            if answer.full != nil { trapped += 1 }
            #expect(answer.pruned?.state == answer.full?.state && answer.pruned?.tab == answer.full?.tab, "graph \(index):\n\(body)")
            #expect(answer.kept <= answer.every)
        }
        #expect(compared >= 100)
        // Traps must occur among the random graphs, or the comparison shows little.
        #expect(trapped > 0)
    }
}
