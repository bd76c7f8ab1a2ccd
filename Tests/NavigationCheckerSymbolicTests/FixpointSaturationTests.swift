import Foundation
import NavGraphTestSupport
@testable import NavigationChecker
@testable import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// The reachable set as one saturation over every action (`SymbolicSaturation(events:)`:
/// single commands, navigating events, deep-link transactions) must be exactly the set that
/// chaining every action over the whole set reaches, as a diagram (`==` compares BuDDy's
/// canonical nodes).
@Suite("Saturating every action reaches the same set as chaining them")
struct FixpointSaturationTests {
    /// The fixpoint by chaining: every part, event and transaction applied to the whole set,
    /// round after round, until a round adds nothing (events and links within the bounds).
    static func chained(_ start: Diagram, _ search: SymbolicSearch<DynamicRoute>) -> Diagram {
        let model = search.model
        var reached = start
        while true {
            let before = reached
            for part in model.global.parts { reached = reached || model.global.image(of: reached, through: part) }
            for event in model.events where event.steps != nil { reached = reached || search.eventImage(of: reached, event) }
            for link in model.linkTransactions {
                reached = reached || (link.transaction.image(of: reached) && search.encoding.withinBounds)
            }
            if reached == before { return reached }
        }
    }

    /// Whether the saturated fixpoint from the initial state equals the chained one, closes
    /// to itself again (the memo kept), and, given `memoLimit`, is the same with a memo emptied
    /// every `memoLimit` entries.
    static func agrees(_ graph: NavigationGraph<DynamicRoute>, memoLimit: Int? = nil) throws -> Bool {
        let checker = Checker(graph)
        let initial = try checker.lintedInitialState()
        let bounds = graph.bounds
        let links = SymbolicDeepLinks(graph)
        let guarded = SymbolicModel<DynamicRoute>.guardedRoutes(of: graph, extras: links.extraRoutes)
        let overflow = graph.events.map { SymbolicEngine.growingSteps(of: $0, in: graph) }
            .reduce(max(1, links.growth(guarded: guarded, maxStackDepth: bounds.maxStackDepth)), max)
        let layout = SymbolicLayout(tabs: graph.tabs.count, maxStackDepth: bounds.maxStackDepth, maxModalDepth: bounds.maxModalDepth,
                                    routes: graph.routes.reduce(0) { $0 + $1.samples.count } + links.extraRoutes.count,
                                    flags: graph.flags.count, pendingLinks: links.pendingLinks.count, overflow: overflow,
                                    scopesModalsToTabs: !graph.tabs.isEmpty && graph.makeModalScopeRules().mayScopeToTab)
        let sizing = DecisionDiagrams.Sizing(initialNodes: 200_000, maxNodes: 20_000_000, cacheEntries: 20_000)
        return try DecisionDiagrams.withSession(variables: layout.variableCount, sizing: sizing) { diagrams throws(SymbolicError) in
            let encoding = SymbolicEncoding(graph: graph, initialState: initial, diagrams: diagrams, layout: layout,
                                            pendingLinks: links.pendingLinks.map(\.link), extraRoutes: links.extraRoutes)
            let model = SymbolicModel(graph: graph, encoding: encoding, links: links)
            guard let start = encoding.encode(initial) else { throw .invalidGraph("initial state not encoded") }
            let search = SymbolicSearch(checker: checker, model: model, initial: start, checkTraps: false)
            let saturation = SymbolicSaturation(events: search.saturationEvents, diagrams)
            let saturated = try saturation.close(start)
            let expected = chained(start, search)
            // Closed again with its memo: a closed set is its own closure.
            let again = try saturation.close(saturated)
            // A memo emptied every few hundred entries, in the middle of the walk, changes nothing
            // (only the small random graphs: without its memo the walk repeats shared nodes).
            var forgetful = saturated
            if let memoLimit { forgetful = try SymbolicSaturation(events: search.saturationEvents, diagrams, memoLimit: memoLimit).close(start) }
            try diagrams.checkpoint()
            return saturated == expected && again == saturated && forgetful == saturated
        }
    }

    @Test("on the sample graphs the symbolic engine models, at stack depths 2 and 3")
    func samples() throws {
        var checked = 0
        for file in SampleGraphs.names {
            for depth in [2, 3] {
                var graph = try SampleGraphs.load(file)
                guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
                graph.bounds.maxStackDepth = depth
                #expect(try Self.agrees(graph), "\(file) at depth \(depth)")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test("on the Mastodon-shaped sample with tab-scoped sheets, at stack depth 2")
    func tabScopedMastodon() throws {
        var text = try String(contentsOf: SampleGraphs.directory.appendingPathComponent("Mastodon.navgraph.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\nroutes:\n", with: "\nmodalScope: tab\nroutes:\n")
            .replacingOccurrences(of: "  signIn: {}", with: "  signIn: { modalScope: window }")
            .replacingOccurrences(of: "  mediaViewer: {}", with: "  mediaViewer: { modalScope: window }")
        var graph = try GraphDocument.load(text, origin: "Mastodon-tab.yaml")
        #expect(graph.modalScope == .tab)
        graph.bounds.maxStackDepth = 2
        #expect(try Self.agrees(graph))
    }

    @Test("on 120 seeded random graphs")
    func randomGraphs() throws {
        var generator = SeededGenerator(seed: 3_131)
        var failures: [String] = []
        var checked = 0
        var tabScoped = 0
        for index in 0..<120 {
            let document = "navgraph: 1\nname: Random\(index)\n" + RandomGraphs.document(using: &generator)
            let graph = try GraphDocument.load(document, origin: "Random\(index).yaml")
            guard SymbolicEngine.unsupported(graph).isEmpty else { continue }
            checked += 1
            if !graph.tabs.isEmpty && graph.makeModalScopeRules().mayScopeToTab { tabScoped += 1 }
            if try !Self.agrees(graph, memoLimit: 256) { failures.append("graph \(index):\n\(document)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(checked >= 80)
        #expect(tabScoped >= 10)
    }
}
