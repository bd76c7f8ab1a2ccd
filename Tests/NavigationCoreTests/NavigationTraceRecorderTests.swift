import NavigationCore
import Testing

/// The store's recorder: what it writes for commands, UI changes and events, with typed routes.
@MainActor
@Suite("Navigation trace recorder")
struct NavigationTraceRecorderTests {
    static func name(_ route: ShopRoute) -> NavigationTrace.Route {
        switch route {
        case .product(let id): NavigationTrace.Route("product", values: ["id": "\(id)"])
        case .article(let slug): NavigationTrace.Route("article", values: ["slug": slug])
        default: NavigationTrace.Route("\(route)")
        }
    }

    @Test("commands, a swipe back, a sheet pulled down and a no-op become one line each, with the state after them; stop writes the last")
    func linesOfASession() {
        let store = NavigationStore(initial: NavigationState<ShopRoute>(root: .catalog))
        var lines: [String] = []
        let recorder = NavigationTraceRecorder(recording: store, trace: "t\"1", flags: ["signedIn"], route: Self.name) { lines.append($0) }
        store.execute(.push(.product(id: 7)))
        store.execute(.push(.article(slug: "a\"b\n")))
        store.reconcile(.path([.product(id: 7)], at: store.state.activeLocation))   // swipe back
        store.execute(.pop)
        store.execute(.pop)                                                          // at the root: nothing changes, nothing written
        store.execute(.present(.cart, style: .sheet))
        store.reconcile(.modalDismissed(level: 0))
        store.execute(.setFlag("signedIn", true))
        #expect(lines.count == 7, "the last step is held until stop")
        recorder.stop()
        store.execute(.push(.cart))
        #expect(lines == [
            #"{"do":"launch","version":1,"trace":"t\"1","state":{"stack":["catalog"],"modals":[],"flags":{"signedIn":false}}}"#,
            #"{"do":"push","route":{"name":"product","with":{"id":"7"}},"state":{"stack":["catalog",{"name":"product","with":{"id":"7"}}],"modals":[],"flags":{"signedIn":false}}}"#,
            #"{"do":"push","route":{"name":"article","with":{"slug":"a\"b\n"}},"state":{"stack":["catalog",{"name":"product","with":{"id":"7"}},{"name":"article","with":{"slug":"a\"b\n"}}],"modals":[],"flags":{"signedIn":false}}}"#,
            #"{"do":"back","state":{"stack":["catalog",{"name":"product","with":{"id":"7"}}],"modals":[],"flags":{"signedIn":false}}}"#,
            #"{"do":"back","state":{"stack":["catalog"],"modals":[],"flags":{"signedIn":false}}}"#,
            #"{"do":"present","route":"cart","style":"sheet","state":{"stack":["catalog"],"modals":[{"style":"sheet","stack":["cart"]}],"flags":{"signedIn":false}}}"#,
            #"{"do":"dismiss","state":{"stack":["catalog"],"modals":[],"flags":{"signedIn":false}}}"#,
            #"{"do":"command","command":"set(signedIn)","state":{"stack":["catalog"],"modals":[],"flags":{"signedIn":true}}}"#,
        ])
        #expect(lines.allSatisfy { !$0.contains("\n") })
    }

    @Test("the quoting escapes quotes, backslashes and every control character")
    func quoting() {
        #expect(NavigationTrace.quoted("a\"b\\c\n\r\t\u{01}\u{7F}\u{2028}é") == #""a\"b\\c\n\r\t\u0001\u007f\u2028é""#)
    }
}
