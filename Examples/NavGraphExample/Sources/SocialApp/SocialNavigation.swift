import NavigationCore
import NavigationGraph

/// The navigation of a Mastodon-like app, declared once in Swift: the store the app runs is
/// built from it (``SocialApp``), and the tests verify it (`Tests/SocialAppTests`).
public enum SocialNavigation {
    /// The screens that write a post. Conditions name the group (`top is in editors`), so a new
    /// editor joins every rule about editors by being listed here.
    public static let editors = RouteGroup<SocialRoute>("editors", [.newStatus, .reply(id: 1)])

    /// What logging out does after clearing the flag: close whatever is presented (an editor
    /// would stay open otherwise), go to the home tab, back to the timeline.
    public static let logoutSteps: [GraphEventStep<SocialRoute>] = [.dismissAll, .selectTab(.home), .popToRoot]

    /// The graph the app runs and the tests verify: ``routes(logoutThen:)`` with the app's own
    /// middleware, registered on the graph so that the explorer explores it too.
    ///
    /// - Parameter logoutThen: the navigation steps of the `logout` event; the tests pass
    ///   others to seed a bug and check that verification catches it.
    public static func graph(logoutThen: [GraphEventStep<SocialRoute>] = logoutSteps) throws(GraphBuildError) -> NavigationGraph<SocialRoute> {
        try routes(logoutThen: logoutThen).addingMiddleware(SignInBeforeWriting(), name: "sign in before writing")
    }

    /// The declarative part of the graph, without the app's middleware.
    public static func routes(logoutThen: [GraphEventStep<SocialRoute>] = logoutSteps) throws(GraphBuildError) -> NavigationGraph<SocialRoute> {
        try NavigationGraph<SocialRoute>("Social", summary: "A Mastodon-like app: a timeline tab, notifications signed in, settings signed out, editors as covers, profiles at /@user.") {
            // Signed out: timeline and settings (where the login sheet is); signed in: timeline
            // and notifications. Logging out hides notifications, so the tab bar falls back home.
            Tab(.home, root: .timeline)
            Tab(.notifications, root: .notifications, when: .flag(.signedIn))
            Tab(.settings, root: .settings, when: !.flag(.signedIn))
            TabBar(fallback: .home)
            Flag(.signedIn)
            editors

            Push(.timeline, eachSampleOf: .status(id: 1))           // every status the timeline shows
            Push(.notifications, .status(id: 2))                    // the status that mentions you
            Push(.everyRoute, .account(user: "alice"))              // an avatar or a mention, on any screen
            Push(.timeline, .account(user: "me"), when: .flag(.signedIn))     // your own profile
            Cover(.timeline, .newStatus)                            // the compose button
            Cover(.status(id: 1), .reply(id: 1))                    // reply, from any status
            Sheet(.settings, .login, when: !.flag(.signedIn))

            Event("login", when: .top(is: .login), set: [.signedIn: true], then: [.dismiss])
            Event("logout", when: .flag(.signedIn), set: [.signedIn: false], then: logoutThen)
            Event("post", when: .top(isIn: editors), then: [.dismiss])
            // A push notification about a mention: its status, in the notifications tab.
            Event("mentioned", when: .flag(.signedIn) && .noModal,
                  then: [.selectTab(.notifications), .popToRoot, .push(.status(id: 2))])

            DeepLinkSchemes(["social", "https"], hosts: ["social.example"])
            // Profiles are shared as https://social.example/@alice: reverse routing writes that.
            DeepLink("/@:user",
                     route: { parameters throws(DeepLinkRejection) in .account(user: try parameters.string("user")) },
                     parameters: { route in
                         guard case .account(let user) = route else { return nil }
                         return DeepLinkParameters(["user": user])
                     },
                     tab: .home, stack: [.timeline, .account(user: "alice")],   // the matched account takes this slot
                     samples: ["https://social.example/@alice": .plan, "social://@me": .plan, "social://alice": .unhandled],
                     scheme: "https", host: "social.example")
            DeepLink("/statuses/:id",
                     route: { parameters throws(DeepLinkRejection) in .status(id: try parameters.int("id")) },
                     parameters: { route in
                         guard case .status(let id) = route else { return nil }
                         return DeepLinkParameters(["id": String(id)])
                     },
                     tab: .home, stack: [.timeline, .status(id: 1)],
                     samples: ["social://statuses/2": .plan, "social://statuses/two": .rejected])
            // Writing needs an account: signed out, the link waits for login; signed in, it opens.
            DeepLink("/compose", to: .newStatus, tab: .home, stack: [.timeline], modal: (.cover, [.newStatus]),
                     requires: .flag(.signedIn),
                     samples: ["social://compose": .when(.flag(.signedIn), .plan, otherwise: .pending)])
            // A status as shared from a profile (/@alice/2): only members see statuses by link, so
            // signed out it is rejected rather than parked. `/statuses/:id`, declared first, stays
            // the link reverse routing writes for a status.
            DeepLink("/@:user/:id",
                     route: { parameters throws(DeepLinkRejection) in .status(id: try parameters.int("id")) },
                     parameters: { route in
                         guard case .status(let id) = route else { return nil }
                         return DeepLinkParameters(["id": String(id)])
                     },
                     tab: .home, stack: [.timeline, .status(id: 1)],
                     requires: .flag(.signedIn), whenUnmet: .reject,
                     samples: ["https://social.example/@alice/2": .when(.flag(.signedIn), .plan, otherwise: .rejected)])

            Invariant("an editor is up only while signed in", .stackContains(editors).implies(.flag(.signedIn)))
            // Stronger than the active stack: a login sheet over an editor still leaves it open.
            Invariant("no editor left open in any modal while signed out", .modalsContain(editors).implies(.flag(.signedIn)))
            Invariant("one new status at a time", .count(.newStatus) <= 1)
            Bounds(maxStackDepth: 3, maxModalDepth: 1, maxStates: 500_000)
        }
    }
}
