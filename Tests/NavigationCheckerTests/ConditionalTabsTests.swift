import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavGraphEngineAgreement
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Tabs the tab bar shows only in some states, and what the user can tap under each modal
/// style: the explorer offers what the runtime allows, and nothing else.
@MainActor
@Suite("Conditional tabs and the tab bar under modals, explored")
struct ConditionalTabsTests {
    /// A Mastodon-like tab bar: signed out, timeline and settings; signed in, timeline,
    /// notifications and profile. Signing in happens in a sheet; composing is a cover.
    static func document(tabBar: String = "", extraInvariants: String = "") -> String {
        """
        navgraph: 1
        name: Tabs
        tabs:
          - { name: timeline, root: timeline }
          - { name: notifications, root: notifications, when: signedIn }
          - { name: profile, root: profile, when: signedIn }
          - { name: settings, root: settings, when: not signedIn }
        \(tabBar)
        routes:
          timeline: {}
          notifications: {}
          profile: {}
          settings: {}
          status: {}
          login: {}
          compose: {}
        flags: { signedIn: false }
        events:
          login: { when: "top == login", set: { signedIn: true }, then: dismiss }
          logout: { when: "signedIn and modal == none", set: { signedIn: false } }
          post: { when: "top == compose", then: dismiss }
        transitions:
          - { from: timeline, to: status }
          - { from: profile, to: status }
          - { from: timeline, to: login, style: sheet, when: not signedIn }
          - { from: settings, to: login, style: sheet }
          - { from: timeline, to: compose, style: cover, when: signedIn }
        invariants:
          settings only while signed out: "tab == settings implies not signedIn"
          notifications only while signed in: "tab == notifications implies signedIn"
        \(extraInvariants)
        bounds: { maxStackDepth: 3, maxModalDepth: 1 }
        """
    }

    static func graph(tabBar: String = "", extraInvariants: String = "") throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load(document(tabBar: tabBar, extraInvariants: extraInvariants), origin: "Tabs.navgraph.yaml")
    }

    /// The tab indices the explorer offers to select in `state`.
    static func offeredTabs(_ model: GraphModel<DynamicRoute>, in state: NavigationState<DynamicRoute>) -> [Int] {
        model.actions(in: state).compactMap { action in
            if case .selectTab(let index) = action { return index }
            return nil
        }
    }

    @Test("the tab invariants hold: a hidden tab is never selected, and the selection leaves a tab that hides")
    func invariantsHold() throws {
        let result = try Checker(try Self.graph()).run()
        #expect(result.statistics.complete)
        #expect(result.failures.isEmpty, "\(result.failures.map(\.message))")
        // Both sides of the sign-in are reached, so the invariants were not vacuous.
        let states = try Checker(try Self.graph()).stateGraph(maxStates: 10_000).states
        #expect(states.contains { $0.selectedTab == "settings" })
        #expect(states.contains { $0.selectedTab == "notifications" })
    }

    @Test("in every reachable state the explorer offers exactly the tabs the user can tap: shown, and no modal up (the iPhone default)")
    func offersWhatCanBeTapped() throws {
        let graph = try Self.graph()
        let model = GraphModel(graph: graph)
        let executor = graph.makeExecutor()
        let rules = graph.makeTabBarRules()
        let states = try Checker(graph).stateGraph(maxStates: 10_000).states
        var underModal = 0
        for state in states {
            let expected = state.tabs.indices.filter { index in
                state.modals.isEmpty && rules.isShown(state.tabs[index].id, in: state)
            }
            #expect(Self.offeredTabs(model, in: state) == expected, "\(CheckTrace<DynamicRoute>.describe(state))")
            // The runtime's tap agrees, tab by tab (re-selecting the selected tab is no change in the UI).
            for index in state.tabs.indices where index != state.selectedTabIndex {
                var copy = state
                let reconciliation = executor.reconcile(.tabSelected(state.tabs[index].id), on: &copy)
                #expect((reconciliation.result?.succeeded ?? false) == expected.contains(index), "tap \(state.tabs[index].id) in \(state)")
                if expected.contains(index) {
                    #expect(copy == model.apply(.selectTab(index), to: state).state)
                }
            }
            if !state.modals.isEmpty { underModal += 1 }
        }
        #expect(underModal > 0, "states with a modal up were explored")
    }

    @Test("a tab tapped under a modal is refused by the runtime, naming the style that covers the tab bar")
    func tapUnderModalRefused() throws {
        let graph = try Self.graph()
        let store = try NavigationStore(graph: graph)
        store.execute(.present(DynamicRoute("login"), style: .sheet))
        let reconciliation = store.reconcile(.tabSelected("settings"))
        #expect(reconciliation.result == .failure(.tabBarCovered(by: .sheet)))
        #expect(reconciliation.needsCorrection)
        #expect(store.state.selectedTab == "timeline" && store.state.modals.count == 1)
    }

    @Test("declared tappable under sheets, the explorer offers tabs above a sheet and not above a cover, as the runtime does")
    func tappableUnderSheets() throws {
        let graph = try Self.graph(tabBar: "tabBar: { tappableUnder: [sheet] }")
        let model = GraphModel(graph: graph)
        let states = try Checker(graph).stateGraph(maxStates: 10_000).states
        let underSheet = states.filter { $0.modals.last?.style == .sheet }
        let underCover = states.filter { $0.modals.last?.style == .cover }
        #expect(!underSheet.isEmpty && !underCover.isEmpty)
        #expect(underSheet.allSatisfy { !Self.offeredTabs(model, in: $0).isEmpty })
        #expect(underCover.allSatisfy { Self.offeredTabs(model, in: $0).isEmpty })
        let store = try NavigationStore(graph: graph)
        store.execute(.present(DynamicRoute("login"), style: .sheet))
        #expect(store.reconcile(.tabSelected("settings")).result?.succeeded == true)
        #expect(store.state.selectedTab == "settings" && store.state.modals.isEmpty)
    }

    @Test("the iPhone default explores fewer states and steps than a tab bar tappable under every modal")
    func defaultIsStricter() throws {
        let iPhone = try Checker(try Self.graph()).run().statistics
        let anywhere = try Checker(try Self.graph(tabBar: "tabBar: { tappableUnder: [sheet, cover] }")).run().statistics
        #expect(iPhone.transitions < anywhere.transitions)
        #expect(iPhone.states <= anywhere.states)
    }

    @Test("a counterexample through a sign-in and a tab that appears replays through the app's store, step by step")
    func traceReplaysThroughTheStore() throws {
        let graph = try Self.graph(extraInvariants: "  never on the profile: \"tab != profile\"")
        let result = try Checker(graph).run()
        let failure = try #require(result.failures.first { $0.name == "never on the profile" })
        let trace = try #require(failure.trace)
        #expect(trace.finalState?.selectedTab == "profile")
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        for step in trace.steps.dropFirst() {
            guard let action = step.action else { continue }
            switch action {
            case .selectTab(let index):
                let reconciliation = store.reconcile(.tabSelected(graph.tabs[index].id))
                #expect(reconciliation.result?.succeeded ?? true)
            case .event(let index):
                _ = store.fire(named: graph.events[index].name)
            case .transition(let index, let sample):
                let target = graph.targets(of: graph.transitions[index])[sample]
                store.execute(NavigationGraph<DynamicRoute>.command(to: target, style: graph.transitions[index].style, in: store.state))
            case .back:
                store.execute(.pop)
            case .dismissSheet:
                _ = store.reconcile(.modalDismissed(level: store.state.modals.count - 1))
            case .openLink, .resumePending:
                Issue.record("the graph has no deep links")
            }
            #expect(store.state == step.state, "after \(model.label(of: action))")
        }
    }

    @Test("signing out on a tab that hides moves the selection to the declared fallback, in the explorer and the store")
    func fallbackAfterSignOut() throws {
        let graph = try Self.graph(tabBar: "tabBar: { fallback: settings }")
        let store = try NavigationStore(graph: graph)
        store.restore(try {
            var state = try graph.initialState()
            let executor = graph.makeExecutor()
            executor.execute(.setFlag("signedIn", true), on: &state)
            executor.execute(.selectTab("profile"), on: &state)
            return state
        }())
        #expect(store.state.selectedTab == "profile")
        let signedIn = store.state
        store.fire(named: "logout")
        #expect(store.state.selectedTab == "settings")
        let model = GraphModel(graph: graph)
        let index = try #require(graph.events.firstIndex { $0.name == "logout" })
        #expect(model.apply(.event(index), to: signedIn).state == store.state)
        // Selecting a hidden tab is refused, naming its condition.
        #expect(store.execute(.selectTab("profile")) == .failure(.tabHidden("profile", condition: "signedIn")))
    }

    @Test("a Swift graph's conditional tab and tab bar export to a document that explores the same")
    func swiftExportRoundTrip() throws {
        let graph = try SwiftSampleGraphs.mastodon()
        let text = try GraphDocument.export(graph)
        #expect(text.contains("  - { name: notifications, root: notifications, when: \"signedIn\" }"))
        #expect(text.contains("tabBar: { fallback: home }"))
        let document = try GraphDocument.load(text, origin: "exported.yaml")
        #expect(document.tabs.map { $0.condition?.text } == graph.tabs.map { $0.condition?.text })
        #expect(ExportRoundTripTests.outcome(try Checker(document).run()) == ExportRoundTripTests.outcome(try Checker(graph).run()))
    }

    @Test("the symbolic engine models conditional tabs: auto chooses it, and it agrees with the explicit engine, with a fallback or without",
          arguments: ["", "tabBar: { fallback: profile }", "tabBar: { fallback: settings, tappableUnder: [sheet] }"])
    func symbolicModelsConditionalTabs(tabBar: String) throws {
        let graph = try Self.graph(tabBar: tabBar)
        #expect(SymbolicEngine.unsupported(graph) == [])
        #expect(try EngineChoice.choose(.automatic, for: graph).get().engine == .symbolic)
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("the symbolic engine agrees with the explicit one under every tab bar declaration", arguments: ["", "[sheet]", "[cover]", "[sheet, cover]"])
    func symbolicAgreesOnTappability(tappableUnder: String) throws {
        var text = try String(contentsOf: SampleGraphs.repositoryRoot.appendingPathComponent("Graphs/Social.navgraph.yaml"), encoding: .utf8)
        if !tappableUnder.isEmpty {
            text = text.replacingOccurrences(of: "\nroutes:\n", with: "\ntabBar: { tappableUnder: \(tappableUnder) }\nroutes:\n")
        }
        let graph = try GraphDocument.load(text, origin: "Social.navgraph.yaml")
        // Undeclared, the tab bar is tappable under the styles that do not cover it.
        #expect(graph.tabBar.tappableUnder.count
                == (tappableUnder.isEmpty ? ModalStyle.tappableUnderByDefault.count : tappableUnder.split(separator: ",").count))
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        #expect(try EngineAgreement.differences(graph) == [])
    }

    /// A sheet under a cover (or a cover under a sheet): the tab bar is tappable only when every
    /// presented layer's style allows it, not just the topmost one's.
    static func stacked(_ tappableUnder: String, lower: String, upper: String) -> String {
        """
        navgraph: 1
        name: Stacked
        tabs: [{ name: home, root: home }, { name: other, root: other }]
        tabBar: { tappableUnder: [\(tappableUnder)] }
        routes: { home: {}, other: {}, s: {}, c: {} }
        transitions:
          - { from: home, to: s, style: \(lower) }
          - { from: s, to: c, style: \(upper) }
          - { from: c, to: s, style: \(lower) }
        bounds: { maxStackDepth: 3, maxModalDepth: 3 }
        """
    }

    @Test("with modals of both styles stacked, the engines agree that a layer the tab bar cannot be tapped under traps the user",
          arguments: [("sheet", "sheet", "cover"), ("cover", "cover", "sheet")])
    func stackedStyles(tappableUnder: String, lower: String, upper: String) throws {
        let graph = try GraphDocument.load(Self.stacked(tappableUnder, lower: lower, upper: upper), origin: "Stacked.navgraph.yaml")
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        #expect(try EngineAgreement.differences(graph) == [])
        for engine in [EngineRequest.explicit, .symbolic] {
            let noTrap = try GraphCheck.run(graph, engine: engine).result.verdicts.first { $0.kind == .noTrap }
            #expect(noTrap?.status == .failed, "\(engine)")
        }
    }
}
