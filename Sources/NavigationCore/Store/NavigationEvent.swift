/// Something the store did, as delivered by ``NavigationStore/events()``.
public enum NavigationEvent<R: Route>: Hashable, Sendable {
    /// A command ran (through `send`, or `execute`), with its result and the state after it.
    /// The command is the one asked for; when middleware redirected it, the result is
    /// ``NavigationResult/redirected(_:result:)`` and names the command that ran instead.
    case executed(NavigationCommand<R>, NavigationResult<R>, state: NavigationState<R>)
    /// An ``AppEvent`` was fired (or refused: see ``AppEventResult``).
    case fired(AppEventResult<R>, state: NavigationState<R>)
    /// The UI changed the navigation itself and the store ran what that amounts to.
    case reconciled(UIReconciliation<R>, state: NavigationState<R>)
    /// A batch ran: one event for the whole batch.
    case batch([NavigationCommand<R>], BatchResult<R>, state: NavigationState<R>)
    /// A transaction committed or rolled back: one event for the whole transaction.
    case transaction([NavigationCommand<R>], TransactionResult<R>, state: NavigationState<R>)
    /// A deep link was opened, or a pending one resumed, with what it did.
    case deepLink(String, DeepLinkOutcome<R>, state: NavigationState<R>)
    /// A pending retry ran, or was given up, after the operation published just before ended
    /// its flow.
    case retried(PendingRetryOutcome<R>, state: NavigationState<R>)
    /// The state was replaced wholesale by ``NavigationStore/restore(_:)``.
    case restored(state: NavigationState<R>)
    /// A ``ReroutableAction`` (named) was performed by ``NavigationStore/perform(_:)``: it ran,
    /// rerouted and retried at once, left its retry pending, or was not retried, as the result
    /// says.
    case performed(String, ReroutableActionResult<R>, state: NavigationState<R>)

    /// The state after the event.
    public var state: NavigationState<R> {
        switch self {
        case .executed(_, _, let state), .batch(_, _, let state), .transaction(_, _, let state),
             .deepLink(_, _, let state), .restored(let state), .fired(_, let state), .reconciled(_, let state),
             .performed(_, _, let state), .retried(_, let state):
            state
        }
    }
}
