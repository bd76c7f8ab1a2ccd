import Foundation
import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

/// A feature document loaded by itself, not under another document's `features:`: its
/// surroundings are stubbed, so ownership the app provides is no lint error in the feature.
@Suite("A feature alone")
struct FeatureAloneTests {
    @Test("each Requests feature loads alone with a stub of the app: requested exits owned by the app, tab owners read as 'app', and no lint error",
          arguments: [
              ("Requests/People.navgraph.yaml", ["openSettings", "share"], [String](), [String]()),
              ("Requests/Feed.navgraph.yaml", ["compose", "openAuthor"], ["profile"], []),
              ("Requests/Account.navgraph.yaml", ["signInNeeded"], ["profile"], ["signedIn"]),
          ])
    func requestsFeatures(file: String, requestedExits: [String], appTabs: [String], fixedFlags: [String]) throws {
        let graph = try SampleGraphs.load(file)
        let stub = try #require(graph.standaloneFeature)
        #expect(stub.requestedExits == requestedExits)
        #expect(stub.appTabs == appTabs)
        #expect(stub.fixedFlags == fixedFlags)
        for exit in requestedExits {
            let ownership = try #require(graph.route(named: exit)?.ownership, "\(exit)")
            #expect(ownership.owners == [.app] && ownership.style == .push && ownership.priority == .normal)
        }
        let owners = graph.routes.flatMap { $0.ownership?.owners ?? [] }
        #expect(!owners.contains { if case .tab = $0 { true } else { false } }, "\(owners)")
        let errors = GraphLinter.lint(graph).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        #expect(stub.notes.count == 1 + (appTabs.isEmpty ? 0 : 1) + (fixedFlags.isEmpty ? 0 : 1))
    }

    @Test("a route owned by a tab and by a route of the feature keeps the route, the app standing in for the tab")
    func mixedOwners() throws {
        let graph = try SampleGraphs.load("Requests/Feed.navgraph.yaml")
        #expect(graph.route(named: "post")?.ownership?.owners == [.route("timeline"), .app])
        #expect(graph.route(named: "share")?.ownership?.owners == [.route("post")], "an owner the feature has is kept")
        #expect(graph.route(named: "timeline")?.ownership == nil)
    }

    static let profile = """
        navgraph: 1
        name: Profile
        root: me
        exits: [done, help]
        routes:
          me: {}
          card: { owner: [tab:profile, tab:main, app], style: sheet, priority: high }
        transitions:
          - { from: me, request: card }
          - { from: me, to: done }
          - { from: card, to: help, style: sheet }
        """

    @Test("an exit only led to keeps no owner, and several tab owners and 'app' become one 'app' in the route's style")
    func exitLedTo() throws {
        let graph = try GraphDocument.load(Self.profile, origin: "Profile.navgraph.yaml")
        let stub = try #require(graph.standaloneFeature)
        #expect(stub.exits == ["done", "help"])
        #expect(stub.requestedExits.isEmpty && stub.appTabs == ["main", "profile"])
        #expect(graph.route(named: "done")?.ownership == nil && graph.route(named: "help")?.ownership == nil)
        let card = try #require(graph.route(named: "card")?.ownership)
        #expect(card.owners == [.app] && card.style == .sheet && card.priority == .high)
        #expect(stub.notes == ["verified alone, so owners 'tab:main', 'tab:profile' are read as 'app' "
                               + "(the tab is the including graph's to declare; it is checked when the app is verified)"])
        #expect(GraphLinter.lint(graph).isEmpty, "\(GraphLinter.lint(graph))")
    }

    @Test("the same owners and requests are lint errors in an app document, which can declare the tab and own the route")
    func appDocument() throws {
        // The feature's text without `exits:`: an app with one stack, whose tabs are its own.
        let app = Self.profile.replacingOccurrences(of: "exits: [done, help]\n", with: "")
            .replacingOccurrences(of: "  card:", with: "  done: {}\n  help: {}\n  card:")
            .replacingOccurrences(of: "  - { from: me, to: done }", with: "  - { from: me, request: done }")
        let graph = try GraphDocument.load(app, origin: "App.navgraph.yaml")
        #expect(graph.standaloneFeature == nil)
        let findings = GraphLinter.lint(graph).filter { $0.severity == .error }
        #expect(findings.map(\.rule) == ["unknown-owner", "unknown-owner", "unowned-request"], "\(findings)")
        #expect(findings.prefix(2).map(\.message) == ["route 'card' is owned by tab 'main', which is not declared",
                                                      "route 'card' is owned by tab 'profile', which is not declared"])
        #expect(findings.last?.message.contains("requests route 'done', which no scope owns") == true)
    }

    @Test("a document that declares what only an app may (events, deep links, tabs, bounds) is an app: never stubbed, its owners checked", arguments: [
        "events:\n  go: { set: { x: true } }\nflags: { x: false }\n", "bounds: { maxStackDepth: 3 }\n",
    ])
    func appOnlyKeys(extra: String) throws {
        let graph = try GraphDocument.load(Self.profile + "\n" + extra, origin: "AppLike.navgraph.yaml")
        #expect(graph.standaloneFeature == nil)
        let findings = GraphLinter.lint(graph).filter { $0.severity == .error }.map(\.rule)
        #expect(findings.contains("unknown-owner"), "\(findings)")
    }

    @Test("a feature included by an app is not stubbed: its tab owners are the app's, and checked there")
    func includedFeature() throws {
        let graph = try SampleGraphs.load("Requests.navgraph.yaml")
        #expect(graph.standaloneFeature == nil)
        #expect(graph.route(named: "feed.post")?.ownership?.owners == [.route("feed.timeline"), .tab("profile")])
        #expect(graph.route(named: "account.settings")?.ownership?.owners == [.tab("profile")])
        #expect(GraphLinter.lint(graph).filter { $0.severity == .error }.isEmpty)

        // An app that does not declare the tab its feature's route is owned by: an error in the app.
        let folder = try FeatureGraphTests.Folder([
            "App.navgraph.yaml": "navgraph: 1\nname: App\nroot: home\nfeatures: { account: { file: Account.navgraph.yaml, exits: { signInNeeded: home } } }\n"
                + "routes: { home: {} }\ntransitions: [{ from: home, to: account.settings }]\n",
            "Account.navgraph.yaml": try String(contentsOf: SampleGraphs.directory.appendingPathComponent("Requests/Account.navgraph.yaml"), encoding: .utf8),
        ])
        let composed = try folder.load()
        let unknown = GraphLinter.lint(composed).filter { $0.rule == "unknown-owner" }
        #expect(unknown.map(\.message) == ["route 'account.settings' is owned by tab 'profile', which is not declared"])
        #expect(unknown.first?.severity == .error && unknown.first?.feature == "account")
    }
}
