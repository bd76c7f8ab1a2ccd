extension NavigationExecutor {
    /// Turns a change the user made in the UI into the command it amounts to
    /// (``UIChange/command(in:)``), runs it through the middleware and the engine, and says
    /// what the UI must show now. A tab tapped while a modal covers the tab bar
    /// (``TabBarRules/tappableUnder``) is refused with ``NavigationFailure/tabBarCovered(by:)``
    /// and runs nothing: the user cannot have tapped it, and the UI is corrected. A tap on the
    /// selected tab (a `TabView` calls its selection binding's setter with the same tab) is a
    /// re-selection, ``NavigationCommand/selectTab(_:)`` of that tab, which the tab bar's
    /// ``TabBarRules/reselection(of:)`` decides, as the explorer's tab action does.
    ///
    /// ```swift
    /// var state = store.state
    /// let reconciliation = executor.reconcile(.modalDismissed(level: 0), on: &state)
    /// reconciliation.needsCorrection   // true when a middleware kept the sheet up
    /// ```
    public func reconcile(_ change: UIChange<R>, on state: inout NavigationState<R>) -> UIReconciliation<R> {
        var command = change.command(in: state)
        if command == nil, case .tabSelected(let tab) = change, tab == state.selectedTab { command = .selectTab(tab) }
        guard let command else {
            return UIReconciliation(change: change, command: nil, result: nil, state: state)
        }
        if case .tabSelected = change, let style = engine.rules.tabBar.coveringStyle(in: state) {
            return UIReconciliation(change: change, command: command, result: .failure(.tabBarCovered(by: style)), state: state)
        }
        let result = execute(command, on: &state)
        return UIReconciliation(change: change, command: command, result: result, state: state)
    }
}
