/// What performing a ``ReroutableAction`` did.
public enum ReroutableActionResult<R: Route>: Hashable, Sendable {
    /// The first attempt ran its command, with this result.
    case ran(NavigationResult<R>)
    /// The first attempt rerouted to `route`; its request was presented, and the retry ran its
    /// command with `retry`'s result.
    case rerouted(to: R, request: NavigationResult<R>, retry: NavigationResult<R>)
    /// The first attempt rerouted to `route`, and its request was not presented (dropped,
    /// cancelled or failed, as `request` says), so the action was not retried. The state is
    /// unchanged.
    case rerouteNotPresented(to: R, request: NavigationResult<R>)
    /// The retry rerouted again, to the second route: a reroute loop. Nothing is kept: the
    /// state is as it was before the action.
    case rerouteLoop([R])

    /// Whether the action's command ran and succeeded, on the first attempt or the retry.
    public var succeeded: Bool {
        switch self {
        case .ran(let result): result.succeeded
        case .rerouted(_, _, let retry): retry.succeeded
        case .rerouteNotPresented, .rerouteLoop: false
        }
    }

    /// How the rerouted request was resolved, when the action rerouted.
    public var rerouteResolution: RequestResolution<R>? {
        switch self {
        case .ran, .rerouteLoop: nil
        case .rerouted(_, let request, _), .rerouteNotPresented(_, let request): request.resolution
        }
    }
}

extension ReroutableActionResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .ran(let result): "\(result)"
        case .rerouted(let route, let request, let retry): "rerouted to \(route) (\(request)), then retried: \(retry)"
        case .rerouteNotPresented(let route, let request): "rerouted to \(route), which was not presented: \(request)"
        case .rerouteLoop(let routes):
            "reroute loop: \(routes.map { "\($0)" }.joined(separator: " → ")); the retry must not reroute again"
        }
    }
}
