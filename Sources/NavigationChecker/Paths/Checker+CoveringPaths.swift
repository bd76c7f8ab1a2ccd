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
        let started = ContinuousClock.now
        let exact = Checker(model: model, options: Options(storage: .exact, checkTraps: false, budget: options.budget,
                                                           cancellation: options.cancellation))
        let initial = try lintedInitialState()
        var search = ExplicitSearch(checker: exact, initial: initial, edgeActionLimit: Int.max)
        try search.explore()
        var planner = try CoveringPathPlanner(search: search, goal: goal)
        return try planner.plan(deadline: options.budget.timeLimit.map { started + $0 }, cancellation: options.cancellation)
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
    let initial: NavigationState<R>
    let graph: NavigationGraph<R>
    /// What the search saw, for the reasons of what is not covered: per transition, the
    /// successors the depth bounds cut; the routes on top.
    let depthCutTransitions: [Int]
    let reachedRoutes: Set<String>
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
        cutoff = search.cutoff
        depthCutTransitions = observations.depthCutTransitions
        reachedRoutes = observations.reachedRoutes
        self.graph = graph
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

    /// The paths: over the search's state graph, then, when the search was cut short, on by a
    /// ``CoveringPathWalk`` for what it did not take (or show).
    mutating func plan(deadline: ContinuousClock.Instant?, cancellation: CheckCancellation?) throws(CheckerError) -> CoveringPaths<R> {
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
        var walked: (walk: CoveringPathWalk<R>, end: CoveringPaths<R>.Walk)?
        if !complete {
            var walk = CoveringPathWalk(model: model, goal: goal, wanted: coverable.map { !$0 }, deadline: deadline, cancellation: cancellation)
            let end = try self.walk(&walk, from: current.map { states[$0] } ?? initial, atLaunch: current == nil, paths: &paths, steps: &steps)
            walked = (walk, end)
        }
        if !steps.isEmpty { paths.append(.init(steps: steps)) }
        let found = walked.map { walked in coverable.indices.map { coverable[$0] || !walked.walk.wanted[$0] } } ?? coverable
        let coveredCount = covered.filter { $0 }.count + (walked?.end.found ?? 0)
        return CoveringPaths(goal: goal, initial: initial, paths: paths,
                             coverable: found.indices.filter { found[$0] }.map { targetNames[$0] },
                             covered: coveredCount,
                             uncovered: uncovered(found: found, walked: walked),
                             lowerBound: lowerBound(walkFound: walked?.end.found ?? 0), states: states.count, complete: complete,
                             cutoff: cutoff, walk: walked?.end)
    }

    /// Goes on from `start` (the last path's end, `atLaunch` when no path was begun) by
    /// `walk`'s searches, appending to `steps` (and to `paths` when a search from launch starts
    /// a new one), until nothing is wanted, a search from launch finds nothing, or the time
    /// limit or a cancellation stops it.
    private func walk(_ walk: inout CoveringPathWalk<R>, from start: NavigationState<R>, atLaunch: Bool,
                      paths: inout [CoveringPaths<R>.Path], steps: inout [CoveringPaths<R>.Step]) throws(CheckerError) -> CoveringPaths<R>.Walk {
        let wantedAtStart = walk.remaining
        var at = start
        var atLaunch = atLaunch
        var exhausted = false
        var stoppedBy: SearchCutoff.Budget?
        walking: while walk.remaining > 0 {
            var outcome = try walk.search(from: at, fromLaunch: atLaunch)
            var restarted = false
            if case .none = outcome, !atLaunch {
                outcome = try walk.search(from: initial, fromLaunch: true)
                restarted = true
            }
            switch outcome {
            case .found(let actions, let after):
                if restarted {
                    if !steps.isEmpty { paths.append(.init(steps: steps)) }
                    steps = []
                    at = initial
                }
                for (action, state) in zip(actions, after) {
                    let step = model.apply(action, to: at)
                    var covers: [String] = []
                    if state != at, Checker<R>.boundCut(state, graph.bounds) == nil, let target = walk.wantedTarget(of: action, step) {
                        walk.take(target)
                        covers.append(targetNames[target])
                    }
                    steps.append(.init(action: action, label: model.label(of: action), state: state, covers: covers))
                    at = state
                }
                atLaunch = false
            case .none(let all):
                exhausted = all
                break walking
            case .stopped(let budget):
                stoppedBy = budget
                break walking
            }
        }
        return .init(searches: walk.searches, states: walk.statesStored, found: wantedAtStart - walk.remaining,
                     exhausted: exhausted, stoppedBy: stoppedBy)
    }

    /// The declared targets no path covers (`found` marks those some path does), with why:
    /// proven when a search stored every state within the depth bounds (the explicit search, or
    /// the walk's last search from launch) and never took (showed) them.
    private func uncovered(found: [Bool], walked: (walk: CoveringPathWalk<R>, end: CoveringPaths<R>.Walk)?) -> [CoveringPaths<R>.Uncovered] {
        let explored = "within the \(CheckProgress.grouped(states.count)) states explored (the search was \(cutoff?.summary ?? "cut short"))"
        let walkExhausted = walked?.end.exhausted == true
        let proven = complete || walkExhausted
        // What the search that proves it saw: the explicit search's, or the walk's from launch.
        let cuts = walkExhausted ? walked?.walk.depthCuts ?? depthCutTransitions : depthCutTransitions
        let shown = walkExhausted ? walked?.walk.shownRoutes ?? reachedRoutes : reachedRoutes
        var walkNote: String?
        if let end = walked?.end, !end.exhausted {
            if let stoppedBy = end.stoppedBy {
                walkNote = stoppedBy == .interrupted ? "the covering walk was interrupted" : "the covering walk ran out of time (\(stoppedBy.rawValue))"
            } else {
                walkNote = "nor by the covering walk's search of \(CheckProgress.grouped(graph.bounds.maxStates)) states from launch (raise maxStates to search further)"
            }
        }
        var uncovered: [CoveringPaths<R>.Uncovered] = []
        for index in found.indices where !found[index] {
            var reasons: [String] = []
            switch goal {
            case .transitions:
                let transition = graph.transitions[index]
                let cut = cuts[index]
                if !proven { reasons.append("not taken \(explored)") }
                if let walkNote { reasons.append(walkNote) }
                if walkExhausted && !complete {
                    reasons.append("never taken: the covering walk's search from launch stored all \(CheckProgress.grouped(walked?.walk.lastSearchStates ?? 0)) states within the depth bounds")
                }
                if cut > 0 {
                    reasons.append("the depth bounds cut its \(CheckProgress.grouped(cut)) successor\(cut == 1 ? "" : "s") (maxStackDepth \(graph.bounds.maxStackDepth), maxModalDepth \(graph.bounds.maxModalDepth))")
                } else if !shown.contains(transition.from) {
                    if proven { reasons.append("its source \(transition.from) is never on top") }
                } else if proven {
                    reasons.append("it never succeeds where \(transition.from) is on top: its condition never holds or the runtime refuses the step")
                }
            case .routes:
                if proven {
                    reasons.append("never on top within the depth bounds")
                } else {
                    reasons.append("not shown \(explored)")
                    if let walkNote { reasons.append(walkNote) }
                }
            }
            uncovered.append(.init(name: targetNames[index], reason: reasons.joined(separator: "; "), proven: proven))
        }
        return uncovered
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
    /// `walkFound` targets the covering walk found beyond the search count too; the search does
    /// not know how far from launch they are, so they count as if at launch (still sound).
    func lowerBound(walkFound: Int) -> Int {
        let count = coverable.filter { $0 }.count + walkFound
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
        var distances = coverable.indices.filter { coverable[$0] && nearest[$0] != Int32.max }.map { Int(nearest[$0]) }
        if walkFound > 0 { distances.append(0) }
        switch goal {
        case .transitions:
            return max(count + (distances.min() ?? 0), (distances.max() ?? -1) + 1)
        case .routes:
            return max(count - 1, distances.max() ?? 0)
        }
    }
}
