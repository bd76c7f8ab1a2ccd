extension NavigationExecutor {
    /// Fires `event` on `state`: checks its precondition, then runs each step's command
    /// through the middleware and the engine, in order.
    ///
    /// This is the path both ``NavigationStore/fire(_:)`` and the explorer take, so an event
    /// means the same in the app and in verification.
    ///
    /// ```swift
    /// let executor = graph.makeExecutor()
    /// var state = try graph.initialState()
    /// executor.fire(graph.makeEvents()[0], on: &state)
    /// ```
    ///
    /// - Returns: ``AppEventResult/notEnabled(_:precondition:)`` (state unchanged) when the
    ///   precondition does not hold; otherwise ``AppEventResult/fired(_:steps:)`` with every
    ///   step's result. Steps that failed or were cancelled leave the state as it was for them;
    ///   the others stay applied (no rollback, like ``executeBatch(_:on:stopOnFailure:)``).
    @discardableResult
    public func fire(_ event: AppEvent<R>, on state: inout NavigationState<R>) -> AppEventResult<R> {
        var steps: [AppEventStepResult<R>] = []
        steps.reserveCapacity(event.steps.count)
        let enabled = fire(event, on: &state) { command, result in
            steps.append(AppEventStepResult(command: command, result: result))
        }
        guard enabled else { return .notEnabled(event.name, precondition: event.precondition?.text ?? "") }
        return .fired(event.name, steps: steps)
    }

    /// The one implementation of firing: checks the precondition (returns `false`, changing
    /// nothing, when it fails), then runs each step, handing `each` the command and its result.
    /// The explorer calls this directly, so that a step that succeeded allocates nothing.
    @_specialize(exported: true, where R == DynamicRoute)
    package func fire(_ event: AppEvent<R>, on state: inout NavigationState<R>,
                      each: (NavigationCommand<R>, NavigationResult<R>) -> Void) -> Bool {
        if let precondition = event.precondition, !precondition.holds(state) { return false }
        for step in event.steps {
            let command = step.command(state)
            each(command, execute(command, on: &state))
        }
        return true
    }
}
