import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// The Requests sample's features verified alone, against the stub of the app that loading a
/// feature document by itself gives it.
@Suite("A feature alone in the explorer")
struct FeatureAloneCheckTests {
    @Test("People and Feed alone pass every property: each requested exit is reached, no request is dropped",
          arguments: [("Requests/People.navgraph.yaml", ["me", "author", "share", "openSettings"]),
                      ("Requests/Feed.navgraph.yaml", ["timeline", "post", "share", "openAuthor", "compose"])])
    func passesAlone(file: String, routes: [String]) throws {
        let graph = try SampleGraphs.load(file)
        let result = try Checker(graph).run()
        #expect(result.failures.isEmpty, "\(result.failures.map(\.message))")
        #expect(result.routeCoverage.reached.sorted() == routes.sorted())
        #expect(result.verdicts.first { $0.kind == .droppedRequests }?.status == .passed)
    }

    @Test("Account alone is explored and says honestly that editing the profile is never shown: nothing alone signs in")
    func accountAlone() throws {
        let graph = try SampleGraphs.load("Requests/Account.navgraph.yaml")
        let result = try Checker(graph).run()
        // signedIn is the app's flag, set by the app's events, which a feature cannot declare.
        #expect(result.failures.map(\.kind) == [.routeReachability])
        #expect(result.failures.first?.message == "never shown: editProfile")
        #expect(result.verdicts.first { $0.kind == .droppedRequests }?.status == .passed)
        #expect(result.verdicts.first { $0.kind == .redirects }?.status == .passed, "the redirect by request reaches the exit stub")
        #expect(result.routeCoverage.reached.contains("signInNeeded"))
    }

    @Test("a request for an exit leaves the feature: the app pushes the exit stub onto the feature's stack, as the runtime resolves it")
    func requestedExit() throws {
        let graph = try SampleGraphs.load("Requests/People.navgraph.yaml")
        let ownership = try #require(graph.makeOwnership())
        let states = try Checker(graph).stateGraph(maxStates: 100).states
        let author = try #require(states.first { $0.top?.name == "author" })
        let resolution = ownership.resolve(DynamicRoute("share"), in: author)
        #expect(resolution.presentation?.owner == .app)
        #expect(resolution.presentation?.command == .push(DynamicRoute("share")))
        let shared = try #require(states.first { $0.top?.name == "share" })
        #expect(shared.activeStack.routes.map(\.name) == ["me", "author", "share"])
        #expect(states.contains { $0.activeStack.routes.map(\.name) == ["me", "openSettings"] })
    }
}
