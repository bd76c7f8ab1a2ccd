/// What ``NavigationExecutor/runPendingRetry(on:)`` did with a retry whose flow had ended.
public enum PendingRetryOutcome<R: Route>: Hashable, Sendable {
    /// Why a pending retry was given up.
    public enum GiveUp: Hashable, Sendable {
        /// The retry rerouted again, to this route: the flow did not make the action possible
        /// (the user cancelled sign-in). Nothing is requested a second time.
        case reroutedAgain(R)
        /// The action could not run in the state the flow left, for this reason.
        case unavailable(String)
        /// No action of that name is registered on the executor
        /// (``NavigationExecutor/register(_:)``).
        case unknownAction
    }

    /// The retry ran the action's command, with this result.
    case ran(PendingRetry, NavigationResult<R>)
    /// The retry was given up; the state changed only by losing its pending retry.
    case gaveUp(PendingRetry, because: GiveUp)

    /// The retry this outcome is of.
    public var retry: PendingRetry {
        switch self {
        case .ran(let retry, _), .gaveUp(let retry, _): retry
        }
    }

    /// Whether the retry ran its command and the command succeeded.
    public var succeeded: Bool {
        if case .ran(_, let result) = self { return result.succeeded }
        return false
    }
}

extension PendingRetryOutcome: CustomStringConvertible {
    public var description: String {
        switch self {
        case .ran(let retry, let result): "retried \(retry.action) after \(retry.reroutedTo)'s flow ended: \(result)"
        case .gaveUp(let retry, .reroutedAgain(let route)):
            "gave up retrying \(retry.action): it rerouted again, to \(route), after \(retry.reroutedTo)'s flow ended"
        case .gaveUp(let retry, .unavailable(let reason)): "gave up retrying \(retry.action): \(reason)"
        case .gaveUp(let retry, .unknownAction):
            "gave up retrying \(retry.action): no action of that name is registered; register it with NavigationExecutor.register(_:)"
        }
    }
}
