/// An app action that may fail with "reroute to X": in some states it cannot run until another
/// route has been shown (an account picker, a sign-in cover), and then X is requested and the
/// action is tried once more.
///
/// ```swift
/// let checkout = ReroutableAction<ShopRoute>(name: "checkout") { state in
///     state.isSet("signedIn") ? .run(.push(.checkout)) : .reroute(.signIn)
/// }
/// executor.register(checkout)                          // so that its pending retry can run
/// let result = executor.perform(checkout, on: &state)  // signed out: presents sign-in, retry pending
/// ```
///
/// **When the retry runs** (``NavigationExecutor/perform(_:on:)``): the action reroutes to X,
/// so X is requested (middleware, then ownership). If the request is not presented, nothing
/// changes and nothing is retried. If it is, and the action can run in the state the request
/// left (the picker on the stack is enough), the retry runs at once. Otherwise the retry is
/// *pending* (``NavigationState/pendingRetry``) until X's flow ends (``PendingRetry`` says
/// exactly when), and then runs once, in the state as it is then: a user who signed in gets the
/// checkout; one who cancelled sign-in gets a retry that reroutes again, which is given up
/// (``PendingRetryOutcome/gaveUp(_:because:)``), never requested a second time.
public struct ReroutableAction<R: Route>: Sendable, CustomStringConvertible {
    /// What an attempt of the action does in a state.
    public enum Attempt: Hashable, Sendable {
        /// The action runs this command.
        case run(NavigationCommand<R>)
        /// The action fails and asks for this route first.
        case reroute(R)
        /// The action cannot run here and asks for nothing (e.g. the screen it belongs to is no
        /// longer on the active stack), for this reason. A pending retry that meets this is
        /// given up.
        case unavailable(String)
    }

    /// The action's name, for results and traces, and how a pending retry finds the action
    /// again (``NavigationExecutor/register(_:)``): one name, one action.
    public let name: String
    /// The attempt in a state. Must be pure and deterministic: the explorer calls it for every
    /// state it visits.
    public let attempt: @Sendable (NavigationState<R>) -> Attempt

    public init(name: String, attempt: @escaping @Sendable (NavigationState<R>) -> Attempt) {
        self.name = name
        self.attempt = attempt
    }

    public var description: String { name }
}
