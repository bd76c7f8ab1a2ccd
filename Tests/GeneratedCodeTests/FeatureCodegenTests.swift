import Foundation
import NavGraphTestSupport
import NavigationCodegen
import NavigationCore
import NavigationGraph
import Testing

/// Swift generated for an app composed of features (`Graphs/Connect.navgraph.yaml`): cases and
/// navigators named by feature and route, the composed graph embedded with its feature
/// documents, and exits into another feature offered like any transition.
@MainActor
@Suite("Generated Swift for feature graphs")
struct FeatureCodegenTests {
    @Test("the embedded graph is the composed one, feature documents and all, wherever the code runs")
    func embeddedGraph() throws {
        let graph = try ConnectRoute.navigationGraph()
        let loaded = try GraphDocument.load(bytes: Array(try Data(contentsOf: SampleGraphs.directory.appendingPathComponent("Connect.navgraph.yaml"))),
                                            origin: "Graphs/Connect.navgraph.yaml")
        #expect(graph.routes.map(\.name) == loaded.routes.map(\.name))
        #expect(graph.transitions.map { "\($0.from)->\($0.to)" } == loaded.transitions.map { "\($0.from)->\($0.to)" })
        #expect(graph.route(named: "people.editContact")?.location?.file == "Graphs/Connect/People.navgraph.yaml")
        #expect(ConnectRoute(graphName: "people.profile", graphArguments: [DynamicRoute.Argument(name: "id", value: "2")]) == .peopleProfile(id: 2))
        #expect(ConnectRoute.peopleProfile(id: 1).graphName == "people.profile")
    }

    @Test("a store is driven through the features' navigators: an exit leads into another feature, and its guard applies")
    func drive() throws {
        let store = try ConnectRoute.makeStore()
        #expect(store.state.top == .feedTimeline)
        #expect(store.navigators.feedTimeline.pushFeedPost(id: 2).succeeded)
        // Feed's exit openAuthor, which Connect wires to the people feature's profile.
        #expect(store.navigators.feedPost.pushPeopleProfile(id: 1).succeeded)
        #expect(store.state.activeStack.routes == [.feedTimeline, .feedPost(id: 2), .peopleProfile(id: 1)])
        // editContact needs sign-in: its guard redirects through People's exit signInNeeded to Connect's signIn.
        store.navigators.peopleProfile.pushPeopleEditContact()
        #expect(store.state.top == .signIn)
        #expect(ConnectRoute(deepLink: "connect://people/2") == .peopleProfile(id: 2))
    }

    @Test("a feature document is embedded by its path relative to the app's folder, also when generated from an absolute path")
    func embeddedByRelativePath() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = "navgraph: 1\nname: App\nroot: home\nfeatures: { people: { file: People.navgraph.yaml, exits: { done: home } } }\nroutes: { home: }\ntransitions:\n  - { from: home, to: people.list }\n"
        try Data(app.utf8).write(to: folder.appendingPathComponent("App.navgraph.yaml"))
        try Data("navgraph: 1\nname: People\nroot: list\nexits: [done]\nroutes: { list: }\ntransitions:\n  - { from: list, to: done }\n".utf8)
            .write(to: folder.appendingPathComponent("People.navgraph.yaml"))
        let origin = folder.appendingPathComponent("App.navgraph.yaml").path
        let swift = try SwiftGenerator().generate(documentText: app, origin: origin)
        #expect(swift.contains("        \"People.navgraph.yaml\": \"\"\""), "embedded by its path relative to the app's folder, never an absolute one")
        #expect(!swift.contains("\"\(folder.path)/People.navgraph.yaml\": \"\"\""))
        #expect(swift.contains("case peopleList"))
        #expect(swift.contains("@discardableResult func pushPeopleList() -> NavigationResult<AppRoute>"))
    }
}

extension CompileTimeTests {
    /// Type-checks `body` inside a main-actor function of a store of Connect, with the committed
    /// `Generated/ConnectRoute.swift`.
    func typecheckConnect(_ body: String) throws -> SwiftTypeChecker.Outcome {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let snippet = folder.appendingPathComponent("Snippet.swift")
        try Data("import NavigationCore\n\n@MainActor\nfunc navigate(_ store: NavigationStore<ConnectRoute>) {\n    \(body)\n}\n".utf8).write(to: snippet)
        let generated = SampleGraphs.repositoryRoot.appendingPathComponent("Tests/GeneratedCodeTests/Generated/ConnectRoute.swift")
        return try SwiftTypeChecker.current().typecheck([generated, snippet])
    }

    @Test("across features, a screen calls its exits and nothing else: leaving a feature other than through an exit does not compile",
          arguments: [
              ("store.navigators.feedPost.pushPeopleProfile(id: 1)", nil),
              ("store.navigators.settingsAccount.pushPeopleProfile(id: 2)", nil),
              ("store.navigators.peopleProfile.presentFeedCompose()", nil),
              ("store.navigators.feedTimeline.pushPeopleEditContact()", "FeedTimelineNavigator' has no member 'pushPeopleEditContact'"),
              ("store.navigators.feedPost.pushPeopleDirectory()", "FeedPostNavigator' has no member 'pushPeopleDirectory'"),
          ] as [(String, String?)])
    func featureBoundaries(call: String, error: String?) throws {
        let outcome = try typecheckConnect(call)
        if let error {
            #expect(!outcome.succeeded, "\(call) compiled")
            #expect(outcome.diagnostics.contains(error), "\(outcome.diagnostics)")
        } else {
            #expect(outcome.succeeded, "\(call): \(outcome.diagnostics)")
        }
    }
}
