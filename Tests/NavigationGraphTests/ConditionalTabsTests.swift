import NavGraphTestSupport
import Testing
import NavigationCore
import NavigationGraph

/// Tabs shown under a condition and the tab bar's declared behaviour, in documents, the Swift
/// DSL, lint, export and diffs.
@Suite("Conditional tabs in graphs")
struct ConditionalTabsTests {
    static func document(tabs: String, tabBar: String = "", flags: String = "flags: { signedIn: false }",
                         events: String = "events:\n  login: { set: { signedIn: true } }\n") -> String {
        "navgraph: 1\nname: T\ntabs:\n\(tabs)\(tabBar)routes:\n  home: {}\n  inbox: {}\n  guest: {}\n\(flags)\n\(events)"
    }

    static let tabs = "  - { name: home, root: home }\n  - { name: inbox, root: inbox, when: signedIn }\n  - { name: guest, root: guest, when: not signedIn }\n"

    @Test("a document's tab conditions and tab bar load into the model and the runtime's rules")
    func loads() throws {
        let graph = try GraphDocument.load(Self.document(tabs: Self.tabs, tabBar: "tabBar: { tappableUnder: [cover, sheet], fallback: guest }\n"))
        #expect(graph.tabs.map { $0.condition?.text } == [nil, "signedIn", "not signedIn"])
        #expect(graph.tabBar.tappableUnder == [.sheet, .cover])
        #expect(graph.tabBar.fallback == "guest")
        let rules = graph.makeTabBarRules()
        let state = try graph.initialState()
        #expect(rules.shownTabs(in: state) == ["home", "guest"])
        #expect(rules.tappableUnder == [.sheet, .cover])
        #expect(try GraphDocument.load(Self.document(tabs: Self.tabs)).tabBar.isDefault)
    }

    static let badDocuments: [(String, String, String)] = [
        ("an unknown modal style", "tabBar: { tappableUnder: [shet] }\n", "unknown modal style 'shet'"),
        ("a fallback that is not a tab", "tabBar: { fallback: inbx }\n", "did you mean 'inbox'?"),
        ("an unknown key", "tabBar: { tapable: [sheet] }\n", "tapable"),
    ]

    @Test("a tab bar that cannot be read is an error with its line and a remedy", arguments: badDocuments)
    func badTabBar(name: String, tabBar: String, expected: String) throws {
        #expect {
            try GraphDocument.load(Self.document(tabs: Self.tabs, tabBar: tabBar))
        } throws: { error in
            guard let error = error as? GraphDocumentError else { return false }
            return error.description.contains(expected) && error.description.contains(":7:")
        }
    }

    @Test("a tab bar in a graph without tabs is refused")
    func tabBarWithoutTabs() {
        #expect(throws: GraphDocumentError.self) {
            try GraphDocument.load("navgraph: 1\nname: T\nroot: home\ntabBar: { tappableUnder: [sheet] }\nroutes: { home: {} }\n")
        }
    }

    @Test("a tab whose condition names an undeclared flag is reported where the flag is written")
    func unknownFlag() throws {
        let tabs = "  - { name: home, root: home }\n  - { name: inbox, root: inbox, when: signedin }\n"
        let findings = GraphLinter.lint(try GraphDocument.load(Self.document(tabs: tabs), origin: "T.navgraph.yaml"))
        let finding = try #require(findings.first { $0.rule == "unknown-flag" })
        #expect(finding.message == "the condition of tab 'inbox' names flag 'signedin', which is not declared")
        #expect(finding.remedy == "did you mean 'signedIn'?")
        #expect(finding.location == SourceLocation(line: 5, column: 39))
    }

    @Test("a tab that no flag values show is reported; one an event can show is not")
    func neverShown() throws {
        let never = "  - { name: home, root: home }\n  - { name: inbox, root: inbox, when: signedIn and not signedIn }\n  - { name: guest, root: guest, when: signedIn }\n"
        let changing = try GraphDocument.load(Self.document(tabs: never))
        #expect(GraphLinter.lint(changing).filter { $0.rule == "tab-never-shown" }.map(\.message)
            == ["tab 'inbox' is shown when signedIn and not signedIn, which holds for no values its flags can take (events change signedIn)"])
        // No event sets signedIn: it stays false, so 'guest' (when signedIn) is never shown either.
        let fixed = try GraphDocument.load(Self.document(tabs: never, events: ""))
        #expect(GraphLinter.lint(fixed).filter { $0.rule == "tab-never-shown" }.count == 2)
    }

    @Test("a first tab not shown at launch is reported, saying which tab the app starts on")
    func initialTabHidden() throws {
        let tabs = "  - { name: inbox, root: inbox, when: signedIn }\n  - { name: home, root: home }\n"
        let graph = try GraphDocument.load(Self.document(tabs: tabs))
        let finding = try #require(GraphLinter.lint(graph).first { $0.rule == "initial-tab-hidden" })
        #expect(finding.message.contains("the app starts on tab 'home' instead"))
        #expect(finding.severity == .warning)
        #expect(try graph.initialState().selectedTab == "home")
        #expect(GraphLinter.lint(try GraphDocument.load(Self.document(tabs: Self.tabs))).isEmpty)
    }

    @Test("a first tab hidden at launch whose fallback is hidden too, while another is shown, is not reported as no tab shown")
    func initialTabHiddenBySelection() throws {
        let tabs = "  - { name: inbox, root: inbox, when: \"tab != inbox\" }\n  - { name: home, root: home, when: \"tab != home\" }\n"
        let graph = try GraphDocument.load(Self.document(tabs: tabs))
        let finding = try #require(GraphLinter.lint(graph).first { $0.rule == "initial-tab-hidden" })
        #expect(!finding.message.contains("no tab is shown"), "\(finding.message)")
        #expect(finding.message.contains("which is not shown then either"), "\(finding.message)")
    }

    @Test("export writes tab conditions and the tab bar, and loading the text gives the same tabs and tab bar")
    func exportRoundTrip() throws {
        let graph = try GraphDocument.load(Self.document(tabs: Self.tabs, tabBar: "tabBar: { tappableUnder: [sheet], fallback: home }\n"))
        let text = try GraphDocument.export(graph)
        #expect(text.contains("  - { name: inbox, root: inbox, when: \"signedIn\" }"))
        #expect(text.contains("tabBar: { tappableUnder: [sheet], fallback: home }"))
        let again = try GraphDocument.load(text)
        func described(_ graph: NavigationGraph<DynamicRoute>) -> [String] { graph.tabs.map { "\($0.id) \($0.root) \($0.condition?.text ?? "-")" } }
        #expect(described(again) == described(graph))
        #expect(again.tabBar.tappableUnder == graph.tabBar.tappableUnder && again.tabBar.fallback == graph.tabBar.fallback)
    }

    @Test("a Swift graph declares conditional tabs and a tab bar; a fallback that is not a tab is a build error")
    func swiftDSL() throws {
        let graph = try SwiftSampleGraphs.mastodon()
        #expect(graph.tabs.map { $0.condition?.text } == [nil, "signedIn"])
        #expect(graph.tabBar.fallback == "home" && graph.tabBar.declaresDefaultTappableUnder)
        #expect(throws: GraphBuildError.self) {
            try NavigationGraph<MastodonRoute>("Bad") {
                Tab("home", root: .timeline)
                TabBar(tappableUnder: [.sheet], fallback: "hom")
            }
        }
        let ipad = try NavigationGraph<MastodonRoute>("iPad") {
            Tab("home", root: .timeline)
            Tab("notifications", root: .notifications, when: "signedIn")
            Flag("signedIn")
            TabBar(tappableUnder: [.sheet, .cover])
        }
        #expect(ipad.tabBar.tappableUnder == [.sheet, .cover])
        // Tab keys, as for the rest of the DSL.
        let keyed = try NavigationGraph<MastodonRoute>("Keyed") {
            Tab(TabKey("home"), root: .timeline)
            Tab(TabKey("notifications"), root: .notifications, when: .flag(FlagKey("signedIn")))
            Flag("signedIn")
            TabBar(fallback: TabKey("home"))
        }
        #expect(keyed.tabs.map { $0.condition?.text } == [nil, "signedIn"])
        #expect(keyed.tabBar.fallback == "home")
    }

    @Test("a diff names a tab's new condition and a changed tab bar")
    func diff() throws {
        let base = try GraphDocument.load(Self.document(tabs: "  - { name: home, root: home }\n  - { name: inbox, root: inbox }\n"))
        let head = try GraphDocument.load(Self.document(tabs: "  - { name: home, root: home }\n  - { name: inbox, root: inbox, when: signedIn }\n",
                                                        tabBar: "tabBar: { tappableUnder: [sheet] }\n"))
        let changes = GraphDiff(base: base, head: head).changes.map { "\($0.change) \($0.key): \($0.after ?? "")" }
        #expect(changes.contains("changed inbox: root inbox, position 2, shown when signedIn"))
        #expect(changes.contains("added tab bar: tappable under sheet"))
    }
}
