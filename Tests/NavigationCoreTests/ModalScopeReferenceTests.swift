import Foundation
import NavGraphTestSupport
import NavigationCore
import Testing

/// Modal scopes re-stated naively, from the documentation: every tab keeps its own modal layers
/// in a list of its own, the window keeps another, and what the user sees is the selected tab's
/// list followed by the window's. The engine stores it otherwise (the layers shown, how many of
/// them are the selected tab's, and the hidden ones per tab), so agreement on random scripts
/// checks the one against the other.
///
/// The configuration: three tabs `a`, `b`, `c` rooted at 1, 2, 3; `c` shown only while the flag
/// `cShown` is set (the selection falls back to `a`); stacks non-empty and at most 5 deep; at
/// most 3 layers shown. The graph's scope is drawn per script, and screens 7 and 8 take the
/// other scope (a route's own).
struct ModalScopeReference: Equatable {
    struct Modal: Equatable {
        var style: String
        var navigable: Bool
        var routes: [Int]
    }

    var tabs: [[Int]] = [[1], [2], [3]]
    let tabNames = ["a", "b", "c"]
    var tabModals: [[Modal]] = [[], [], []]
    var window: [Modal] = []
    var selected = 0
    var flags: Set<String> = []
    var graphScope: ModalScope

    init(graphScope: ModalScope) { self.graphScope = graphScope }

    var shown: [Modal] { tabModals[selected] + window }

    func scope(of screen: Int) -> ModalScope {
        screen >= 7 ? (graphScope == .tab ? .window : .tab) : graphScope
    }

    private var isCShown: Bool { flags.contains("cShown") }

    /// The active stack: the top shown layer's, else the selected tab's.
    private var active: [Int] {
        get { window.last?.routes ?? tabModals[selected].last?.routes ?? tabs[selected] }
        set {
            if !window.isEmpty {
                window[window.count - 1].routes = newValue
            } else if !tabModals[selected].isEmpty {
                tabModals[selected][tabModals[selected].count - 1].routes = newValue
            } else {
                tabs[selected] = newValue
            }
        }
    }

    private func violation(_ routes: [Int]) -> String? {
        if routes.isEmpty { return "empty" }
        if routes.count > 5 { return "tooDeep" }
        return nil
    }

    /// One engine step; the failure's name, or nil. Nothing changes on failure.
    mutating func step(_ command: NavigationCommand<Screen>) -> String? {
        let failure = unsettledStep(command)
        if failure == nil, selected == 2, !isCShown {
            // The selection moves to `a` under the window's layers; the tabs keep their own.
            selected = 0
        }
        return failure
    }

    private mutating func unsettledStep(_ command: NavigationCommand<Screen>) -> String? {
        func edit(_ change: ([Int]) -> [Int]?) -> String? {
            if let top = shown.last, !top.navigable { return "modalNotNavigable" }
            guard let routes = change(active) else { return "refused" }
            if let problem = violation(routes) { return problem }
            active = routes
            return nil
        }
        switch command {
        case .push(let screen): return edit { $0 + [screen.id] }
        case .pop: return edit { $0.count > 1 ? Array($0.dropLast()) : nil }
        case .popToRoot: return edit { [$0[0]] }
        case .replace(let screens): return edit { _ in screens.map(\.id) }
        case .present(let screen, let style, let navigable):
            if shown.count >= 3 { return "modalDepthExceeded" }
            let modal = Modal(style: style.rawValue, navigable: navigable, routes: [screen.id])
            // Presented from a tab's stack or a tab's own modal: the tab's; over the window's: the window's.
            if window.isEmpty && scope(of: screen.id) == .tab { tabModals[selected].append(modal) } else { window.append(modal) }
            return nil
        case .dismiss:
            if !window.isEmpty {
                window.removeLast()
            } else if !tabModals[selected].isEmpty {
                tabModals[selected].removeLast()
            } else {
                return "noModalPresented"
            }
            return nil
        case .dismissAll:
            if shown.isEmpty { return "noModalPresented" }
            window = []
            tabModals[selected] = []
            return nil
        case .selectTab(let tab):
            guard let index = tabNames.firstIndex(of: tab.name) else { return "unknownTab" }
            if index == 2 && !isCShown { return "tabHidden" }
            window = []
            if index != selected {
                selected = index
            } else {
                tabModals[index] = []
                tabs[index] = [tabs[index][0]]
            }
            return nil
        case .resetTabs(let names):
            var indices: [Int] = []
            for name in names?.map(\.name) ?? tabNames {
                guard let index = tabNames.firstIndex(of: name) else { return "unknownTab" }
                indices.append(index)
            }
            for index in indices {
                tabs[index] = [tabs[index][0]]
                tabModals[index] = []
            }
            return nil
        case .setFlag(let flag, let value):
            if value { flags.insert(flag.name) } else { flags.remove(flag.name) }
            return nil
        case .pushAll, .pushUnderModals, .popCount, .popTo, .sequence, .whenCancelled, .setPendingDeepLink, .request:
            return "not drawn"
        }
    }

    /// The engine's state, seen as per-tab lists.
    init(mirroring state: NavigationState<Screen>, graphScope: ModalScope) {
        self.graphScope = graphScope
        tabs = state.tabs.map { $0.stack.routes.map(\.id) }
        selected = state.selectedTabIndex
        flags = Set(state.flags.map(\.name))
        func modal(_ layer: ModalLayer<Screen>) -> Modal {
            Modal(style: layer.style.rawValue, navigable: layer.providesNavigation, routes: layer.stack.routes.map(\.id))
        }
        tabModals = state.tabs.indices.map { index in
            index == state.selectedTabIndex
                ? state.modals.prefix(state.selectedTabModalCount).map(modal)
                : state.hiddenModals(of: state.tabs[index].id).map(modal)
        }
        window = state.modals.dropFirst(state.selectedTabModalCount).map(modal)
    }
}

@Suite("Modal scopes agree with a reference model")
struct ModalScopeReferenceTests {
    static func engine(_ scope: ModalScope) -> NavigationEngine<Screen> {
        let other: ModalScope = scope == .tab ? .window : .tab
        return NavigationEngine(rules: NavigationRules(
            stackValidator: .combined(.nonEmpty, .maxDepth(5)),
            maxModalDepth: 3,
            tabBar: TabBarRules(conditions: ["c": .init("cShown") { $0.isSet("cShown") }]),
            modalScope: ModalScopeRules(scope) { $0.id >= 7 ? other : nil }))
    }

    static func randomCommand(_ random: inout SeededGenerator) -> NavigationCommand<Screen> {
        func screen() -> Screen { Screen(Int.random(in: 1...8, using: &random)) }
        func tab() -> TabID { ["a", "b", "c", "z"].randomElement(using: &random).map { TabID($0) } ?? "a" }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<18: return .push(screen())
        case 18..<28: return .pop
        case 28..<32: return .popToRoot
        case 32..<35: return .replace([screen()])
        case 35..<52: return .present(screen(), style: Bool.random(using: &random) ? .sheet : .cover, providesNavigation: Int.random(in: 0..<5, using: &random) > 0)
        case 52..<62: return .dismiss
        case 62..<65: return .dismissAll
        case 65..<83: return .selectTab(tab())
        case 83..<87: return .resetTabs(nil)
        case 87..<91: return .resetTabs((0..<Int.random(in: 1...2, using: &random)).map { _ in tab() })
        default: return .setFlag("cShown", Int.random(in: 0..<3, using: &random) > 0)
        }
    }

    static func initial() throws -> NavigationState<Screen> {
        try NavigationState(tabs: [NavigationTab(id: "a", root: 1), NavigationTab(id: "b", root: 2), NavigationTab(id: "c", root: 3)], selected: "a")
    }

    @Test("3,000 seeded random scripts under both graph scopes: identical states and outcomes, and each state survives JSON",
          arguments: [ModalScope.tab, .window])
    func commandByCommand(scope: ModalScope) throws {
        let engine = Self.engine(scope)
        var sawHidden = 0, sawMixed = 0, sawReappear = 0
        for seed in 0..<1_500 as Range<UInt64> {
            var random = SeededGenerator(seed: seed &+ (scope == .tab ? 0 : 50_000))
            var state = try Self.initial()
            var model = ModalScopeReference(graphScope: scope)
            for stepIndex in 0..<40 {
                let command = Self.randomCommand(&random)
                let before = state
                let failure = engine.apply(command, to: &state).firstFailure
                let expected = model.step(command)
                guard (failure == nil) == (expected == nil), ModalScopeReference(mirroring: state, graphScope: scope) == model else {
                    Issue.record("seed \(seed), step \(stepIndex), \(command): engine \(failure.map { "\($0)" } ?? "ok") vs reference \(expected ?? "ok"); states \(ModalScopeReference(mirroring: state, graphScope: scope)) vs \(model)")
                    return
                }
                if failure != nil { #expect(state == before, "a failed \(command) changed the state") }
                // The selected tab never keeps hidden layers; a state without tab-scoped layers has none at all.
                #expect(state.hiddenModals(of: state.selectedTab).isEmpty)
                #expect(state.hasTabScopedModals == (state.selectedTabModalCount > 0 || state.tabs.contains { !state.hiddenModals(of: $0.id).isEmpty }))
                if case .selectTab = command, failure == nil, state.selectedTabModalCount > 0, before.selectedTab != state.selectedTab { sawReappear += 1 }
                if state.tabs.contains(where: { !state.hiddenModals(of: $0.id).isEmpty }) { sawHidden += 1 }
                if state.selectedTabModalCount > 0 && state.modals.count > state.selectedTabModalCount { sawMixed += 1 }
                let data = try JSONEncoder().encode(state)
                #expect(try JSONDecoder().decode(NavigationState<Screen>.self, from: data) == state)
            }
        }
        // Both orders of layers, hidden layers and layers shown again are met under either scope (a route's own scope mixes them).
        #expect(sawHidden > 100 && sawMixed > 100 && sawReappear > 50, "\(sawHidden) hidden, \(sawMixed) mixed, \(sawReappear) shown again")
    }

    @Test("a sheet presented on tab a is hidden on b, shown again on a, and dismiss acts on the tab shown")
    func sheetFollowsItsTab() throws {
        let engine = Self.engine(.tab)
        var state = try Self.initial()
        engine.apply(.present(4, style: .sheet), to: &state)
        #expect(state.selectedTabModalCount == 1 && state.top == 4)
        engine.apply(.selectTab("b"), to: &state)
        #expect(state.modals.isEmpty && state.top == 2)
        #expect(state.hiddenModals(of: "a").map(\.stack.routes) == [[4]])
        // Nothing is shown on b: dismiss there fails and leaves a's sheet alone.
        #expect(engine.apply(.dismiss, to: &state).firstFailure == .noModalPresented)
        engine.apply(.present(5, style: .sheet), to: &state)
        engine.apply(.dismissAll, to: &state)
        #expect(state.hiddenModals(of: "a").count == 1)
        engine.apply(.selectTab("a"), to: &state)
        #expect(state.top == 4 && state.selectedTabModalCount == 1 && state.hiddenModals(of: "a").isEmpty)
        engine.apply(.dismiss, to: &state)
        #expect(state.top == 1 && !state.hasTabScopedModals)
    }

    @Test("a window-level modal presented over a tab's sheet is dismissed by a tab switch; the tab's sheet stays below it")
    func windowAboveTab() throws {
        let engine = Self.engine(.tab)
        var state = try Self.initial()
        engine.apply(.present(4, style: .sheet), to: &state)
        engine.apply(.present(7, style: .cover), to: &state)   // screen 7 is the window's
        #expect(state.modals.map(\.stack.root) == [4, 7] && state.selectedTabModalCount == 1)
        // Presented over the window's cover, a tab-scoped route belongs to the window too.
        engine.apply(.present(5, style: .sheet), to: &state)
        #expect(state.selectedTabModalCount == 1 && state.modals.count == 3)
        engine.apply(.selectTab("b"), to: &state)
        #expect(state.modals.isEmpty && state.hiddenModals(of: "a").map(\.stack.root) == [4])
    }

    @Test("resetting tabs keeps the selection and the window's modals, and empties the tabs' own, hidden tabs included")
    func resetKeepsSelection() throws {
        let engine = Self.engine(.tab)
        var state = try Self.initial()
        engine.apply(.push(5), to: &state)
        engine.apply(.present(4, style: .sheet), to: &state)
        engine.apply(.selectTab("b"), to: &state)
        engine.apply(.push(6), to: &state)
        engine.apply(.present(7, style: .sheet), to: &state)   // the window's
        #expect(engine.apply(.resetTabs(["a"]), to: &state).firstFailure == nil)
        #expect(state.selectedTab == "b" && state.hiddenModals(of: "a").isEmpty && state.stack(of: "a")?.routes == [1])
        #expect(state.stack(of: "b")?.routes == [2, 6] && state.modals.map(\.stack.root) == [7])
        engine.apply(.resetTabs(nil), to: &state)
        #expect(state.selectedTab == "b" && state.stack(of: "b")?.routes == [2] && state.modals.map(\.stack.root) == [7])
        #expect(engine.apply(.resetTabs(["a", "nope"]), to: &state).firstFailure == .unknownTab("nope", declared: ["a", "b", "c"]))
    }
}
