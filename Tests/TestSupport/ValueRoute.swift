import NavigationCore
import NavigationGraph

/// Routes whose parameterised cases have more than one sample, so that "the first sample" and
/// "the value written" are different routes.
public enum ValueRoute: GraphRoute {
    case timeline, compose, settings
    case account(handle: String)
    case login(reason: String)
    case status(id: Int)

    public var graphName: String {
        switch self {
        case .timeline: "timeline"
        case .compose: "compose"
        case .settings: "settings"
        case .account: "account"
        case .login: "login"
        case .status: "status"
        }
    }

    public var graphArguments: [DynamicRoute.Argument] {
        switch self {
        case .account(let handle): [.init(name: "handle", value: handle)]
        case .login(let reason): [.init(name: "reason", value: reason)]
        case .status(let id): [.init(name: "id", value: String(id))]
        case .timeline, .compose, .settings: []
        }
    }

    public static let graphSamples: [ValueRoute] = [
        .timeline, .compose, .settings, .account(handle: "me"), .account(handle: "alice"),
        .login(reason: "browse"), .login(reason: "compose"), .status(id: 1),
    ]
}
