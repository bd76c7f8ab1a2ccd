import Foundation
import NavigationCore
import NavigationGraph
import SocialApp
import Testing

/// One route enum for the DSL graph and the generated navigators: the generate plugin extends
/// `SocialRoute` (`generate: { extend: [SocialRoute] }` in `.navgraph.yml`) from the graph's
/// export, `Sources/SocialApp/Social.navgraph.yaml`.
@MainActor
@Suite("Social navigators")
struct SocialNavigatorsTests {
    /// The export the navigators are generated from, next to this package's sources.
    static let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SocialApp/Social.navgraph.yaml")

    @Test("Social.navgraph.yaml is the DSL graph's export, so the navigators offer what the graph the app runs allows")
    func exportIsCurrent() throws {
        let fresh = try GraphDocument.export(try SocialNavigation.routes())
        if ProcessInfo.processInfo.environment["NAVGRAPH_RECORD_EXPORT"] == "1" {
            try fresh.write(to: Self.export, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: Self.export, encoding: .utf8) == fresh,
                "Sources/SocialApp/Social.navgraph.yaml is not the graph's export; write it again with NAVGRAPH_RECORD_EXPORT=1 swift test --filter SocialNavigatorsTests")
    }

    @Test("the store built from the DSL graph, middleware included, is driven through the generated navigators")
    func navigators() throws {
        let app = try SocialApp()
        let store = app.store
        #expect(store.navigators.timeline.pushStatus(id: 2).succeeded)
        #expect(store.state.activeStack.routes == [.timeline, .status(id: 2)])
        // `Push(.everyRoute, .account(user: "alice"))`: one value, so the method takes none.
        #expect(store.navigators.status.pushAccount().succeeded)
        #expect(store.state.top == .account(user: "alice"))
        store.execute(.popToRoot)
        // Signed out, the compose button's cover goes through the app's middleware: the login sheet.
        #expect(store.navigators.timeline.coverNewStatus().redirect != nil)
        #expect(store.state.topModal?.stack.routes == [.login])
    }
}
