import NavGraphEngineAgreement
import NavGraphTestSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import Testing

/// What the symbolic engine makes of tabs shown under a condition, links that push onto a tab
/// and samples whose expected outcome depends on the state: each verdict and trace, and the
/// explicit engine's agreement.
@Suite("Symbolic engine: conditional tabs, links that push, outcomes by state")
struct SymbolicTabBarAndLinkTests {
    /// The symbolic engine's verdict on `graph` that `matches`, once the graph is found in the
    /// engine's subset and the explicit engine agreeing with it on everything.
    static func verdict(_ graph: NavigationGraph<DynamicRoute>,
                        _ matches: (PropertyVerdict<DynamicRoute>) -> Bool) throws -> PropertyVerdict<DynamicRoute> {
        #expect(SymbolicEngine.unsupported(graph) == [])
        #expect(try EngineAgreement.differences(graph) == [])
        return try #require(try SymbolicChecker(graph).run().verdicts.first(where: matches))
    }

    @Test("a tab hidden while selected moves the selection in the step that hid it")
    func hiddenTabMovesSelection() throws {
        let graph = try SymbolicAgreementTests.load("""
            tabs: [{ name: home, root: h }, { name: inbox, root: i, when: signedIn }, { name: more, root: m }]
            tabBar: { fallback: more }
            routes: { h: {}, i: {}, m: {}, message: {} }
            flags: { signedIn: false }
            events: { login: { when: not signedIn, set: { signedIn: true } }, logout: { when: signedIn, set: { signedIn: false } } }
            transitions: [{ from: i, to: message }]
            invariants:
              inboxOnlySignedIn: 'tab == inbox implies signedIn'
              noMessageOnMore: 'not (tab == more and stack(inbox) contains message)'

            """)
        #expect(try Self.verdict(graph) { $0.name == "inboxOnlySignedIn" }.status == .passed)
        // login, select inbox, push message, logout: the selection moves to the fallback as part of logout.
        let moved = try Self.verdict(graph) { $0.name == "noMessageOnMore" }
        #expect(moved.status == .failed)
        let actions = try #require(moved.trace?.actions)
        #expect(actions == [.event(0), .selectTab(1), .transition(0, sample: 0), .event(1)])
        let states = try Checker(graph).replay(actions)
        #expect(states.last?.selectedTab == TabID("more"))
    }

    @Test("selecting a hidden tab is not offered, and a link into it does not land")
    func hiddenTabRefused() throws {
        let graph = try SymbolicAgreementTests.load("""
            tabs: [{ name: home, root: h }, { name: inbox, root: i, when: signedIn }]
            routes: { h: {}, i: {} }
            flags: { signedIn: false }
            events: { login: { when: not signedIn, set: { signedIn: true } } }
            deepLinks:
              schemes: [app]
              links:
                - { pattern: /inbox, route: i, tab: inbox, stack: [i], samples: [{ url: "app://inbox", expect: plan }] }

            """)
        let links = try Self.verdict(graph) { $0.kind == .deepLinks }
        #expect(links.status == .failed)
        #expect(links.message.contains("did not land"))
        #expect(links.trace?.actions == [.openLink(0)])
        // Home signed out, home and inbox signed in.
        #expect(try SymbolicChecker(graph).run().statistics.states == 3)
    }

    @Test("a link that pushes past maxStackDepth is cut by the bound, as the explicit engine cuts it")
    func pushPastBound() throws {
        let graph = try SymbolicAgreementTests.load("""
            root: a
            routes: { a: {}, b: {} }
            transitions: [{ from: a, to: b }]
            bounds: { maxStackDepth: 2 }
            deepLinks:
              schemes: [app]
              links:
                - { pattern: /b, route: b, stack: [b], mode: push, samples: [{ url: "app://b", expect: plan }] }

            """)
        #expect(SymbolicEngine.unsupported(graph) == [])
        let symbolic = try SymbolicChecker(graph).run()
        let explicit = try Checker(graph).run()
        // From a › b the link would make a › b › b: cut (b has no transition of its own).
        #expect(symbolic.cuts == [BoundCut(bound: .maxStackDepth, limit: 2, successorsCut: 1)])
        #expect(symbolic.cuts == explicit.cuts)
        #expect(symbolic.statistics.states == 2)
        #expect(try EngineAgreement.differences(graph) == [])
    }

    @Test("a link that pushes keeps the tab's stack and the tab it names")
    func pushKeepsStack() throws {
        let graph = try SymbolicAgreementTests.load("""
            tabs: [{ name: x, root: a }, { name: y, root: b }]
            routes: { a: {}, b: {}, c: {} }
            transitions: [{ from: b, to: a }]
            invariants: { neverDeep: 'not (stack contains a and stack contains c and tab == y)' }
            bounds: { maxStackDepth: 3 }
            deepLinks:
              schemes: [app]
              links:
                - { pattern: /c, route: c, tab: y, stack: [c], mode: push, samples: [{ url: "app://c", expect: plan }] }

            """)
        // select y, push a, open the link: y's stack b › a › c.
        let invariant = try Self.verdict(graph) { $0.name == "neverDeep" }
        #expect(invariant.status == .failed)
        #expect(invariant.trace?.actions == [.selectTab(1), .transition(0, sample: 0), .openLink(0)])
    }

    @Test("an outcome by state that does not hold fails with the case that was expected named")
    func outcomeByState() throws {
        let graph = try SymbolicAgreementTests.load("""
            root: a
            routes: { a: {}, b: {} }
            flags: { closed: false }
            events: { close: { when: not closed, set: { closed: true } } }
            deepLinks:
              schemes: [app]
              links:
                - { pattern: /b, route: b, stack: [a, b], samples: [{ url: "app://b", expect: [{ when: closed, outcome: rejected }, { outcome: plan }] }] }

            """)
        let links = try Self.verdict(graph) { $0.kind == .deepLinks }
        #expect(links.status == .failed)
        #expect(links.message.contains("app://b is declared rejected (when closed) but navigated"))
        #expect(links.trace?.actions == [.event(0), .openLink(0)])
    }

    @Test("a Swift graph with the Social example's tab bar (notifications when signed in, fallback home) is checked symbolically, as the explicit engine checks it")
    func swiftMastodon() throws {
        let graph = try SwiftSampleGraphs.mastodon()
        #expect(SymbolicEngine.unsupported(graph) == [])
        let symbolic = try SymbolicChecker(graph).run()
        let explicit = try Checker(graph).run()
        #expect(symbolic.statistics.states == explicit.statistics.states)
        #expect(symbolic.statistics.transitions == explicit.statistics.transitions)
        #expect(symbolic.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? 0)" }
                == explicit.verdicts.map { "\($0.name) \($0.status) \($0.trace?.actions.count ?? 0)" })
    }
}
