import NavigationCore
import NavigationGraph

/// What the app's screens call: each button is one store call, and the store is built from
/// the very graph the tests verify (initial state, the app's middleware, events, deep links).
@MainActor
public final class SocialApp {
    public let store: NavigationStore<SocialRoute>

    public init() throws {
        store = try NavigationStore(graph: SocialNavigation.graph())
    }

    /// The compose button, on the timeline: its navigator offers the moves the graph allows from
    /// there (generated from `Social.navgraph.yaml`, the DSL graph's export, for this very enum).
    /// Signed out, the app's middleware presents the login sheet instead; the result says so:
    /// `present(newStatus, cover) → present(login, sheet) by sign in before writing`.
    @discardableResult
    public func composeTapped() -> NavigationResult<SocialRoute> {
        store.navigators.timeline.coverNewStatus()
    }

    /// The login sheet's button: the graph's `login` event, the one the explorer verified.
    @discardableResult
    public func loggedIn() -> Bool {
        store.fire(named: "login").succeeded
    }

    /// Logging out: the graph's `logout` event (clear the flag, close what is presented, go home).
    /// Whether it ran: with nothing presented its `dismissAll` step fails (`noModalPresented`)
    /// and the other steps still run, so `succeeded` would say no to an ordinary logout.
    @discardableResult
    public func loggedOut() -> Bool {
        if case .fired = store.fire(named: "logout") { return true }
        return false
    }

    /// Opens a deep link such as `https://social.example/@alice`.
    @discardableResult
    public func open(_ url: String) -> DeepLinkOutcome<SocialRoute> {
        store.open(url)
    }

    /// The link to share for `route` (`https://social.example/@alice` for a profile), or `nil`
    /// when no deep link leads to it.
    public func shareLink(for route: SocialRoute) -> String? {
        try? store.deepLinks?.url(for: route)
    }
}
