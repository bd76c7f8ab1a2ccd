/// What performing a ``ReroutableAction`` did.
public enum ReroutableActionResult<R: Route>: Hashable, Sendable {
    /// The first attempt ran its command, with this result.
    case ran(NavigationResult<R>)
    /// The first attempt rerouted to `route`; its request was presented, and the action could
    /// run in the state the request left, so the retry ran at once, with `retry`'s result.
    case rerouted(to: R, request: NavigationResult<R>, retry: NavigationResult<R>)
    /// The first attempt rerouted to `route`; its request was presented, and the action still
    /// could not run, so its retry is pending (``NavigationState/pendingRetry``) until the
    /// presented flow ends. `replaced` is the pending retry it replaced, if any.
    case retryPending(PendingRetry, to: R, request: NavigationResult<R>, replaced: PendingRetry?)
    /// The first attempt rerouted to `route`, and its request was not presented (dropped,
    /// cancelled or failed, as `request` says), so the action was not retried. The state is
    /// unchanged.
    case rerouteNotPresented(to: R, request: NavigationResult<R>)
    /// The action could not run and asked for nothing (``ReroutableAction/Attempt/unavailable(_:)``).
    /// The state is unchanged.
    case unavailable(String)

    /// Whether the action's command ran and succeeded, on the first attempt or the immediate
    /// retry (a pending retry has not run yet: see ``PendingRetryOutcome``).
    public var succeeded: Bool {
        switch self {
        case .ran(let result): result.succeeded
        case .rerouted(_, _, let retry): retry.succeeded
        case .retryPending, .rerouteNotPresented, .unavailable: false
        }
    }

    /// How the rerouted request was resolved, when the action rerouted.
    public var rerouteResolution: RequestResolution<R>? {
        switch self {
        case .ran, .unavailable: nil
        case .rerouted(_, let request, _), .retryPending(_, _, let request, _), .rerouteNotPresented(_, let request): request.resolution
        }
    }
}

extension ReroutableActionResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .ran(let result): "\(result)"
        case .rerouted(let route, let request, let retry): "rerouted to \(route) (\(request)), then retried: \(retry)"
        case .retryPending(let pending, let route, let request, let replaced):
            "rerouted to \(route) (\(request)); the retry of \(pending.action) waits for that flow to end"
                + (replaced.map { ", replacing the pending retry of \($0.action)" } ?? "")
        case .rerouteNotPresented(let route, let request): "rerouted to \(route), which was not presented: \(request)"
        case .unavailable(let reason): "not available: \(reason)"
        }
    }
}
