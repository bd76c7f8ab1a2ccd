import NavigationCore
import NavigationGraph

/// A graph writing a value that is not its route's first sample in an event step, a guard's
/// redirect and a deep link's plan.
public enum ValueGraphs {
    public static func written() throws(GraphBuildError) -> NavigationGraph<ValueRoute> {
        try NavigationGraph<ValueRoute>("Values") {
            Tab("home", root: .timeline)
            Tab("more", root: .settings)
            Flag("signedIn")
            Guard(.compose, "signedIn", otherwise: .redirect(.login(reason: "compose"), style: .sheet))
            Push(.timeline, .compose)
            Event("showAlice", when: .tab(is: "home") && .noModal, then: [.push(.account(handle: "alice"))])
            Event("home", when: .tab(isNot: "home"), then: [.selectTab("home")])
            DeepLinkSchemes(["social"])
            DeepLink("/statuses/:id",
                     route: { parameters throws(DeepLinkRejection) in .status(id: try parameters.int("id")) },
                     parameters: { if case .status(let id) = $0 { DeepLinkParameters(["id": String(id)]) } else { nil } },
                     tab: "home", stack: [.timeline, .account(handle: "alice"), .status(id: 1)],
                     samples: ["social://statuses/1": .plan])
            Bounds(maxStackDepth: 3, maxModalDepth: 1, maxStates: 10_000)
        }
    }
}
