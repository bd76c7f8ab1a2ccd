import NavigationCore
import NavigationGraph

/// An app's own route enum with its graph in the Swift DSL: `Generated/TeamRoute+Navigators.swift`
/// is generated from the graph exported as a document (`Documents/Team.navgraph.yaml`) with
/// `generate: { extend: [TeamRoute] }`, so it adds navigators to this enum instead of declaring
/// a second one.
enum TeamRoute: GraphRoute {
    case members, member(id: Int), invite, signIn

    var graphName: String {
        switch self {
        case .members: "members"
        case .member: "member"
        case .invite: "invite"
        case .signIn: "signIn"
        }
    }

    var graphArguments: [DynamicRoute.Argument] {
        if case .member(let id) = self { [.init(name: "id", value: String(id))] } else { [] }
    }

    static let graphSamples: [TeamRoute] = [.members, .member(id: 1), .member(id: 2), .invite, .signIn]
}

enum TeamGraph {
    /// The graph the app runs: inviting needs sign-in, and a move to the invite sheet signed out
    /// reroutes through the sign-in sheet first.
    static func graph() throws -> NavigationGraph<TeamRoute> {
        try NavigationGraph<TeamRoute>("Team", summary: "Members, a member's page, an invite sheet behind sign-in.") {
            Root(.members)
            Flag("signedIn")
            Guard(.invite, "signedIn")
            Push(.members, eachSampleOf: .member(id: 1))
            Sheet(.members, .invite, reroute: .to(.signIn, when: "not signedIn"))
            Owned(.signIn, by: .app, style: .sheet)
            Event("signIn", when: "top == signIn", set: ["signedIn": true], then: [.dismiss])
            Invariant("invite needs sign-in", "top == invite implies signedIn")
        }
    }
}
