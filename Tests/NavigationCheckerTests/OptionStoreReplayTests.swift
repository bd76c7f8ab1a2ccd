import Foundation
import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Issue 30's options in the app's store: every action from every reachable state of small
/// fixtures (and of the random graphs the engines' agreement test draws, deep links included)
/// does in `NavigationStore` what it does in the explorer. The options the other replay tests
/// leave out are here: a tab's own `reselect:`, tab-scoped modals with deep links that push under
/// them, set flags and select a tab on a hidden selection, and strict matching.
@MainActor
@Suite("Issue 30's options: the store does what the explorer does")
struct OptionStoreReplayTests {
    /// What a replay did: steps replayed, and the steps where an option made a difference.
    struct Tally {
        var states = 0
        var steps = 0
        /// Re-taps of the selected tab that kept its stack (`reselect: keep`) and that popped it.
        var retapsKept = 0
        var retapsPopped = 0
        /// Links opened with a modal up that pushed under it, and link steps that set a flag.
        var keptUnderModals = 0
        var flagsSetByLinks = 0
        /// Parked links resumed, and states with a hidden tab's own modals or a hidden selection.
        var resumed = 0
        var hiddenLayers = 0
        var hiddenSelections = 0
        /// Samples the matcher refused (rejected or unhandled) from some state.
        var refusedLinks = 0
    }

    /// Replays every action from every reachable state of `graph` (at most `maxStates`) through a
    /// store built from it, as the app would: a tap on a tab is the `TabView`'s selection, a swipe
    /// back its path, a link `open(_:)`. The explorer resumes a parked link as an action of its
    /// own; the store resumes it after any command, so after every other action the explorer's
    /// resumption is applied too, and the explorer's own resume is a command that changes nothing.
    static func replay(_ graph: NavigationGraph<DynamicRoute>, maxStates: Int = 5_000) throws -> Tally {
        let model = GraphModel(graph: graph)
        let store = try NavigationStore(graph: graph)
        let rules = graph.makeTabBarRules()
        var tally = Tally()
        for state in try Checker(graph).stateGraph(maxStates: maxStates).states {
            tally.states += 1
            if state.tabs.contains(where: { !state.hiddenModals(of: $0.id).isEmpty }) { tally.hiddenLayers += 1 }
            if rules.selectedTabIsHidden(in: state) { tally.hiddenSelections += 1 }
            for action in model.actions(in: state) {
                let step = model.apply(action, to: state)
                store.restore(state)
                var expected = step.state
                switch action {
                case .openLink(let sample):
                    let outcome = store.open(model.samples[sample].url)
                    switch outcome {
                    case .rejected, .unhandled: tally.refusedLinks += 1
                    default: break
                    }
                case .resumePending:
                    store.execute(.sequence([]))
                default:
                    RerouteRetryTests.run(action, of: graph, in: store)
                    if expected.pendingDeepLink != nil { expected = model.apply(.resumePending, to: expected).state }
                }
                #expect(store.state == expected, "\(model.label(of: action)) from \(state)")
                tally.steps += 1
                switch action {
                case .selectTab(let index) where index == state.selectedTabIndex && state.tabs[index].stack.routes.count > 1:
                    if step.state.tabs[index].stack == state.tabs[index].stack { tally.retapsKept += 1 } else { tally.retapsPopped += 1 }
                case .openLink, .resumePending:
                    if !state.modals.isEmpty, step.state.modals == state.modals, step.state != state { tally.keptUnderModals += 1 }
                    if step.state.flags != state.flags { tally.flagsSetByLinks += 1 }
                    if case .resumePending = action, step.state != state { tally.resumed += 1 }
                default: break
                }
            }
        }
        return tally
    }

    @Test("a tab's own reselect wins over the tab bar's: keep on the bar with a tab that pops, and the other way round; both engines agree",
          arguments: [("reselect: keep", "popToRoot"), ("reselect: popToRoot", "keep")])
    func perTabReselection(bar: String, tab: String) throws {
        let text = ConditionalTabsTests.document(tabBar: "tabBar: { \(bar) }")
            .replacingOccurrences(of: "{ name: timeline, root: timeline }", with: "{ name: timeline, root: timeline, reselect: \(tab) }")
        let graph = try GraphDocument.load(text, origin: "PerTab.navgraph.yaml")
        #expect(graph.makeTabBarRules().reselection(of: "timeline").rawValue == tab)
        let tally = try Self.replay(graph)
        // Timeline and profile push a status: one re-tap keeps it, the other pops it.
        #expect(tally.retapsKept > 0 && tally.retapsPopped > 0, "\(tally)")
        #expect(try EngineAgreement.differences(graph) == [])
        print("per-tab reselect (\(bar), timeline \(tab)): \(tally)")
    }

    /// The Mastodon sample in miniature: tab-scoped sheets and an app-level one, sign-in and out
    /// changing the tabs shown with the selection kept on a hidden tab, re-taps that keep the
    /// stack, every tab reset on an account change, a link pushing under the sheets (or
    /// dismissing them), a link into a named tab, and a callback link that signs in.
    /// `linkUnderModals` is the push link's own `underModals`, over the section's `underModals`.
    nonisolated static func miniatureMastodon(underModals: String, linkUnderModals: String = "") -> String {
        """
        navgraph: 1
        name: MiniMastodon
        tabs: [{ name: x, root: a }, { name: y, root: b, when: f }, { name: z, root: c, when: not f }]
        tabBar: { fallback: x, reselect: keep, hiddenSelection: stay, tappableUnder: [sheet] }
        modalScope: tab
        routes: { a: {}, b: {}, c: {}, d: {}, s: {}, w: { modalScope: window } }
        flags: { f: false }
        events:
          signIn: { when: not f and top == w, set: { f: true }, then: dismissAll }
          signOut: { when: f and modal == s, set: { f: false }, then: [dismissAll, popToRoot] }
          switched: { when: f and modal == s, then: [dismissAll, resetTabs] }
          clearY: { when: f, then: [{ resetTabs: [y] }] }
          toZ: { then: [{ tab: z }] }
        transitions: [{ from: a, to: d }, { from: b, to: d }, { from: c, to: d }, { from: a, to: w, style: sheet, when: not f }, { from: b, to: s, style: sheet }, { from: c, to: s, style: sheet }, { from: d, to: s, style: sheet }]
        bounds: { maxStackDepth: 2, maxModalDepth: 2 }
        deepLinks:
          schemes: [app]
          underModals: \(underModals)
          links:
            - { pattern: /d, route: d, stack: [d], mode: push\(linkUnderModals.isEmpty ? "" : ", underModals: \(linkUnderModals)"), samples: [{ url: "app://d", expect: plan }] }
            - { pattern: /b, route: d, tab: y, stack: [b, d], samples: [{ url: "app://b", expect: plan }] }
            - { pattern: /cb, route: a, tab: x, stack: [a], set: { f: true }, samples: [{ url: "app://cb", expect: plan }] }
        """
    }

    @Test("tab-scoped sheets with links that keep or dismiss them (by default or on the link), set flags and select tabs, a selection that stays hidden, resets; both engines agree",
          arguments: [("keep", ""), ("dismiss", ""), ("keep", "dismiss"), ("dismiss", "keep")])
    func tabScopedWithLinks(underModals: String, linkUnderModals: String) throws {
        let graph = try GraphDocument.load(Self.miniatureMastodon(underModals: underModals, linkUnderModals: linkUnderModals),
                                           origin: "MiniMastodon.navgraph.yaml")
        let tally = try Self.replay(graph)
        #expect(tally.steps > 500 && tally.hiddenLayers > 0 && tally.hiddenSelections > 0 && tally.flagsSetByLinks > 0, "\(tally)")
        // The link's own value wins over the section's.
        let keeps = (linkUnderModals.isEmpty ? underModals : linkUnderModals) == "keep"
        #expect(keeps == (tally.keptUnderModals > 0), "\(tally)")
        #expect(try EngineAgreement.differences(graph) == [])
        print("miniature Mastodon (underModals: \(underModals), on the link: \(linkUnderModals.isEmpty ? "-" : linkUnderModals)): \(tally)")
    }

    @Test("strict matching (scheme and host with case), parameter patterns and values outside the route's samples: the store's matcher refuses and plans as the explorer's; both engines agree")
    func strictLinks() throws {
        let graph = try GraphDocument.load("""
            navgraph: 1
            name: Strict
            tabs: [{ name: home, root: home }, { name: me, root: profile }]
            routes:
              home: {}
              profile: {}
              compose: {}
              item: { params: { id: [a1, b2] } }
              settings: { requires: signedIn, otherwise: { redirect: compose, style: sheet } }
            flags: { signedIn: false }
            events:
              signIn: { when: not signedIn and modal == compose, set: { signedIn: true }, then: dismiss }
            transitions:
              - { from: home, to: item }
              - { from: home, to: compose, style: sheet }
              - { from: item, to: item, with: { id: b2 } }
            deepLinks:
              schemes: [jellyfin, https]
              hosts: [jelly.example]
              match: { caseSensitive: [scheme, host], unknownQuery: reject, trailingSlash: reject }
              links:
                - pattern: /items/:id([A-Za-z0-9-]+)
                  route: item
                  stack: [item]
                  mode: push
                  underModals: keep
                  samples:
                    - { url: "jellyfin://items/a1", expect: plan }
                    - { url: "jellyfin://items/zz-9", expect: plan }
                    - { url: "Jellyfin://items/a1", expect: rejected }
                    - { url: "https://Jelly.Example/items/a1", expect: rejected }
                    - { url: "jellyfin://items/a1?x=1", expect: unhandled }
                    - { url: "jellyfin://items/a1/", expect: unhandled }
                    - { url: "jellyfin://items/a_1", expect: unhandled }
                - pattern: /settings
                  route: settings
                  tab: me
                  stack: [profile, settings]
                  requires: signedIn
                  samples: [{ url: "jellyfin://settings", expect: [{ when: signedIn, outcome: plan }, { outcome: pending }] }]
            bounds: { maxStackDepth: 3, maxModalDepth: 1 }
            """, origin: "Strict.navgraph.yaml")
        let tally = try Self.replay(graph)
        #expect(tally.refusedLinks > 0 && tally.keptUnderModals > 0 && tally.resumed > 0, "\(tally)")
        #expect(try EngineAgreement.differences(graph) == [])
        print("strict links: \(tally)")
    }

    @Test("the random graphs the engines' agreement test draws: every action from every reachable state of the small ones, deep links included")
    func randomGraphs() throws {
        // The agreement test's seed (SymbolicAgreementTests); small graphs only, as every action of every state is replayed.
        var generator = SeededGenerator(seed: 20)
        var replayed = 0, steps = 0
        var census: [String: Int] = [:]
        for index in 0..<300 {
            let body = RandomGraphs.document(using: &generator)
            var graph = try GraphDocument.load("navgraph: 1\nname: Random\(index)\n" + body, origin: "Random\(index).yaml")
            graph.bounds = GraphBounds(maxStackDepth: graph.bounds.maxStackDepth, maxModalDepth: graph.bounds.maxModalDepth, maxStates: 1_500)
            guard try Checker(graph).run().cutoff == nil else { continue }
            let tally = try Self.replay(graph, maxStates: 1_500)
            replayed += 1
            steps += tally.steps
            for option in RandomGraphs.issue30Options(in: body) { census[option, default: 0] += 1 }
        }
        let missing = RandomGraphs.issue30Options.filter { census[$0, default: 0] == 0 }
        print("store replay of random graphs: \(replayed) graphs, \(steps) steps; by option: "
              + RandomGraphs.issue30Options.map { "\($0) \(census[$0, default: 0])" }.joined(separator: ", "))
        #expect(replayed >= 150 && missing.isEmpty, "\(replayed) graphs replayed; options in none: \(missing)")
    }
}
