extension NavigationExecutor {
    /// Turns a change the user made in the UI into the command it amounts to
    /// (``UIChange/command(in:)``), runs it through the middleware and the engine, and says
    /// what the UI must show now.
    ///
    /// ```swift
    /// var state = store.state
    /// let reconciliation = executor.reconcile(.modalDismissed(level: 0), on: &state)
    /// reconciliation.needsCorrection   // true when a middleware kept the sheet up
    /// ```
    public func reconcile(_ change: UIChange<R>, on state: inout NavigationState<R>) -> UIReconciliation<R> {
        guard let command = change.command(in: state) else {
            return UIReconciliation(change: change, command: nil, result: nil, state: state)
        }
        let result = execute(command, on: &state)
        return UIReconciliation(change: change, command: command, result: result, state: state)
    }
}
