import Foundation
import NavGraphTestSupport
import NavigationCodegen
import NavigationCore
import NavigationGraph
import Testing

/// One route enum for an app with a Swift DSL graph and generated navigators: the app's graph,
/// exported as a document, generates navigators for the app's own enum (`extend:`), not a
/// second enum. Re-record both files with `NAVGRAPH_RECORD_GENERATED=1`.
@MainActor
@Suite("Generated navigators for the app's own route enum")
struct ExtendedRouteTypeTests {
    static let document = "Tests/GeneratedCodeTests/Documents/Team.navgraph.yaml"
    static let generated = "Tests/GeneratedCodeTests/Generated/TeamRoute+Navigators.swift"
    static var recording: Bool { ProcessInfo.processInfo.environment["NAVGRAPH_RECORD_GENERATED"] == "1" }

    @Test("the committed document is what the DSL graph exports, so the navigators follow the graph the app runs")
    func documentIsTheExport() throws {
        let exported = try GraphDocument.export(try TeamGraph.graph())
        let file = SampleGraphs.repositoryRoot.appendingPathComponent(Self.document)
        if Self.recording { try Data(exported.utf8).write(to: file, options: .atomic) }
        #expect(try String(contentsOf: file, encoding: .utf8) == exported, "\(Self.document) is stale; re-record with NAVGRAPH_RECORD_GENERATED=1")
    }

    @Test("with extend: [TeamRoute] the file extends the enum with navigators alone: no enum, conformance, graph, store or deep links")
    func navigatorsOnly() throws {
        let root = SampleGraphs.repositoryRoot
        let text = try String(contentsOf: root.appendingPathComponent(Self.document), encoding: .utf8)
        let swift = try SwiftGenerator(options: .init(existingRouteTypes: ["TeamRoute"])).generate(documentText: text, origin: Self.document)
        let file = root.appendingPathComponent(Self.generated)
        if Self.recording { try Data(swift.utf8).write(to: file, options: .atomic) }
        #expect(try Data(contentsOf: file) == Data(swift.utf8), "\(Self.generated) differs from a fresh generation; re-record with NAVGRAPH_RECORD_GENERATED=1 if intended")
        for declaration in ["enum TeamRoute", "var graphName", "graphSamples:", "func navigationGraph()", "func makeStore()", "init?(deepLink"] {
            #expect(!swift.contains(declaration), "\(declaration)")
        }
        #expect(swift.contains("protocol MembersNavigator") && swift.contains("extension NavigationStore where R == TeamRoute"))
        // Another type is generated as before.
        let other = try SwiftGenerator(options: .init(existingRouteTypes: ["OtherRoute"])).generate(documentText: text, origin: Self.document)
        #expect(other.contains("enum TeamRoute: GraphRoute"))
    }

    @Test("a store built from the DSL graph is driven through the generated navigators, the reroute included")
    func drive() throws {
        let store = try NavigationStore(graph: TeamGraph.graph())
        #expect(store.navigators.members.pushMember(id: 2).succeeded)
        #expect(store.state.activeStack.routes == [.members, .member(id: 2)])
        store.execute(.pop)
        // Signed out, inviting reroutes: sign-in is requested (the app presents it as a sheet).
        let result = store.navigators.members.presentInvite()
        switch result {
        case .rerouted(let route, _, _), .retryPending(_, let route, _, _): #expect(route == .signIn)
        default: Issue.record("expected a reroute to sign-in, got \(result)")
        }
        #expect(store.state.topModal?.stack.routes.first == .signIn)
    }
}
