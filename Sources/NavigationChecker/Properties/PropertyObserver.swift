import NavigationCore

/// What a ``Property`` kind watches of a search for itself, when the shared
/// ``PropertyObservations`` do not hold what it judges from: one new file per kind, no field
/// added to the observations and no engine changed.
///
/// The explicit engine hands every new state to each observer (through
/// ``PropertyObservations/observe(state:index:)``); the kind finds its observer again in
/// ``PropertyJudging/observer(_:)``. An engine that does not observe states one by one (the
/// symbolic engine) feeds no observer, and ``PropertyJudging/statesObserved`` says so, so the
/// kind can call its verdict undecided rather than passed.
protocol PropertyObserver<R> {
    associatedtype R: Route
    /// A new state, numbered `index` in the order the engine found it (breadth-first: a state
    /// numbered lower is no farther from the initial state).
    mutating func observe(state: NavigationState<R>, index: Int)
}
