import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// Modals that belong to their tab (`modalScope: tab`) and reset steps, as a document says them,
/// the explorer explores them and the app's store runs them.
@MainActor
@Suite("Modal scopes and reset steps in the explorer and the store")
struct ModalScopeCheckTests {
    /// Two tabs, each with its own router's sheet (compose on home), the sign-in sheet the app's
    /// (`modalScope: window` on the route); a notification switches tabs from code, an account
    /// change resets every tab.
    nonisolated static func tabSheets(scope: String = "modalScope: tab\n", tabBar: String = "") -> String {
        """
        navgraph: 1
        name: TabSheets
        tabs:
          - { name: home, root: timeline }
          - { name: inbox, root: notifications }
        \(scope)\(tabBar)routes:
          timeline: {}
          notifications: {}
          status: {}
          compose: {}
          signIn: { modalScope: window }
        flags:
          signedIn: true
        events:
          notification: { then: [{ tab: inbox }] }
          openHome: { then: [{ tab: home }] }
          accountChanged: { when: signedIn, then: [resetTabs] }
          resetInbox: { then: [{ resetTabs: [inbox] }] }
          signOut: { when: signedIn, set: { signedIn: false }, then: [{ sheet: signIn }] }
          close: { then: dismiss }
        transitions:
          - { from: timeline, to: compose, style: sheet }
          - { from: timeline, to: status }
          - { from: notifications, to: status }
          - { from: compose, to: status }
          - { from: signIn, to: status }
        invariants:
          composeOnlyAtHome: 'not (tab == inbox and modal == compose)'
        bounds: { maxStackDepth: 3, maxModalDepth: 2 }

        """
    }

    static func load(_ text: String) throws(GraphDocumentError) -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load(text, origin: "TabSheets.yaml")
    }

    static func index(of name: String, in graph: NavigationGraph<DynamicRoute>) -> Int {
        graph.events.firstIndex { $0.name == name } ?? -1
    }

    @Test("a sheet presented on home survives a switch to inbox made by code, hidden, and shows again on home; under window scope it is gone")
    func sheetSurvivesTabSwitch() throws {
        for (scope, survives) in [("modalScope: tab\n", true), ("", false)] {
            let graph = try Self.load(Self.tabSheets(scope: scope))
            let model = GraphModel(graph: graph)
            let composing = model.apply(.transition(0, sample: 0), to: try graph.initialState()).state
            #expect(composing.top?.name == "compose")
            let inbox = model.apply(.event(Self.index(of: "notification", in: graph)), to: composing).state
            #expect(inbox.selectedTab == "inbox" && inbox.modals.isEmpty && inbox.top?.name == "notifications")
            #expect(inbox.hiddenModals(of: "home").map { $0.stack.root?.name } == (survives ? ["compose"] : []))
            let back = model.apply(.event(Self.index(of: "openHome", in: graph)), to: inbox).state
            #expect(back.top?.name == (survives ? "compose" : "timeline"))
        }
    }

    @Test("on inbox, dismiss acts on inbox's layers, and the tab bar reads the layers shown, not home's hidden sheet")
    func visibleLayersOnly() throws {
        let graph = try Self.load(Self.tabSheets())
        let model = GraphModel(graph: graph)
        let composing = model.apply(.transition(0, sample: 0), to: try graph.initialState()).state
        // Home's sheet covers the tab bar (no style is tappable by default): no tab to tap.
        #expect(!model.actions(in: composing).contains { if case .selectTab = $0 { true } else { false } })
        let inbox = model.apply(.event(Self.index(of: "notification", in: graph)), to: composing).state
        let actions = model.actions(in: inbox)
        #expect(actions.contains(.selectTab(0)), "home's hidden sheet does not cover inbox's tab bar")
        #expect(!actions.contains(.dismissSheet), "nothing is shown on inbox to swipe away")
        let closed = model.apply(.event(Self.index(of: "close", in: graph)), to: inbox)
        #expect(closed.state == inbox, "dismiss on inbox has nothing to dismiss and leaves home's sheet")
        // The app's sign-in sheet goes over inbox, then a tab switch dismisses it; home's stays.
        let signedOut = model.apply(.event(Self.index(of: "signOut", in: graph)), to: inbox).state
        #expect(signedOut.modals.map { $0.stack.root?.name } == ["signIn"] && signedOut.selectedTabModalCount == 0)
        let home = model.apply(.event(Self.index(of: "openHome", in: graph)), to: signedOut).state
        #expect(home.modals.map { $0.stack.root?.name } == ["compose"] && home.selectedTabModalCount == 1)
    }

    @Test("resetting every tab or one keeps the selection and drops the tabs' own sheets, hidden ones too")
    func resetKeepsSelection() throws {
        let graph = try Self.load(Self.tabSheets())
        let model = GraphModel(graph: graph)
        var state = model.apply(.transition(1, sample: 0), to: try graph.initialState()).state   // home › status
        state = model.apply(.event(Self.index(of: "notification", in: graph)), to: state).state
        state = model.apply(.transition(2, sample: 0), to: state).state                         // inbox › status
        let inboxOnly = model.apply(.event(Self.index(of: "resetInbox", in: graph)), to: state).state
        #expect(inboxOnly.selectedTab == "inbox" && inboxOnly.stack(of: "inbox")?.depth == 1 && inboxOnly.stack(of: "home")?.depth == 2)
        let all = model.apply(.event(Self.index(of: "accountChanged", in: graph)), to: state).state
        #expect(all.selectedTab == "inbox" && all.tabs.allSatisfy { $0.stack.depth == 1 })

        var composing = model.apply(.transition(0, sample: 0), to: try graph.initialState()).state
        composing = model.apply(.event(Self.index(of: "notification", in: graph)), to: composing).state
        let reset = model.apply(.event(Self.index(of: "accountChanged", in: graph)), to: composing).state
        #expect(reset.selectedTab == "inbox" && !reset.hasTabScopedModals)
    }

    @Test("the explorer finds the states tab scopes add, and the invariant on the inbox tab holds either way")
    func explored() throws {
        let tab = try Checker(Self.load(Self.tabSheets())).run()
        let window = try Checker(Self.load(Self.tabSheets(scope: ""))).run()
        #expect(tab.statistics.states > window.statistics.states)
        #expect(tab.cutoff == nil && window.cutoff == nil)
        for result in [tab, window] {
            #expect(result.verdicts.first { $0.name == "composeOnlyAtHome" }?.status == .passed)
        }
    }

    @Test("every action from every reachable state does in the app's store what it does in the explorer",
          arguments: [ModalScopeCheckTests.tabSheets(), ModalScopeCheckTests.tabSheets(scope: ""),
                      ModalScopeCheckTests.tabSheets(tabBar: "tabBar: { tappableUnder: [sheet] }\n")])
    func storeAgrees(document: String) throws {
        let graph = try Self.load(document)
        let replayed = try Self.replayThroughStore(graph)
        #expect(replayed.steps > 100)
        if document.contains("modalScope: tab\n") { #expect(replayed.hidden > 0) }
    }

    /// Replays every action from every reachable state through `NavigationStore` and expects the
    /// explorer's successor; returns how many steps were replayed and how many states hid layers.
    static func replayThroughStore(_ graph: NavigationGraph<DynamicRoute>, maxStates: Int = 5_000) throws -> (steps: Int, hidden: Int) {
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        var steps = 0, hidden = 0
        for state in try Checker(graph).stateGraph(maxStates: maxStates).states {
            if state.tabs.contains(where: { !state.hiddenModals(of: $0.id).isEmpty }) { hidden += 1 }
            for action in model.actions(in: state) {
                if case .openLink = action { continue }
                if case .resumePending = action { continue }
                let step = model.apply(action, to: state)
                store.restore(state)
                if case .selectTab(let index) = action, index == state.selectedTabIndex {
                    // A tap on the selected tab is no change of the TabView's selection
                    // (`UIChange.tabSelected`); the app's re-tap handler selects it again.
                    store.execute(.selectTab(graph.tabs[index].id))
                } else {
                    RerouteRetryTests.run(action, of: graph, in: store)
                }
                #expect(store.state == step.state, "\(model.label(of: action)) from \(state)")
                steps += 1
            }
        }
        return (steps, hidden)
    }

    @Test("60 random graphs with tab-scoped modals: explored with every undo and patch checked (debug), and replayed through the store")
    func randomTabScoped() throws {
        var generator = SeededGenerator(seed: 30)
        var graphs = 0, hidden = 0, steps = 0, replayedGraphs = 0
        while graphs < 60 {
            guard let body = RandomGraphs.tabScopedDocument(using: &generator) else { continue }
            var graph = try GraphDocument.load("navgraph: 1\nname: Scoped\(graphs)\n" + body, origin: "Scoped\(graphs).yaml")
            // Small models only: the store replays every action of every state.
            graph.bounds = GraphBounds(maxStackDepth: graph.bounds.maxStackDepth, maxModalDepth: graph.bounds.maxModalDepth, maxStates: 3_000)
            #expect(graph.modalScope == .tab)
            graphs += 1
            let result = try Checker(graph).run()
            guard result.cutoff == nil, graph.deepLinks == nil else { continue }
            replayedGraphs += 1
            let replayed = try Self.replayThroughStore(graph, maxStates: 3_000)
            steps += replayed.steps
            hidden += replayed.hidden
        }
        #expect(replayedGraphs > 20 && hidden > 50 && steps > 1_000, "\(replayedGraphs) graphs, \(hidden) states with hidden layers, \(steps) steps replayed")
        print("tab-scoped random graphs: \(graphs) explored, \(replayedGraphs) replayed through the store, \(hidden) states with hidden layers, \(steps) steps")
    }

    @Test("a document's scopes and reset steps: read, exported and read back alike; refused with their line, column and a suggestion")
    func document() throws {
        let graph = try Self.load(Self.tabSheets())
        #expect(graph.modalScope == .tab && graph.route(named: "signIn")?.modalScope == .window && graph.route(named: "compose")?.modalScope == nil)
        #expect(graph.events.first { $0.name == "accountChanged" }?.navigation == [.resetTabs(nil)])
        #expect(graph.events.first { $0.name == "resetInbox" }?.navigation == [.resetTabs(["inbox"])])
        let exported = try GraphDocument.export(graph)
        #expect(exported.contains("modalScope: tab\n") && exported.contains("    modalScope: window\n"))
        #expect(exported.contains("then: [resetTabs]") && exported.contains("{ resetTabs: [inbox] }"))
        #expect(try GraphDocument.export(GraphDocument.load(exported)) == exported)
        #expect(try Checker(GraphDocument.load(exported)).run().statistics.states == Checker(graph).run().statistics.states)

        func refusal(_ text: String) -> GraphDocumentError? {
            do { _ = try GraphDocument.load(text, origin: "TabSheets.yaml") } catch { return error }
            return nil
        }
        let unknownTab = refusal(Self.tabSheets().replacingOccurrences(of: "[{ resetTabs: [inbox] }]", with: "[{ resetTabs: [home, inbx] }]"))
        #expect(unknownTab?.message.hasSuffix("'resetTabs' names tab 'inbx', which is not declared") == true)
        #expect(unknownTab?.remedy == "did you mean 'inbox'?")
        #expect(unknownTab?.location?.line == 19)
        let unknownScope = refusal(Self.tabSheets(scope: "modalScope: tabs\n"))
        #expect(unknownScope?.message.hasSuffix("unknown modal scope 'tabs'") == true && unknownScope?.remedy == "did you mean 'tab'?")
        #expect(unknownScope?.location.map { "\($0.line):\($0.column)" } == "6:13")
        let unknownStep = refusal(Self.tabSheets().replacingOccurrences(of: "then: [resetTabs]", with: "then: [resetTab]"))
        #expect(unknownStep?.remedy.hasPrefix("did you mean 'resetTabs'?") == true)
        let noTabs = refusal("navgraph: 1\nname: One\nroot: a\nmodalScope: tab\nroutes: { a: {} }\n")
        #expect(noTabs?.message.hasSuffix("'modalScope: tab' in a graph without tabs") == true)
        let twice = refusal(Self.tabSheets().replacingOccurrences(of: "[{ resetTabs: [inbox] }]", with: "[{ resetTabs: [inbox, inbox] }]"))
        #expect(twice?.message.hasSuffix("tab 'inbox' is reset twice in one step") == true)
        // Without tabs, `resetTabs` alone puts the one stack back to its root.
        let single = try GraphDocument.load("navgraph: 1\nname: One\nroot: a\nroutes: { a: {}, b: {} }\nevents: { home: { then: [resetTabs] } }\ntransitions: [{ from: a, to: b }]\n")
        let pushed = GraphModel(graph: single).apply(.transition(0, sample: 0), to: try single.initialState()).state
        #expect(GraphModel(graph: single).apply(.event(0), to: pushed).state == (try single.initialState()))
    }

    @Test("lint warns of a route's modal scope that nothing presents as a modal, at the route")
    func unusedScope() throws {
        #expect(!GraphLinter.lint(try Self.load(Self.tabSheets())).contains { $0.rule == "unused-modal-scope" })
        let pushed = try Self.load(Self.tabSheets().replacingOccurrences(of: "  status: {}", with: "  status: { modalScope: window }"))
        let findings = GraphLinter.lint(pushed).filter { $0.rule == "unused-modal-scope" }
        #expect(findings.map(\.message) == ["route 'status' says 'modalScope: window', but nothing presents it as a sheet or cover, so the scope changes nothing"])
        #expect(findings.first?.location?.line == 10 && findings.first?.severity == .warning)
    }

    @Test("the Swift front door says the same: Modals(scope:) for the graph and its routes, .resetTabs() and .resetTabs(tabs)")
    func swiftGraph() throws {
        let graph = try NavigationGraph<MastodonRoute>("Scoped") {
            Tab("home", root: .timeline)
            Tab("notifications", root: .notifications)
            Modals(scope: .tab)
            Modals(scope: .window, for: .login)
            Sheet(.timeline, .newStatus)
            Sheet(.notifications, .login)
            Event("accountChanged", then: [.resetTabs()])
            Event("clearNotifications", then: [.resetTabs(TabKey("notifications"))])
        }
        #expect(graph.modalScope == .tab && graph.route(named: "login")?.modalScope == .window)
        #expect(graph.events.map(\.navigation) == [[.resetTabs(nil)], [.resetTabs(["notifications"])]])
        let exported = try GraphDocument.export(graph)
        #expect(exported.contains("modalScope: tab\n") && exported.contains("  login:\n    modalScope: window\n"))
        #expect(throws: GraphBuildError.self) {
            try NavigationGraph<MastodonRoute>("NoTabs") {
                Root(.timeline)
                Modals(scope: .tab)
            }
        }
        #expect(throws: GraphBuildError.self) {
            try NavigationGraph<MastodonRoute>("Twice") {
                Tab("home", root: .timeline)
                Modals(scope: .window, for: .login)
                Modals(scope: .tab, for: .login)
            }
        }
    }

    @Test("the symbolic engine models tab-scoped modals and reset steps, deep links among them")
    func symbolic() throws {
        let graph = try Self.load(Self.tabSheets())
        #expect(SymbolicEngine.unsupported(graph).isEmpty)
        let symbolic = try SymbolicChecker(graph).run()
        let explicit = try Checker(graph).run()
        #expect(symbolic.statistics.states == explicit.statistics.states)
        #expect(symbolic.verdicts.map(\.status) == explicit.verdicts.map(\.status))
        let linked = try Self.load(Self.tabSheets() + "deepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /status, route: status, tab: inbox, stack: [notifications, status] }\n")
        #expect(SymbolicEngine.unsupported(linked).isEmpty)
        let linkedSymbolic = try SymbolicChecker(linked).run()
        let linkedExplicit = try Checker(linked).run()
        #expect(linkedSymbolic.statistics.states == linkedExplicit.statistics.states)
        #expect(linkedSymbolic.verdicts.map(\.status) == linkedExplicit.verdicts.map(\.status))
    }
}
