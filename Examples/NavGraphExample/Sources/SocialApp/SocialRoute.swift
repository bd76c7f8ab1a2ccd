import NavigationCore
import NavigationGraph

/// Every screen of a Mastodon-like app: the app's own route enum, which the graph, the store
/// and the tests all use.
///
/// `graphName`, `graphArguments` and `graphSamples` are written by hand here. `@GraphRoutes`
/// (the `NavGraphMacros` product) writes the same three members from the cases, at the price of
/// building swift-syntax in every package that uses it (docs/Guide.md, "Typed conditions and
/// `@GraphRoutes`", has the figures): `make example` builds this package from scratch on every
/// run, so it keeps the hand-written form.
public enum SocialRoute: GraphRoute {
    case timeline, notifications, settings, login
    case status(id: Int)
    case account(user: String)
    case newStatus
    case reply(id: Int)

    public var graphName: String {
        switch self {
        case .timeline: "timeline"
        case .notifications: "notifications"
        case .settings: "settings"
        case .login: "login"
        case .status: "status"
        case .account: "account"
        case .newStatus: "newStatus"
        case .reply: "reply"
        }
    }

    public var graphArguments: [DynamicRoute.Argument] {
        switch self {
        case .status(let id), .reply(let id): [.init(name: "id", value: String(id))]
        case .account(let user): [.init(name: "user", value: user)]
        case .timeline, .notifications, .settings, .login, .newStatus: []
        }
    }

    /// The values the explorer tries: two statuses, and two accounts (someone else's first, so
    /// that the graph's `account(user: "me")` is a written value, not "the first sample").
    public static let graphSamples: [SocialRoute] = [
        .timeline, .notifications, .settings, .login,
        .status(id: 1), .status(id: 2), .account(user: "alice"), .account(user: "me"),
        .newStatus, .reply(id: 1),
    ]
}

extension FlagKey {
    /// Whether someone is signed in.
    public static let signedIn = FlagKey("signedIn")
}

extension TabKey {
    public static let home = TabKey("home")
    public static let notifications = TabKey("notifications")
    public static let settings = TabKey("settings")
}
