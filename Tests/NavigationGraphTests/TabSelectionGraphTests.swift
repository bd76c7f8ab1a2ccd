import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

/// Issue 30's tab selection options in documents, the Swift DSL, export, the JSON Schema and
/// the condition language: `reselect` (graph and tab), `hiddenSelection`, and `tab hidden`.
@Suite("Tab selection options in graphs")
struct TabSelectionGraphTests {
    static let tabs = ConditionalTabsTests.tabs

    @Test("a document's reselect and hiddenSelection load into the model and the runtime's rules; absent, the defaults")
    func loads() throws {
        let tabs = Self.tabs.replacingOccurrences(of: "{ name: home, root: home }", with: "{ name: home, root: home, reselect: popToRoot }")
        let graph = try GraphDocument.load(ConditionalTabsTests.document(tabs: tabs, tabBar: "tabBar: { reselect: keep, hiddenSelection: stay }\n"))
        #expect(graph.tabBar.reselect == .keep && graph.tabBar.hiddenSelection == .stay && !graph.tabBar.isDefault)
        #expect(graph.tabs.map(\.reselect) == [.popToRoot, nil, nil])
        let rules = graph.makeTabBarRules()
        #expect(rules.reselection(of: "home") == .popToRoot && rules.reselection(of: "inbox") == .keep)
        #expect(rules.hiddenSelection == .stay && !rules.settlesAfterSteps)
        let plain = try GraphDocument.load(ConditionalTabsTests.document(tabs: Self.tabs))
        #expect(plain.tabBar.reselect == .popToRoot && plain.tabBar.hiddenSelection == .fallback && plain.tabBar.isDefault)
        #expect(plain.makeTabBarRules().settlesAfterSteps)
    }

    static let badDocuments: [(String, String, String, String)] = [
        ("an unknown re-selection", Self.tabs, "tabBar: { reselect: none }\n", "unknown reselect 'none'"),
        ("a misspelt hidden selection", Self.tabs, "tabBar: { hiddenSelection: stya }\n", "did you mean 'stay'?"),
        ("a tab's unknown re-selection",
         Self.tabs.replacingOccurrences(of: "{ name: home, root: home }", with: "{ name: home, root: home, reselect: pop }"), "", "unknown reselect 'pop'"),
        ("'tab hidden' in a tab's own condition",
         Self.tabs.replacingOccurrences(of: "when: signedIn", with: "when: \"signedIn and not tab hidden\""), "", "says 'tab hidden'"),
    ]

    @Test("an option that cannot be read, or 'tab hidden' where it would read itself, is an error with its line and a remedy",
          arguments: badDocuments)
    func badOptions(name: String, tabs: String, tabBar: String, expected: String) throws {
        #expect {
            try GraphDocument.load(ConditionalTabsTests.document(tabs: tabs, tabBar: tabBar))
        } throws: { error in
            guard let error = error as? GraphDocumentError else { return false }
            return error.description.contains(expected) && error.description.contains(":")
        }
    }

    @Test("'tab hidden' parses, prints back, and leaves flags and routes called 'hidden' alone")
    func conditionLanguage() throws {
        #expect(try Condition.parse("tab hidden") == .selectedTabHidden)
        #expect(Condition.selectedTabHidden.description == "tab hidden")
        let mixed = try Condition.parse("not tab hidden and hidden")
        #expect(mixed.description == "not tab hidden and hidden")
        #expect(try Condition.parse(mixed.description) == mixed)
        #expect(try Condition.parse("tab == hidden").description == "tab == hidden")
        #expect(mixed.flagNames.map(\.text) == ["hidden"])
        // Alone, no tab bar is known: false.
        let compiled: CompiledCondition<DynamicRoute> = Condition.selectedTabHidden.compile(routeName: { $0.name })
        #expect(compiled(try NavigationState(tabs: [NavigationTab(id: "a", root: DynamicRoute("a"))], selected: "a")) == false)
    }

    @Test("in a graph, 'tab hidden' is replaced by the tabs' conditions everywhere a condition is read; the text stays as written")
    func expanded() throws {
        let text = ConditionalTabsTests.document(tabs: Self.tabs, tabBar: "tabBar: { hiddenSelection: stay }\n",
                                                 events: "events:\n  login: { set: { signedIn: true } }\n  leave: { when: tab hidden, then: [{ tab: home }] }\n")
            + "invariants:\n  shown: \"not tab hidden\"\n"
        let graph = try GraphDocument.load(text)
        let invariant = try #require(graph.invariants.first?.condition)
        #expect(invariant.text == "not tab hidden")
        #expect(invariant.expression?.description == "not (tab == inbox and not signedIn or tab == guest and not not signedIn)")
        #expect(graph.events.last?.precondition?.expression?.readsSelectedTabHidden == false)
        // Without tabs nothing is hidden: the atom stays and is false.
        let single = try GraphDocument.load("navgraph: 1\nname: S\nroot: home\nroutes: { home: {} }\ninvariants:\n  shown: \"not tab hidden\"\n")
        #expect(single.invariants.first?.condition.expression == .not(.selectedTabHidden))
    }

    @Test("export writes the options back, and the document it writes loads to the same tab bar")
    func exportRoundTrip() throws {
        let tabs = Self.tabs.replacingOccurrences(of: "{ name: inbox, root: inbox, when: signedIn }",
                                                  with: "{ name: inbox, root: inbox, when: signedIn, reselect: keep }")
        let graph = try GraphDocument.load(ConditionalTabsTests.document(tabs: tabs, tabBar: "tabBar: { fallback: home, hiddenSelection: stay }\n")
                                           + "invariants:\n  shown: \"not tab hidden\"\n")
        let text = try GraphDocument.export(graph)
        #expect(text.contains("  - { name: inbox, root: inbox, when: \"signedIn\", reselect: keep }"))
        #expect(text.contains("tabBar: { fallback: home, hiddenSelection: stay }"))
        #expect(text.contains("not tab hidden"))
        let again = try GraphDocument.load(text)
        #expect(again.tabBar == graph.tabBar && again.tabs == graph.tabs)
        #expect(again.invariants.first?.condition.expression == graph.invariants.first?.condition.expression)
    }

    @Test("the Swift DSL says the same: TabBar(reselect:hiddenSelection:), Tab(reselect:), .tabHidden; and exports to the document's words")
    func swiftFrontDoor() throws {
        let graph = try NavigationGraph<MastodonRoute>("Tabs") {
            Tab("home", root: .timeline, reselect: .popToRoot)
            Tab("notifications", root: .notifications, when: "signedIn")
            Tab("settings", root: .settings, when: !.flag(FlagKey("signedIn")))
            TabBar(reselect: .keep, hiddenSelection: .stay)
            Flag("signedIn")
            Push(.timeline, .status(id: 1))
            Invariant("shown", !.tabHidden)
        }
        #expect(graph.tabBar.reselect == .keep && graph.tabBar.hiddenSelection == .stay)
        #expect(graph.tabs.map(\.reselect) == [.popToRoot, nil, nil])
        let invariant = try #require(graph.invariants.first?.condition)
        #expect(invariant.text == "not tab hidden" && invariant.expression?.readsSelectedTabHidden == false)
        let text = try GraphDocument.export(graph)
        #expect(text.contains("tabBar: { reselect: keep, hiddenSelection: stay }"))
        #expect(text.contains("  - { name: home, root: timeline, reselect: popToRoot }"))
        let loaded = try GraphDocument.load(text).tabBar
        #expect(loaded.reselect == graph.tabBar.reselect && loaded.hiddenSelection == graph.tabBar.hiddenSelection)
    }

    @Test("'tab hidden' is refused where it cannot be replaced: in an included feature, and beside a tab shown under a Swift closure")
    func refusedWhereUnknown() throws {
        let folder = try FeatureGraphTests.Folder([
            "App.navgraph.yaml": "navgraph: 1\nname: App\ntabs:\n  - { name: home, root: home }\nfeatures: { f: { file: F.navgraph.yaml } }\nroutes: { home: }\n",
            "F.navgraph.yaml": "navgraph: 1\nname: F\nroot: a\nentries: [a]\nroutes: { a: }\ninvariants:\n  shown: \"not tab hidden\"\n",
        ])
        let error = try #require(folder.error())
        #expect(error.message.contains("a feature's condition says 'tab hidden'") && error.file.hasSuffix("F.navgraph.yaml"))
        #expect(throws: GraphBuildError.self) {
            try NavigationGraph<MastodonRoute>("Tabs") {
                Tab("home", root: .timeline)
                Tab("notifications", root: .notifications, when: .closure(name: "signedIn") { $0.flags.contains("signedIn") })
                Invariant("shown", !.tabHidden)
            }
        }
    }

    @Test("the JSON Schema lists the options' values from the runtime's enums, with descriptions")
    func schema() throws {
        let schema = GraphDocument.jsonSchema
        for value in TabReselection.allCases.map(\.rawValue) + HiddenTabSelection.allCases.map(\.rawValue) { #expect(schema.contains("\"\(value)\"")) }
        #expect(schema.contains("\"hiddenSelection\"") && schema.contains("\"reselect\""))
    }
}
