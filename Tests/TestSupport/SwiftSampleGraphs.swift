import NavigationCore
import NavigationGraph

/// The routes of a Mastodon-like app, for the Swift sample graph ``SwiftSampleGraphs/mastodon()``.
public enum MastodonRoute: GraphRoute {
    case timeline, notifications, settings, login, newStatus
    case account(handle: String)
    case status(id: Int)
    case reply(id: Int)

    public var graphName: String {
        switch self {
        case .timeline: "timeline"
        case .notifications: "notifications"
        case .settings: "settings"
        case .login: "login"
        case .newStatus: "newStatus"
        case .account: "account"
        case .status: "status"
        case .reply: "reply"
        }
    }

    public var graphArguments: [DynamicRoute.Argument] {
        switch self {
        case .account(let handle): [DynamicRoute.Argument(name: "handle", value: handle)]
        case .status(let id), .reply(let id): [DynamicRoute.Argument(name: "id", value: String(id))]
        default: []
        }
    }

    public static let graphSamples: [MastodonRoute] = [
        .timeline, .notifications, .settings, .login, .newStatus,
        .account(handle: "me"), .account(handle: "alice"), .status(id: 1), .status(id: 2), .reply(id: 1),
    ]
}

/// Swift graphs the tests share: each one exports to a document that explores the same.
public enum SwiftSampleGraphs {
    /// Every Swift sample graph by name, for parameterised tests.
    public static let names = ["Mastodon"]

    /// A Mastodon-like app: two tabs (notifications only while signed in), a wildcard source, a route group as a target and in
    /// conditions, transition values, `/@:handle` and `/statuses/:id.json` deep links, sign-in.
    public static func mastodon() throws(GraphBuildError) -> NavigationGraph<MastodonRoute> {
        let editors = RouteGroup<MastodonRoute>("editors", [.newStatus, .reply(id: 1)])
        return try NavigationGraph<MastodonRoute>("Mastodon", summary: "Timeline and notifications tabs, profiles at /@handle, editors as covers.") {
            Tab("home", root: .timeline)
            // Notifications are for signed-in users: the tab bar shows the tab only then.
            Tab("notifications", root: .notifications, when: "signedIn")
            TabBar(fallback: "home")
            Flag("signedIn")
            editors
            Guard(.newStatus, "signedIn", otherwise: .redirect(.login, style: .sheet))

            Push(.timeline, eachSampleOf: .status(id: 1))
            Push(.status(id: 1), .account(handle: "alice"))
            Push(.everyRoute, .account(handle: "me"))
            Cover(.timeline, editors)
            Sheet(.timeline, .login, when: "not signedIn")
            Push(.notifications, .settings)

            Event("login", when: "top == login", set: ["signedIn": true], then: [.dismiss])
            Event("post", when: "top == editors", then: [.dismiss])
            Event("logout", when: "signedIn and modal == none", set: ["signedIn": false], then: [.popToRoot])

            DeepLinkSchemes(["mastodon", "https"], hosts: ["mastodon.example"])
            DeepLink("/@:handle",
                     route: { parameters throws(DeepLinkRejection) in .account(handle: try parameters.string("handle")) },
                     parameters: { route in
                         guard case .account(let handle) = route else { return nil }
                         return DeepLinkParameters(["handle": handle])
                     },
                     tab: "home", stack: [.timeline, .account(handle: "me")],
                     samples: ["https://mastodon.example/@alice": .plan, "mastodon://@me": .plan, "mastodon://alice": .unhandled],
                     scheme: "https")
            DeepLink("/statuses/:id.json",
                     route: { parameters throws(DeepLinkRejection) in .status(id: try parameters.int("id")) },
                     parameters: { route in
                         guard case .status(let id) = route else { return nil }
                         return DeepLinkParameters(["id": String(id)])
                     },
                     tab: "home", stack: [.timeline, .status(id: 1)],
                     samples: ["mastodon://statuses/2.json": .plan, "mastodon://statuses/two.json": .rejected, "mastodon://statuses/2": .unhandled])

            Invariant("an editor is up only while signed in, or on its way to sign-in", "modal == editors implies signedIn or top == login")
            Invariant("one new status at a time", "count(newStatus) <= 1")
            Bounds(maxStackDepth: 3, maxModalDepth: 2, maxStates: 200_000)
        }
    }
}
