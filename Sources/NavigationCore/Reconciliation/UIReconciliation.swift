/// What the store made of a ``UIChange``: the command it ran, its result, and what the UI must
/// show now.
///
/// When middleware cancels or redirects the change, or the engine refuses it, the UI shows
/// something the state does not: ``needsCorrection`` is then `true`, and the UI redraws from
/// ``state`` (for a stack, ``correctedPath``).
///
/// ```swift
/// let reconciliation = store.reconcile(.path(newPath, at: .tab("home")))
/// if let path = reconciliation.correctedPath { stackPath = path }   // the swipe was refused
/// ```
public struct UIReconciliation<R: Route>: Hashable, Sendable {
    /// What the UI reported.
    public let change: UIChange<R>
    /// The command the change amounted to, or `nil` when there was nothing to do.
    public let command: NavigationCommand<R>?
    /// What became of ``command``; `nil` when none ran.
    public let result: NavigationResult<R>?
    /// The state after the command.
    public let state: NavigationState<R>

    /// What the store made of `change`: the command it ran (if any), its result and the state after.
    public init(change: UIChange<R>, command: NavigationCommand<R>?, result: NavigationResult<R>?, state: NavigationState<R>) {
        self.change = change
        self.command = command
        self.result = result
        self.state = state
    }

    /// Whether the UI shows something other than ``state`` (the change was cancelled,
    /// redirected or refused, or named something the UI cannot change) and must be redrawn.
    public var needsCorrection: Bool { !change.isShown(in: state) }

    /// For a reported path that the state does not show: the path the stack must show instead
    /// (routes above its root; empty when the stack is gone). `nil` when the UI is right, or
    /// when the change was not a path.
    public var correctedPath: [R]? {
        guard case .path(_, let location) = change, needsCorrection else { return nil }
        return state.path(at: location) ?? []
    }
}
