import NavigationCore
import NavigationGraph

extension Checker {
    /// A small set of action sequences from launch that together take every declared
    /// transition (or show every route) the explicit search takes (or shows) within the
    /// graph's bounds: paths for driving UI tests.
    ///
    /// The search is ``run()``'s (the same actions, runtime, depth bounds and state limit),
    /// keeping every edge between two stored states. Over that state graph a greedy walk
    /// repeatedly goes, by breadth-first search, to the nearest state from which an uncovered
    /// transition succeeds (or that shows an uncovered route) and takes it; it starts a new path
    /// from launch when the nearest such state is strictly closer to launch than to where it
    /// stands. Ties go to the state found first (breadth-first, actions in the explorer's order),
    /// so the paths are the same on every run.
    ///
    /// What "taken" means is the transition-coverage property's: a step by the transition that
    /// ran every command successfully and changed the state. So the paths take exactly the
    /// transitions that property counts as taken.
    ///
    /// ```swift
    /// let cover = try Checker(graph).coveringPaths(.transitions)
    /// print("\(cover.paths.count) paths, \(cover.totalLength) actions (at least \(cover.lowerBound))")
    /// ```
    ///
    /// The ``CoveringPaths/lowerBound`` is sound for any set of paths from launch: for
    /// transitions, every step takes at most one transition, no step from a state nearer launch
    /// than the nearest transition takes one, and the path taking transition t first reaches a
    /// state t leaves from: max(T + d_min, max over t of d(t) + 1), with T the transitions to
    /// cover and d the breadth-first distance from launch. For routes, every step shows at
    /// most one new route and the launch shows one: max(R − 1, max over r of d(r)).
    ///
    /// - Parameter goal: transitions or routes.
    /// - Throws: lint and initial-state errors as ``run()`` does.
    /// - Complexity: the search, plus one breadth-first search per covered target, each cut at
    ///   the distance a restart from launch would cost: O(K × (S + E)) at worst for K targets,
    ///   S states and E edges, usually far less.
    @_specialize(exported: true, where R == DynamicRoute)
    public func coveringPaths(_ goal: CoverageGoal) throws(CheckerError) -> CoveringPaths<R> {
        let exact = Checker(model: model, options: Options(storage: .exact, checkTraps: false, budget: options.budget,
                                                           cancellation: options.cancellation))
        let initial = try lintedInitialState()
        var search = ExplicitSearch(checker: exact, initial: initial, edgeActionLimit: Int.max)
        try search.explore()
        var planner = try CoveringPathPlanner(search: search, goal: goal)
        return planner.plan()
    }
}

/// The greedy walk of ``Checker/coveringPaths(_:)`` over a finished search's state graph.
struct CoveringPathPlanner<R: Route> {
    let goal: CoverageGoal
    let model: GraphModel<R>
    let states: [NavigationState<R>]
    /// The edges out of state s are `edgeStart[s]..<edgeStart[s + 1]`, in the explorer's action order.
    let edgeStart: [Int]
    let edgeSource: [Int32]
    let edgeTarget: [Int32]
    let edgeAction: [ExplorerAction]
    /// Per edge, the transition it takes when it succeeds: -1 not known yet, -2 none.
    var edgeCover: [Int32]
    /// Per state, its route's position among the routes (routes mode).
    let stateRoute: [Int32]
    /// Per target (transition or route index), whether the search took or showed it.
    let coverable: [Bool]
    let targetNames: [String]
    /// Breadth-first distance from launch, and the edge each state was first reached by.
    let launchDistance: [Int32]
    let launchParent: [Int32]
    let complete: Bool
    let cutoff: SearchCutoff?
    let uncovered: [CoveringPaths<R>.Uncovered]
    let initial: NavigationState<R>
    /// Per target, whether a path has covered it, and how many coverable targets are left.
    var covered: [Bool]
    var remaining: Int
    /// What each search from the current state reuses: the generation that saw each state,
    /// the edge it was reached by, the queue.
    var seen: [Int32]
    var reachedBy: [Int32]
    var generation: Int32 = 0
    var queue: [Int] = []

    init(search: ExplicitSearch<R>, goal: CoverageGoal) throws(CheckerError) {
        self.goal = goal
        model = search.model
        let graph = search.graph
        var states: [NavigationState<R>] = []
        states.reserveCapacity(search.table.count)
        for index in 0..<search.table.count {
            var state = search.initial
            guard search.table.withBytes(of: index, { search.encoder.decode($0, into: &state) }) else {
                throw .internalError("state \(index) did not decode")
            }
            states.append(state)
        }
        self.states = states
        // The edges, grouped by source in a stable order (the search records them so already).
        let order = search.edges.indices.sorted { (search.edges[$0].source, $0) < (search.edges[$1].source, $1) }
        var start = Array(repeating: 0, count: states.count + 1)
        for edge in search.edges { start[Int(edge.source) + 1] += 1 }
        for index in 0..<states.count { start[index + 1] += start[index] }
        edgeStart = start
        edgeSource = order.map { search.edges[$0].source }
        edgeTarget = order.map { search.edges[$0].target }
        var actions: [ExplorerAction] = []
        actions.reserveCapacity(order.count)
        for position in order {
            guard let action = ExplorerAction(code: search.edgeActions[position]) else {
                throw .internalError("an edge's action code \(search.edgeActions[position]) is not an action")
            }
            actions.append(action)
        }
        edgeAction = actions
        edgeCover = actions.map { if case .transition = $0 { -1 } else { -2 } }
        let routeNames = graph.routes.map(\.name)
        let routeIndex = Dictionary(routeNames.enumerated().map { ($1, Int32($0)) }, uniquingKeysWith: { first, _ in first })
        stateRoute = states.map { state in state.top.flatMap { routeIndex[graph.routeName($0)] } ?? -1 }
        let labels = graph.transitions.map { "\($0.style.rawValue) \($0.from) → \($0.to)" }
        let observations = search.properties
        switch goal {
        case .transitions:
            coverable = observations.takenTransitions
            targetNames = labels
        case .routes:
            coverable = routeNames.map(observations.reachedRoutes.contains)
            targetNames = routeNames
        }
        complete = search.cutoff == nil && search.cutStates == 0
        // Breadth-first from launch over the recorded edges.
        var distance = Array(repeating: Int32(-1), count: states.count)
        var parent = Array(repeating: Int32(-1), count: states.count)
        var queue = [0]
        distance[0] = 0
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for edge in start[state]..<start[state + 1] where distance[Int(edgeTarget[edge])] < 0 {
                let next = Int(edgeTarget[edge])
                distance[next] = distance[state] + 1
                parent[next] = Int32(edge)
                queue.append(next)
            }
        }
        launchDistance = distance
        launchParent = parent
        // Why each declared target is not coverable.
        cutoff = search.cutoff
        let explored = "within the \(CheckProgress.grouped(states.count)) states explored (the search was \(search.cutoff?.summary ?? "cut short"))"
        var uncovered: [CoveringPaths<R>.Uncovered] = []
        for index in coverable.indices where !coverable[index] {
            var reasons: [String] = []
            switch goal {
            case .transitions:
                let transition = graph.transitions[index]
                let cut = observations.depthCutTransitions[index]
                if !complete { reasons.append("not taken \(explored)") }
                if cut > 0 {
                    reasons.append("the depth bounds cut its \(CheckProgress.grouped(cut)) successor\(cut == 1 ? "" : "s") (maxStackDepth \(graph.bounds.maxStackDepth), maxModalDepth \(graph.bounds.maxModalDepth))")
                } else if !observations.reachedRoutes.contains(transition.from) {
                    if complete { reasons.append("its source \(transition.from) is never on top") }
                } else if complete {
                    reasons.append("it never succeeds where \(transition.from) is on top: its condition never holds or the runtime refuses the step")
                }
            case .routes:
                reasons.append(complete ? "never on top within the depth bounds" : "not shown \(explored)")
            }
            uncovered.append(.init(name: targetNames[index], reason: reasons.joined(separator: "; ")))
        }
        self.uncovered = uncovered
        initial = search.initial
        covered = Array(repeating: false, count: coverable.count)
        remaining = coverable.filter { $0 }.count
        seen = Array(repeating: 0, count: states.count)
        reachedBy = Array(repeating: -1, count: states.count)
    }

    /// The transition edge `edge` takes when it succeeds (a step that changed the state and
    /// ran every command successfully), or `nil`; worked out once per edge, when first asked.
    mutating func cover(of edge: Int) -> Int? {
        if edgeCover[edge] == -1 {
            guard case .transition(let transition, _) = edgeAction[edge] else { return nil }
            let source = Int(edgeSource[edge])
            edgeCover[edge] = model.apply(edgeAction[edge], to: states[source]).succeeded ? Int32(transition) : -2
        }
        return edgeCover[edge] >= 0 ? Int(edgeCover[edge]) : nil
    }

    /// In `state`, what is left to do there: for transitions, the first edge (in action order)
    /// taking an uncovered transition; for routes, `-1` when the state shows an uncovered route.
    /// `nil` when nothing.
    mutating func work(at state: Int) -> Int? {
        switch goal {
        case .transitions:
            for edge in edgeStart[state]..<edgeStart[state + 1] {
                guard case .transition(let transition, _) = edgeAction[edge], coverable[transition], !covered[transition] else { continue }
                if cover(of: edge) != nil { return edge }
            }
            return nil
        case .routes:
            let route = Int(stateRoute[state])
            return route >= 0 && coverable[route] && !covered[route] ? -1 : nil
        }
    }

    mutating func plan() -> CoveringPaths<R> {
        if goal == .routes, let launchRoute = stateRoute.first, launchRoute >= 0, coverable[Int(launchRoute)] {
            covered[Int(launchRoute)] = true
            remaining -= 1
        }
        // States nearest launch first (breadth-first numbering already is; stated here).
        let byDistance = states.indices.filter { launchDistance[$0] >= 0 }
            .sorted { (launchDistance[$0], $0) < (launchDistance[$1], $1) }
        var scan = 0
        var paths: [CoveringPaths<R>.Path] = []
        var steps: [CoveringPaths<R>.Step] = []
        var current: Int?
        while remaining > 0 {
            // The nearest state to launch with work left.
            while scan < byDistance.count && work(at: byDistance[scan]) == nil { scan += 1 }
            guard scan < byDistance.count else { break }
            let launchTarget = byDistance[scan]
            var route: [Int]
            if let from = current, let found = nearestWork(from: from, within: Int(launchDistance[launchTarget])) {
                route = found
            } else {
                if !steps.isEmpty { paths.append(.init(steps: steps)) }
                steps = []
                route = []
                var state = launchTarget
                while launchParent[state] >= 0 {
                    let edge = Int(launchParent[state])
                    route.append(edge)
                    state = Int(edgeSource[edge])
                }
                route.reverse()
                if let edge = work(at: launchTarget), edge >= 0 { route.append(edge) }
            }
            for edge in route { steps.append(take(edge)) }
            current = route.last.map { Int(edgeTarget[$0]) } ?? 0
        }
        if !steps.isEmpty { paths.append(.init(steps: steps)) }
        return CoveringPaths(goal: goal, initial: initial, paths: paths,
                             coverable: coverable.indices.filter { coverable[$0] }.map { targetNames[$0] },
                             covered: covered.filter { $0 }.count,
                             uncovered: uncovered, lowerBound: lowerBound(), states: states.count, complete: complete, cutoff: cutoff)
    }

    /// The edges from `from` to the nearest state with work left, then the edge doing it
    /// (transitions), breadth-first with actions in the explorer's order; `nil` when no such
    /// state is within `limit` steps.
    private mutating func nearestWork(from: Int, within limit: Int) -> [Int]? {
        generation += 1
        queue.removeAll(keepingCapacity: true)
        queue.append(from)
        seen[from] = generation
        reachedBy[from] = -1
        var head = 0, levelEnd = 1, depth = 0
        while head < queue.count {
            let state = queue[head]
            if let edge = work(at: state) {
                var route: [Int] = edge >= 0 ? [edge] : []
                var back = state
                while back != from {
                    let step = Int(reachedBy[back])
                    route.append(step)
                    back = Int(edgeSource[step])
                }
                return route.reversed()
            }
            head += 1
            if depth < limit {
                for edge in edgeStart[state]..<edgeStart[state + 1] {
                    let next = Int(edgeTarget[edge])
                    guard seen[next] != generation else { continue }
                    seen[next] = generation
                    reachedBy[next] = Int32(edge)
                    queue.append(next)
                }
            }
            if head == levelEnd {
                depth += 1
                levelEnd = queue.count
            }
        }
        return nil
    }

    /// Takes `edge`: marks what it covers first, and returns it as a step.
    private mutating func take(_ edge: Int) -> CoveringPaths<R>.Step {
        let target = Int(edgeTarget[edge])
        var covers: [String] = []
        switch goal {
        case .transitions:
            if let transition = cover(of: edge), coverable[transition], !covered[transition] {
                covered[transition] = true
                remaining -= 1
                covers.append(targetNames[transition])
            }
        case .routes:
            let route = Int(stateRoute[target])
            if route >= 0, coverable[route], !covered[route] {
                covered[route] = true
                remaining -= 1
                covers.append(targetNames[route])
            }
        }
        return .init(action: edgeAction[edge], label: model.label(of: edgeAction[edge]), state: states[target], covers: covers)
    }

    /// See ``Checker/coveringPaths(_:)``: sound for any set of paths from launch.
    func lowerBound() -> Int {
        let count = coverable.filter { $0 }.count
        guard count > 0 else { return 0 }
        // The nearest distance from launch of a state each target leaves from (transitions, any
        // edge by it: a smaller distance keeps the bound sound) or is shown in (routes).
        var nearest = Array(repeating: Int32.max, count: coverable.count)
        for state in states.indices where launchDistance[state] >= 0 {
            switch goal {
            case .transitions:
                for edge in edgeStart[state]..<edgeStart[state + 1] {
                    if case .transition(let transition, _) = edgeAction[edge], coverable[transition] {
                        nearest[transition] = min(nearest[transition], launchDistance[state])
                    }
                }
            case .routes:
                let route = Int(stateRoute[state])
                if route >= 0, coverable[route] { nearest[route] = min(nearest[route], launchDistance[state]) }
            }
        }
        let distances = coverable.indices.filter { coverable[$0] && nearest[$0] != Int32.max }.map { Int(nearest[$0]) }
        switch goal {
        case .transitions:
            return max(count + (distances.min() ?? 0), (distances.max() ?? -1) + 1)
        case .routes:
            return max(count - 1, distances.max() ?? 0)
        }
    }
}
