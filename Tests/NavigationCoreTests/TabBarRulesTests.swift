import Testing
import NavigationCore

/// What the tab bar offers: tabs shown under conditions, the fallback when the selected tab
/// hides, and what the user can tap under each modal style.
@MainActor
@Suite("Tab bar rules")
struct TabBarRulesTests {
    /// Three tabs: `home` always, `inbox` while `signedIn`, `guest` while not.
    static func rules(tappableUnder: Set<ModalStyle> = [], fallback: TabID? = nil) -> NavigationRules<Screen> {
        NavigationRules(tabBar: TabBarRules(
            tappableUnder: tappableUnder,
            conditions: ["inbox": .init("signedIn") { $0.isSet("signedIn") },
                         "guest": .init("not signedIn") { !$0.isSet("signedIn") }],
            fallback: fallback))
    }

    static func state(flags: FlagSet = []) throws -> NavigationState<Screen> {
        try NavigationState(tabs: [NavigationTab(id: "home", root: 1), NavigationTab(id: "inbox", root: 2), NavigationTab(id: "guest", root: 3)],
                            selected: "home", flags: flags)
    }

    @Test("selecting a hidden tab fails with its condition and changes nothing; a shown one is selected")
    func hiddenTabRefused() throws {
        let engine = NavigationEngine(rules: Self.rules())
        var state = try Self.state()
        let before = state
        #expect(engine.apply(.selectTab("inbox"), to: &state) == .failure(.tabHidden("inbox", condition: "signedIn")))
        #expect(state == before)
        #expect(engine.apply(.selectTab("guest"), to: &state) == .success)
        #expect(state.selectedTab == "guest")
        #expect(NavigationFailure<Screen>.tabHidden("inbox", condition: "signedIn").description.contains("shown when signedIn"))
    }

    @Test("when the selected tab stops being shown, the next step moves the selection to the first tab shown")
    func firstShownAfterFlagChange() throws {
        let engine = NavigationEngine(rules: Self.rules())
        var state = try Self.state()
        engine.apply(.selectTab("guest"), to: &state)
        engine.apply(.push(9), to: &state)
        engine.apply(.present(4, style: .sheet), to: &state)
        #expect(engine.apply(.setFlag("signedIn", true), to: &state) == .success)
        #expect(state.selectedTab == "home")
        // The modal stays up: the tab bar changed under it. The hidden tab keeps its stack.
        #expect(state.modals.count == 1)
        #expect(state.stack(of: "guest")?.routes == [3, 9])
        #expect(Self.rules().tabBar.shownTabs(in: state) == ["home", "inbox"])
    }

    @Test("a declared fallback is chosen when it is shown, else the first tab shown")
    func declaredFallback() throws {
        let engine = NavigationEngine(rules: Self.rules(fallback: "inbox"))
        var state = try Self.state()
        engine.apply(.selectTab("guest"), to: &state)
        engine.apply(.setFlag("signedIn", true), to: &state)
        #expect(state.selectedTab == "inbox")
        engine.apply(.setFlag("signedIn", false), to: &state)
        // The fallback 'inbox' is hidden now: the first tab shown.
        #expect(state.selectedTab == "home")
    }

    @Test("by default (as on an iPhone) no tab can be tapped under a sheet or a cover; tapping is refused and corrected")
    func iPhoneDefault() throws {
        let executor = NavigationExecutor(engine: NavigationEngine(rules: Self.rules()))
        for style in ModalStyle.allCases {
            var state = try Self.state()
            executor.execute(.present(4, style: style), on: &state)
            #expect(!executor.engine.canTapTab(at: 2, in: state))
            let reconciliation = executor.reconcile(.tabSelected("guest"), on: &state)
            #expect(reconciliation.result == .failure(.tabBarCovered(by: style)))
            #expect(reconciliation.needsCorrection)
            #expect(state.selectedTab == "home" && state.modals.count == 1)
        }
        // The app itself may still select a tab, which dismisses the modal.
        var state = try Self.state()
        executor.execute(.present(4, style: .cover), on: &state)
        #expect(executor.execute(.selectTab("guest"), on: &state) == .success)
        #expect(state.modals.isEmpty)
    }

    @Test("a tab bar tappable under sheets is tapped above a sheet, not above a cover, nor a sheet over a cover")
    func tappableUnderSheets() throws {
        let executor = NavigationExecutor(engine: NavigationEngine(rules: Self.rules(tappableUnder: [.sheet])))
        var state = try Self.state()
        executor.execute(.present(4, style: .sheet), on: &state)
        #expect(executor.engine.canTapTab(at: 2, in: state))
        #expect(!executor.engine.canTapTab(at: 1, in: state), "inbox is hidden while signed out")
        var sheet = state
        #expect(executor.reconcile(.tabSelected("guest"), on: &sheet).result == .success)
        #expect(sheet.selectedTab == "guest" && sheet.modals.isEmpty)
        var cover = try Self.state()
        executor.execute(.present(4, style: .cover), on: &cover)
        executor.execute(.present(5, style: .sheet), on: &cover)
        #expect(executor.rulesCoveringStyle(cover) == .cover)
        #expect(executor.reconcile(.tabSelected("guest"), on: &cover).result == .failure(.tabBarCovered(by: .cover)))
    }

    @Test("the store from an engine with tab rules refuses a hidden tab and falls back after a flag change")
    func store() throws {
        let store = NavigationStore(initial: try Self.state(), engine: NavigationEngine(rules: Self.rules()))
        #expect(store.execute(.selectTab("inbox")) == .failure(.tabHidden("inbox", condition: "signedIn")))
        store.execute(.selectTab("guest"))
        store.execute(.setFlag("signedIn", true))
        #expect(store.state.selectedTab == "home")
        #expect(store.shownTabs == ["home", "inbox"])
        #expect(store.execute(.selectTab("inbox")) == .success)
    }
}

private extension NavigationExecutor {
    func rulesCoveringStyle(_ state: NavigationState<R>) -> ModalStyle? { engine.rules.tabBar.coveringStyle(in: state) }
}
