import Foundation
import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Issue 30's tab selection options, by hand: re-selecting the selected tab (`reselect:
/// popToRoot | keep`, per graph and per tab), a selection that stays on a hidden tab
/// (`hiddenSelection: stay`), the `tab hidden` condition, and the two properties that read
/// them (*selected tab is shown*, *event step refused*), in both engines and the app's store.
@MainActor
@Suite("Tab selection: re-selection, hidden selection, refused event steps")
struct TabSelectionTests {
    static func graph(tabBar: String, extraInvariants: String = "") throws -> NavigationGraph<DynamicRoute> {
        try ConditionalTabsTests.graph(tabBar: tabBar, extraInvariants: extraInvariants)
    }

    /// Both engines' verdict of `kind`, which must agree; `nil` when neither reports one.
    static func verdicts(_ graph: NavigationGraph<DynamicRoute>, _ kind: PropertyKind) throws
        -> (explicit: PropertyVerdict<DynamicRoute>?, symbolic: PropertyVerdict<DynamicRoute>?) {
        let explicit = try Checker(graph).run()
        let differences = try EngineAgreement.differences(graph, explicit: explicit)
        #expect(differences.isEmpty, "\(differences)")
        let symbolic = try SymbolicChecker(graph).run()
        return (explicit.verdicts.first { $0.kind == kind }, symbolic.verdicts.first { $0.kind == kind })
    }

    @Test("the Mastodon bug: signed in from the signed-out Settings tab, Settings stays selected under 'stay', found in three steps by both engines")
    func staySelectionFails() throws {
        let graph = try Self.graph(tabBar: "tabBar: { hiddenSelection: stay }")
        let (explicit, symbolic) = try Self.verdicts(graph, .selectedTabShown)
        for verdict in [explicit, symbolic] {
            let verdict = try #require(verdict)
            #expect(verdict.status == .failed)
            // Tap Settings, open the sign-in sheet there, sign in.
            #expect(verdict.trace?.actions.count == 3)
            #expect(verdict.trace?.finalState?.selectedTab == "settings")
            #expect(verdict.trace?.finalState?.flags.contains("signedIn") == true)
            #expect(verdict.message == "tab settings is selected but not shown ('not signedIn' is false)")
        }
        // The invariant that passed by construction under the fallback fails too, as in the app.
        let failures = try Checker(graph).run().failures.map(\.name)
        #expect(failures.contains("settings only while signed out"))
    }

    @Test("the same document with the fallback passes, and reports no selected-tab row, as before the option existed")
    func fallbackPasses() throws {
        for tabBar in ["", "tabBar: { hiddenSelection: fallback }"] {
            let graph = try Self.graph(tabBar: tabBar, extraInvariants: "  never hidden: \"not tab hidden\"")
            let (explicit, symbolic) = try Self.verdicts(graph, .selectedTabShown)
            #expect(explicit == nil && symbolic == nil)
            let result = try Checker(graph).run()
            #expect(result.failures.isEmpty, "\(result.failures.map(\.message))")
        }
    }

    @Test("'tab hidden' reads the tab bar: an invariant and an event precondition on it behave as the property under 'stay'")
    func tabHiddenCondition() throws {
        let graph = try Self.graph(tabBar: "tabBar: { hiddenSelection: stay }", extraInvariants: "  never hidden: \"not tab hidden\"")
        let result = try Checker(graph).run()
        let invariant = try #require(result.verdicts.first { $0.name == "never hidden" })
        let property = try #require(result.verdicts.first { $0.kind == .selectedTabShown })
        #expect(invariant.status == .failed && invariant.trace?.actions.count == property.trace?.actions.count)
        #expect(try EngineAgreement.differences(graph, explicit: result).isEmpty)
        // The text stays as written; the expression reads the tabs' conditions.
        let condition = try #require(graph.invariants.first { $0.name == "never hidden" }?.condition)
        #expect(condition.text == "not tab hidden")
        #expect(condition.expression?.readsSelectedTabHidden == false)
        let engine = NavigationEngine<DynamicRoute>()
        var state = try graph.initialState()
        engine.apply(.selectTab("settings"), to: &state)
        #expect(condition.compile(routeName: graph.routeName)(state) == true)
        engine.apply(.setFlag("signedIn", true), to: &state)
        #expect(state.selectedTab == "settings")
        #expect(condition.compile(routeName: graph.routeName)(state) == false)
    }

    @Test("re-selecting the selected tab: popToRoot pops it, keep leaves its stack, a tab may differ; the store's re-tap agrees")
    func reselection() throws {
        for (tabBar, timelineKept) in [("", false), ("tabBar: { reselect: keep }", true), ("tabBar: { reselect: popToRoot }", false)] {
            let graph = try Self.graph(tabBar: tabBar)
            let store = try NavigationStore(graph: graph)
            store.execute(.push(DynamicRoute("status")))
            let reconciliation = store.reconcile(.tabSelected("timeline"))
            #expect(reconciliation.result?.succeeded == true && !reconciliation.needsCorrection)
            #expect(store.state.depth == (timelineKept ? 2 : 1), "\(tabBar)")
            // The explorer's tap does the same.
            let model = GraphModel(graph: graph)
            var state = try graph.initialState()
            graph.makeExecutor().execute(.push(DynamicRoute("status")), on: &state)
            #expect(model.apply(.selectTab(0), to: state).state.depth == (timelineKept ? 2 : 1))
        }
        // Per tab: the tab bar keeps, the profile pops.
        let text = ConditionalTabsTests.document(tabBar: "tabBar: { reselect: keep }")
            .replacingOccurrences(of: "{ name: profile, root: profile, when: signedIn }", with: "{ name: profile, root: profile, when: signedIn, reselect: popToRoot }")
        let graph = try GraphDocument.load(text, origin: "PerTab.navgraph.yaml")
        let rules = graph.makeTabBarRules()
        #expect(rules.reselection(of: "timeline") == .keep && rules.reselection(of: "profile") == .popToRoot)
        #expect(try EngineAgreement.differences(graph).isEmpty)
    }

    @Test("re-selecting with 'keep' dismisses the modals as any selection does, so a deep link's plan still replaces the tab's stack")
    func keepDismissesModals() throws {
        typealias Route = DynamicRoute
        let engine = NavigationEngine<Route>(rules: NavigationRules(tabBar: TabBarRules(tappableUnder: [.sheet], reselect: .keep)))
        var state = try NavigationState<Route>(tabs: [NavigationTab(id: "a", root: Route("a")), NavigationTab(id: "b", root: Route("b"))], selected: "a")
        engine.apply(.push(Route("a1")), to: &state)
        engine.apply(.present(Route("sheet"), style: .sheet), to: &state)
        #expect(engine.apply(.selectTab("a"), to: &state) == .success)
        #expect(state.modals.isEmpty && state.tabs[0].stack.routes == [Route("a"), Route("a1")])
    }

    @Test("an event step on a hidden tab is refused with a finding and its shortest trace, in both engines; a warning")
    func refusedTabStep() throws {
        let text = ConditionalTabsTests.document()
            .replacingOccurrences(of: "events:\n", with: "events:\n  openNotifications: { when: \"modal == none\", then: [{ tab: notifications }] }\n")
        let graph = try GraphDocument.load(text, origin: "Refused.navgraph.yaml")
        let (explicit, symbolic) = try Self.verdicts(graph, .eventStepRefused)
        for verdict in [explicit, symbolic] {
            let verdict = try #require(verdict)
            #expect(verdict.status == .warning)
            // At launch the user is signed out: the event's first firing is refused.
            #expect(verdict.trace?.actions.count == 1)
            #expect(verdict.message.hasPrefix("event openNotifications: a step was refused: tab 'notifications' is not shown now"))
        }
        #expect(try Checker(graph).run().status == .passed)
    }

    @Test("an event step a guard cancels is refused too; a step that has nothing to do (dismiss with no modal) is not")
    func refusedGuardStep() throws {
        let text = """
            navgraph: 1
            name: Guarded
            root: home
            routes:
              home: {}
              vault: { requires: unlocked }
            flags: { unlocked: false }
            events:
              reset: { then: [dismiss, popToRoot] }
              openVault: { when: "top == home", then: [{ push: vault }] }
            transitions:
              - { from: vault, to: home, style: replace }
            bounds: { maxStackDepth: 3, maxModalDepth: 1 }
            """
        let graph = try GraphDocument.load(text, origin: "Guarded.navgraph.yaml")
        let (explicit, symbolic) = try Self.verdicts(graph, .eventStepRefused)
        for verdict in [explicit, symbolic] {
            let verdict = try #require(verdict)
            #expect(verdict.trace?.actions.count == 1)
            #expect(verdict.message.hasPrefix("event openVault: a step was refused: cancelled by route guards"), "\(verdict.message)")
        }
        let quiet = try GraphDocument.load(text.replacingOccurrences(of: "  openVault: { when: \"top == home\", then: [{ push: vault }] }\n", with: ""),
                                           origin: "Quiet.navgraph.yaml")
        #expect(try Self.verdicts(quiet, .eventStepRefused) == (nil, nil))
    }

    @Test("every action from every reachable state does in the app's store what it does in the explorer, for each option",
          arguments: ["tabBar: { hiddenSelection: stay }", "tabBar: { reselect: keep, hiddenSelection: stay }",
                      "tabBar: { reselect: keep, tappableUnder: [sheet] }", "tabBar: { fallback: settings, reselect: keep }"])
    func storeAgrees(tabBar: String) throws {
        let graph = try Self.graph(tabBar: tabBar)
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        var retaps = 0, hidden = 0
        for state in try Checker(graph).stateGraph(maxStates: 5_000).states {
            if graph.makeTabBarRules().selectedTabIsHidden(in: state) { hidden += 1 }
            for action in model.actions(in: state) {
                let step = model.apply(action, to: state)
                store.restore(state)
                RerouteRetryTests.run(action, of: graph, in: store)
                #expect(store.state == step.state, "\(model.label(of: action)) from \(state)")
                if case .selectTab(let index) = action, index == state.selectedTabIndex { retaps += 1 }
            }
        }
        #expect(retaps > 0)
        #expect(tabBar.contains("stay") == (hidden > 0), "\(hidden) states with a hidden selection")
    }

    @Test("the random graphs of the engines' agreement test draw every option: keep, per-tab re-selection, stay, 'tab hidden'")
    func randomGraphsDrawTheOptions() throws {
        // The agreement test's seed and count (NavigationCheckerSymbolicTests' SymbolicAgreementTests).
        var generator = SeededGenerator(seed: 20)
        var keep = 0, perTab = 0, stay = 0, stayWithConditionalTabs = 0, tabHidden = 0, refused = 0
        for _ in 0..<300 {
            let body = RandomGraphs.document(using: &generator)
            if body.contains("tabBar: {") && body.contains("reselect: keep") { keep += 1 }
            if body.contains(", reselect: ") && body.contains("  - { name: ") { perTab += 1 }
            if body.contains("hiddenSelection: stay") {
                stay += 1
                if body.contains("  - { name: ") && body.contains("when: '") { stayWithConditionalTabs += 1 }
            }
            if body.contains("tab hidden") { tabHidden += 1 }
            // The drawn event selecting a tab that can hide (`toTab`) is refused where it is hidden.
            if body.contains("toTab:") {
                let graph = try GraphDocument.load("navgraph: 1\nname: Random\n" + body, origin: "Random.navgraph.yaml")
                let result = try Checker(graph).run()
                if result.cutoff == nil, result.warnings.contains(where: { $0.kind == .eventStepRefused }) { refused += 1 }
            }
        }
        print("tab selection options in 300 random graphs: \(keep) reselect keep, \(perTab) with a tab's own reselect, "
              + "\(stay) hiddenSelection stay (\(stayWithConditionalTabs) with conditional tabs), \(tabHidden) reading 'tab hidden', \(refused) with a refused event step")
        #expect(keep >= 15 && perTab >= 15 && stayWithConditionalTabs >= 15 && tabHidden >= 15 && refused >= 5)
    }
}

private func == (lhs: (PropertyVerdict<DynamicRoute>?, PropertyVerdict<DynamicRoute>?), rhs: (PropertyVerdict<DynamicRoute>?, PropertyVerdict<DynamicRoute>?)) -> Bool {
    lhs.0?.name == rhs.0?.name && lhs.1?.name == rhs.1?.name
}
