import NavigationCore
import NavigationGraph

/// The second step of ``Checker/coveringPaths(_:)`` when the explicit search was cut short: a
/// directed walk that takes what the search did not, without storing the whole state space.
///
/// From where the last path ends, a breadth-first search over the runtime's successors,
/// computed as it goes and storing at most the graph's `maxStates` states, finds the nearest
/// state where a target still wanted is taken (or shown); the walk takes the steps there and
/// searches again from the new end. When none is within the budget, it starts a new path from
/// launch and searches from there (as GraphWalker's directed generators do). Each step is
/// checked as it is generated, so a search that stores the states of the first d levels finds
/// targets d + 1 steps away; the states it stores cost their encodings only.
///
/// A search from launch that stores every state within the depth bounds without finding a
/// target proves that what is left is never taken (or shown) within the bounds; one that the
/// budget stops proves nothing, and says so.
struct CoveringPathWalk<R: Route> {
    /// What one search found.
    enum Outcome {
        /// The actions from the search's start, and the state after each: the last action takes
        /// (or shows) a wanted target.
        case found(actions: [ExplorerAction], states: [NavigationState<R>])
        /// No wanted target within the budget; `exhausted` when every state reachable from the
        /// start within the depth bounds was stored (then none is reachable at all).
        case none(exhausted: Bool)
        /// The time limit or a cancellation stopped it.
        case stopped(SearchCutoff.Budget)
    }

    let model: GraphModel<R>
    let goal: CoverageGoal
    let bounds: GraphBounds
    /// The most states one search stores.
    let stateLimit: Int
    /// Per target (transition or route position), whether the walk still looks for it.
    private(set) var wanted: [Bool]
    private(set) var remaining: Int
    var encoder: StateEncoder<R>
    let buffer = EncodingBuffer()
    let deadline: ContinuousClock.Instant?
    let cancellation: CheckCancellation?

    /// What the last search from launch saw, for the reasons of what is left when it was
    /// exhausted: per transition, the successors the depth bounds cut; the routes on top.
    private(set) var depthCuts: [Int]
    private(set) var shownRoutes: Set<String> = []
    /// Searches run, and the states they stored.
    private(set) var searches = 0
    private(set) var statesStored = 0
    /// The states the last search stored.
    private(set) var lastSearchStates = 0

    init(model: GraphModel<R>, goal: CoverageGoal, wanted: [Bool], deadline: ContinuousClock.Instant?, cancellation: CheckCancellation?) {
        self.model = model
        self.goal = goal
        let graph = model.graph
        bounds = graph.bounds
        stateLimit = max(1, graph.bounds.maxStates)
        self.wanted = wanted
        remaining = wanted.filter { $0 }.count
        encoder = StateEncoder(routes: graph.routes.flatMap(\.samples), flags: graph.flags.map(\.name))
        self.deadline = deadline
        self.cancellation = cancellation
        depthCuts = Array(repeating: 0, count: graph.transitions.count)
    }

    /// The target `action` takes from `state` to `step`'s state (a state within the bounds,
    /// different from `state`), if the walk still wants it: a transition that ran every command
    /// successfully (what transition coverage counts), or the route on top after it.
    func wantedTarget(of action: ExplorerAction, _ step: GraphModel<R>.Step) -> Int? {
        switch goal {
        case .transitions:
            guard case .transition(let transition, _) = action, wanted[transition], step.succeeded else { return nil }
            return transition
        case .routes:
            guard let top = step.state.top, let position = model.graph.routePosition(named: model.graph.routeName(top)), wanted[position] else { return nil }
            return position
        }
    }

    /// Marks `target` found.
    mutating func take(_ target: Int) {
        guard wanted[target] else { return }
        wanted[target] = false
        remaining -= 1
    }

    /// Breadth-first from `start` (actions in the explorer's order, so the same on every run) to
    /// the nearest step that takes a wanted target. `fromLaunch` searches note what they see, for
    /// the reasons of what is left.
    mutating func search(from start: NavigationState<R>, fromLaunch: Bool) throws(CheckerError) -> Outcome {
        searches += 1
        if fromLaunch {
            depthCuts = Array(repeating: 0, count: depthCuts.count)
            shownRoutes = []
        }
        var table = StateTable(exact: true, tabs: start.tabs.count)
        // Per stored state, the state it was first reached from and by which action.
        var parents: [Int32] = [-1]
        var actionCodes: [UInt32] = [0]
        let startBytes = try encode(start)
        _ = table.insert(startBytes, key: table.key(of: startBytes))
        if fromLaunch, let top = start.top { shownRoutes.insert(model.graph.routeName(top)) }
        defer {
            statesStored += table.count
            lastSearchStates = table.count
        }
        var state = start
        var actions: [ExplorerAction] = []
        var dropped = false
        var head = 0
        while head < table.count {
            if head & 255 == 0, let budget = checkpoint() { return .stopped(budget) }
            let decoded = table.withBytes(of: head) { encoder.decode($0, into: &state) }
            guard decoded else { throw .internalError("state \(head) of a covering walk's search did not decode") }
            model.actions(in: state, into: &actions)
            for action in actions {
                let step = model.apply(action, to: state)
                if Checker<R>.boundCut(step.state, bounds) != nil {
                    if fromLaunch, case .transition(let transition, _) = action { depthCuts[transition] += 1 }
                    continue
                }
                guard step.state != state else { continue }
                if wantedTarget(of: action, step) != nil {
                    return try path(to: head, in: table, parents: parents, actionCodes: actionCodes, start: start, then: action, step.state)
                }
                let bytes = try encode(step.state)
                let key = table.key(of: bytes)
                if table.count < stateLimit {
                    guard table.insert(bytes, key: key).inserted else { continue }
                    parents.append(Int32(truncatingIfNeeded: head))
                    actionCodes.append(action.code)
                    if fromLaunch, let top = step.state.top { shownRoutes.insert(model.graph.routeName(top)) }
                } else if table.find(bytes, key: key) == nil {
                    dropped = true
                }
            }
            head += 1
        }
        return .none(exhausted: !dropped)
    }

    /// The actions from the search's start to the stored state `index`, then `last`, with the
    /// state after each.
    private func path(to index: Int, in table: StateTable, parents: [Int32], actionCodes: [UInt32], start: NavigationState<R>,
                      then last: ExplorerAction, _ lastState: NavigationState<R>) throws(CheckerError) -> Outcome {
        var chain: [Int] = []
        var at = index
        while at > 0 {
            chain.append(at)
            at = Int(parents[at])
        }
        chain.reverse()
        var actions: [ExplorerAction] = []
        var states: [NavigationState<R>] = []
        for position in chain {
            guard let action = ExplorerAction(code: actionCodes[position]) else {
                throw .internalError("a covering walk's action code \(actionCodes[position]) is not an action")
            }
            var state = start
            guard table.withBytes(of: position, { encoder.decode($0, into: &state) }) else {
                throw .internalError("state \(position) of a covering walk's search did not decode")
            }
            actions.append(action)
            states.append(state)
        }
        actions.append(last)
        states.append(lastState)
        return .found(actions: actions, states: states)
    }

    private mutating func encode(_ state: NavigationState<R>) throws(CheckerError) -> UnsafeBufferPointer<UInt8> {
        do { return try encoder.encode(state, into: buffer) } catch {
            switch error {
            case .tooLarge: throw .stateTooLarge
            case .tooManyRoutes: throw .tooManyRoutes
            }
        }
    }

    /// The time limit or a cancellation, if either stops the walk now.
    private func checkpoint() -> SearchCutoff.Budget? {
        if cancellation?.isCancelled == true { return .interrupted }
        if let deadline, ContinuousClock.now >= deadline { return .timeout }
        return nil
    }
}
