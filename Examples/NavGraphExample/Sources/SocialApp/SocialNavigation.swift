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
        try NavigationGraph<SocialRoute>("Social", summary: "A Mastodon-like app: timeline, notifications and settings tabs, editors as covers, profiles at /@user.") {
            // MERGE(conditional tabs): when tabs whose availability is a condition land, declare
            // notifications `when: .flag(.signedIn)` and settings `when: !.flag(.signedIn)` (logged
            // out: timeline and settings; logged in: timeline and notifications), say what happens
            // to a selected tab that disappears (logout: back to home), and add a test that
            // `store.state` shows the signed-in tab set after `login` and the other after `logout`.
            Tab(.home, root: .timeline)
            Tab(.notifications, root: .notifications)
            Tab(.settings, root: .settings)
            Flag(.signedIn)
            editors

            Push(.timeline, eachSampleOf: .status(id: 1))           // every status the timeline shows
            Push(.notifications, .status(id: 2))                    // the status that mentions you
            Push(.everyRoute, .account(user: "alice"))              // an avatar or a mention, on any screen
            Push(.settings, .account(user: "me"), when: .flag(.signedIn))
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
            // MERGE(state-dependent deep-link expectations): when samples can expect per state,
            // declare `social://compose` pending while signed out and planned while signed in,
            // and add a `/@:user/:id` status link that is rejected while signed out and planned
            // while signed in; then drop the note on `.pending` below.
            // Today a sample declares one outcome, judged when opened at launch (signed out:
            // pending) and where it contradicts the declaration (a planned link is not flagged).
            DeepLink("/compose", to: .newStatus, tab: .home, stack: [.timeline], modal: (.cover, [.newStatus]),
                     requires: .flag(.signedIn), samples: ["social://compose": .pending])

            Invariant("an editor is up only while signed in", .stackContains(editors).implies(.flag(.signedIn)))
            Invariant("one new status at a time", .count(.newStatus) <= 1)
            Bounds(maxStackDepth: 3, maxModalDepth: 1, maxStates: 500_000)
        }
    }
}
