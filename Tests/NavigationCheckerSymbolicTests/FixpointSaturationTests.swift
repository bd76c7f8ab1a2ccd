import Foundation
import NavGraphTestSupport
@testable import NavigationChecker
@testable import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// A graph's symbolic model in a session of its own, laid out as `SymbolicChecker` lays it out:
/// the set-up the saturation tests share.
enum SymbolicTestModel {
    static func with<T>(_ graph: NavigationGraph<DynamicRoute>,
                        _ body: (SymbolicSearch<DynamicRoute>, Diagram, DecisionDiagrams) throws(SymbolicError) -> T) throws -> T {
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
            return try body(search, start, diagrams)
        }
    }

    /// The Mastodon-shaped sample (tab-scoped sheets; sign-in and the media viewer the
    /// window's) at stack depth `depth`; with `defaultRules`, NavGraph's defaults for the
    /// selection and the links instead of the app's (`hiddenSelection: fallback`,
    /// `underModals: dismiss`).
    static func tabScopedMastodon(depth: Int, defaultRules: Bool = false) throws -> NavigationGraph<DynamicRoute> {
        let text = try SampleGraphs.mastodonText(defaultRules: defaultRules)
        var graph = try GraphDocument.load(text, origin: "Mastodon-tab.yaml")
        #expect(graph.modalScope == .tab, "the Mastodon sample's sheets are per tab")
        graph.bounds.maxStackDepth = depth
        return graph
    }
}

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

    /// `nil` when the saturated fixpoint from the initial state equals the chained one, closes
    /// to itself again (the memo kept), and, given `memoLimit`, is the same with a memo emptied
    /// every `memoLimit` entries; else which of these differed.
    static func difference(_ graph: NavigationGraph<DynamicRoute>, memoLimit: Int? = nil) throws -> String? {
        try SymbolicTestModel.with(graph) { search, start, diagrams throws(SymbolicError) in
            let saturation = SymbolicSaturation(events: search.saturationEvents, diagrams)
            let saturated = try saturation.close(start)
            guard saturated == chained(start, search) else { return "saturation and chaining reach different sets" }
            guard try saturation.close(saturated) == saturated else { return "the fixpoint closed again (memo kept) grew" }
            // A memo emptied every few hundred entries, in the middle of the walk, changes nothing
            // (only the small random graphs: without its memo the walk repeats shared nodes).
            if let memoLimit, try SymbolicSaturation(events: search.saturationEvents, diagrams, memoLimit: memoLimit).close(start) != saturated {
                return "a memo emptied every \(memoLimit) entries reaches another set"
            }
            try diagrams.checkpoint()
            return nil
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
                let difference = try Self.difference(graph)
                #expect(difference == nil, "\(file) at depth \(depth): \(difference ?? "")")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test("on the Mastodon-shaped sample with tab-scoped sheets, at stack depth 2")
    func tabScopedMastodon() throws {
        let graph = try SymbolicTestModel.tabScopedMastodon(depth: 2)
        #expect(graph.modalScope == .tab)
        #expect(try Self.difference(graph) == nil)
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
            if let difference = try Self.difference(graph, memoLimit: 256) { failures.append("graph \(index) (\(difference)):\n\(document)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
        #expect(checked >= 80)
        #expect(tabScoped >= 10)
    }

    @Test("a deadline that passes inside the walk stops it with a thrown error, and a later closure is still exact")
    func stopInsideTheWalk() throws {
        let graph = try SymbolicTestModel.tabScopedMastodon(depth: 3)
        let outcome = try SymbolicTestModel.with(graph) { search, start, diagrams throws(SymbolicError) -> (stopped: Bool, exact: Bool) in
            let saturation = SymbolicSaturation(events: search.saturationEvents, diagrams)
            diagrams.limitTime(until: ContinuousClock.now - .seconds(1))
            var stopped = false
            do throws(SymbolicError) { _ = try saturation.close(start) } catch {
                if case .timeLimit = error { stopped = true } else { throw error }
            }
            diagrams.resume(until: ContinuousClock.now + .seconds(600))
            // Nothing computed after the stop was remembered: the same saturation closes exactly.
            let exact = try saturation.close(start) == Self.chained(start, search)
            return (stopped, exact)
        }
        #expect(outcome.stopped)
        #expect(outcome.exact)
    }

    @Test("a caller on a 512 KiB thread (macOS's secondary threads) closes the tab-scoped sample at stack depth 6")
    func smallCallerStack() throws {
        let graph = try SymbolicTestModel.tabScopedMastodon(depth: 6)
        final class Outcome: @unchecked Sendable {
            var nodes = 0
            var error: String?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                outcome.nodes = try SymbolicTestModel.with(graph) { search, start, diagrams throws(SymbolicError) in
                    try SymbolicSaturation(events: search.saturationEvents, diagrams).close(start).nodeCount
                }
            } catch {
                outcome.error = "\(error)"
            }
            done.signal()
        }
        thread.stackSize = 512 * 1_024
        thread.start()
        done.wait()
        #expect(outcome.error == nil)
        // Measured on the release command line: the fixpoint at stack depth 6 has 93,078 nodes.
        #expect(outcome.nodes == 93_078)
    }
}
