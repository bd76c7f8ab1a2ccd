/// Why the engine refused a command. The state is left exactly as it was.
public enum NavigationFailure<R: Route>: Error, Hashable, Sendable {
    /// The active stack holds no route, so there is nothing to pop.
    case emptyStack
    /// `popCount` was given zero or a negative count.
    case invalidPopCount(Int)
    /// More routes were to be popped than sit above the root.
    case insufficientDepth(requested: Int, available: Int)
    /// `popTo` named a route that is not on the active stack.
    case routeNotFound(R)
    /// The outcome would break a stack validator.
    case validatorRejected(RouteStackViolation<R>, at: StackLocation)
    /// `dismiss` or `dismissAll` with no modal presented.
    case noModalPresented
    /// A stack command inside a modal layer that shows a single screen.
    case modalNotNavigable
    /// `present` would stack more modal layers than the rules allow.
    case modalDepthExceeded(limit: Int)
    /// `selectTab` named a tab the state does not have.
    case unknownTab(TabID, declared: [TabID])
    /// `selectTab` named a tab the tab bar does not show in this state (its condition, read as
    /// `condition`, does not hold); see ``TabBarRules``.
    case tabHidden(TabID, condition: String)
    /// The user tapped a tab while a modal of `style` covers the tab bar; see
    /// ``TabBarRules/tappableUnder``.
    case tabBarCovered(by: ModalStyle)
    /// Middleware redirected back to a command already seen in the same chain.
    case redirectLoop([NavigationCommand<R>])
    /// Middleware redirected more times in a row than ``NavigationExecutor/maxRedirects``.
    case redirectLimitExceeded([NavigationCommand<R>])
}

extension NavigationFailure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .emptyStack:
            "the active stack is empty; there is nothing to pop"
        case .invalidPopCount(let count):
            "popCount(\(count)) is invalid; pop at least one route"
        case .insufficientDepth(let requested, let available):
            "cannot pop \(requested) route\(requested == 1 ? "" : "s"): only \(available) sit\(available == 1 ? "s" : "") above the root"
        case .routeNotFound(let route):
            "\(route) is not on the active stack; push it instead, or use backOrPush"
        case .validatorRejected(let violation, let location):
            "rejected by the validator of \(location): \(violation)"
        case .noModalPresented:
            "no modal is presented, so there is nothing to dismiss"
        case .modalNotNavigable:
            "the presented modal shows a single screen; present it with providesNavigation: true to push inside it"
        case .modalDepthExceeded(let limit):
            "presenting would stack more than \(limit) modal layer\(limit == 1 ? "" : "s"); dismiss one first"
        case .unknownTab(let tab, let declared):
            "tab '\(tab)' is not declared; choose one of: \(declared.map(\.name).joined(separator: ", "))"
        case .tabHidden(let tab, let condition):
            "tab '\(tab)' is not shown now: it is shown when \(condition); select a tab that is shown, or make its condition hold first"
        case .tabBarCovered(let style):
            "the tab bar cannot be tapped under a \(style.rawValue) (as on an iPhone); dismiss it first, or declare the tab bar tappable under \(style.rawValue)s (TabBarRules.tappableUnder, 'tabBar: { tappableUnder: [\(style.rawValue)] }' in a document)"
        case .redirectLoop(let chain):
            "middleware redirects in a loop: \(chain.map(\.description).joined(separator: " → "))"
        case .redirectLimitExceeded(let chain):
            "middleware redirected \(chain.count - 1) times in a row: \(chain.map(\.description).joined(separator: " → ")); a chain this long is almost always a bug"
        }
    }
}
