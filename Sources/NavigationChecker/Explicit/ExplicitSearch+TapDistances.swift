import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// The route (by its position in the graph's routes) on top of `state`, or -1: what tap
    /// distances ask of every stored state.
    mutating func noteTop(of state: NavigationState<R>) {
        if !flagNames.isEmpty {
            var mask: UInt8 = 0
            for (bit, flag) in flagNames.enumerated() where state.flags.contains(flag) { mask |= 1 << bit }
            stateFlags.append(mask)
        }
        guard let top = state.top else {
            topRoutes.append(-1)
            return
        }
        if let known = topRouteSlots[top] {
            topRoutes.append(known)
            return
        }
        let position = graph.routePosition(named: graph.routeName(top)).map { Int32(truncatingIfNeeded: $0) } ?? -1
        topRouteSlots[top] = position
        topRoutes.append(position)
    }

    /// Each route's fewest user actions from launch and from each tab's root, and its fewest
    /// actions of any kind, from the state graph this search stored: breadth-first searches
    /// over its user-action edges only (the search's own levels count events and links too),
    /// and the search's first state showing each route (breadth-first order stores it at its
    /// fewest actions). `nil` when the distances were not asked for, the search was cut by a
    /// budget (then they would be guesses), or its steps outgrew the rows' 32-bit places.
    func tapDistances() -> (distances: TapDistances, launchPaths: [[ExplorerAction]?])? {
        guard measuresTaps, cutoff == nil, topRoutes.count == table.count, table.count > 0, !userEdges.overflowed else { return nil }
        let graph = self.graph
        let routeCount = graph.routes.count
        let adjacency = userEdges.finished(states: table.count)

        // Every action kind: the first stored state showing each route is at its fewest actions.
        var withEvents = [Int?](repeating: nil, count: routeCount)
        var found = 0
        for (state, route) in topRoutes.enumerated() where route >= 0 && withEvents[Int(route)] == nil {
            withEvents[Int(route)] = parents.depth(of: state)
            found += 1
            if found == routeCount { break }
        }

        var scratch = UserAdjacency.Scratch()
        let launch = adjacency.nearest(from: 0, routes: topRoutes, routeCount: routeCount, paths: true, scratch: &scratch)
        var launchPaths = [[ExplorerAction]?](repeating: nil, count: routeCount)
        for route in 0..<routeCount {
            guard let state = launch.states[route] else { continue }
            launchPaths[route] = adjacency.actions(to: state, parents: launch.parents)
        }
        let tabs = graph.tabs
        let enabledAtLaunch = model.actions(in: initial)
        var fromTabs: [[Int?]] = []
        for tab in tabs.indices {
            let select = ExplorerAction.selectTab(tab)
            guard enabledAtLaunch.contains(select) else {
                fromTabs.append([Int?](repeating: nil, count: routeCount))
                continue
            }
            // Selecting the tab at launch leads to its root: along a recorded edge, or nowhere
            // else when it is the selected tab already (re-selecting changes nothing there).
            let root = adjacency.target(from: 0, by: select.code) ?? 0
            let nearest = adjacency.nearest(from: root, routes: topRoutes, routeCount: routeCount, scratch: &scratch)
            fromTabs.append(nearest.distances)
        }
        // Per flag combination other than launch's: from the states nearest launch that have it.
        var combinations: [String] = []
        var fromCombinations: [[Int?]] = []
        if !flagNames.isEmpty && stateFlags.count == table.count {
            // The search numbers states level by level, so each level is a range of numbers
            // (a finished search expanded every level whole): a state's level is found by
            // walking the ranges, with no array of every state's depth.
            var levels: [Range<Int>] = []
            for size in completeLevelSizes { levels.append((levels.last?.upperBound ?? 0)..<((levels.last?.upperBound ?? 0) + size)) }
            let depths: [Int32]? = levels.last?.upperBound == table.count ? nil : parents.depths()
            // Per combination (a byte), the lowest level with a state that has it, or -1.
            var nearest = [Int32](repeating: -1, count: 256)
            var level = 0
            for (state, mask) in stateFlags.enumerated() {
                let depth: Int32
                if let depths {
                    depth = depths[state]
                } else {
                    while state >= levels[level].upperBound { level += 1 }
                    depth = Int32(level)
                }
                if nearest[Int(mask)] < 0 { nearest[Int(mask)] = depth }
            }
            let launchMask = Int(stateFlags[0])
            let order = nearest.indices.filter { nearest[$0] >= 0 && $0 != launchMask }.sorted { (nearest[$0], $0) < (nearest[$1], $1) }
            for mask in order {
                let level = nearest[mask]
                let candidates = depths == nil ? levels[Int(level)] : stateFlags.indices
                let sources = candidates.filter { state in stateFlags[state] == UInt8(mask) && (depths.map { $0[state] == level } ?? true) }
                combinations.append(TapDistances.combinationName(mask, launch: launchMask, flags: graph.flags.map(\.name.name)))
                fromCombinations.append(adjacency.nearest(from: sources, routes: topRoutes, routeCount: routeCount, scratch: &scratch).distances)
            }
        }
        let entries = graph.routes.enumerated().map { position, route in
            TapDistances.Entry(route: route.name, taps: launch.distances[position],
                               path: launchPaths[position].map { $0.map(model.label(of:)) } ?? [],
                               withEvents: withEvents[position], fromTabRoots: fromTabs.map { $0[position] },
                               fromFlagCombinations: fromCombinations.map { $0[position] })
        }
        return (TapDistances(tabs: tabs.map(\.id.name), flagCombinations: combinations, routes: entries), launchPaths)
    }
}

/// The user-action edges of a state graph by source state (compressed rows), and the
/// breadth-first searches over them that tap distances are.
///
/// The search appends each step as it takes it: it expands states in the order of their
/// numbers, so the rows come in order and are built in place. (The steps were kept as a list
/// of (source, target, action) and sorted into rows after the search: 12 bytes a step, then 8
/// more while the rows were made, the peak of a run; now 8 bytes a step, in columns that grow
/// in place, see ``GrowingMemory``.)
struct UserAdjacency {
    /// Where each state's row starts; one more entry than the rows made so far.
    private var offsets: GrowingColumn<Int32> = {
        var offsets = GrowingColumn<Int32>()
        offsets.append(0)
        return offsets
    }()
    private var targets = GrowingColumn<Int32>()
    private var actions = GrowingColumn<UInt32>()
    /// Whether a step or a state number no longer fitted the rows' 32-bit places: then the rows
    /// stop growing and no distances are computed from them (16 GiB of steps, past any memory
    /// budget the search runs with, but never a wrong distance).
    private(set) var overflowed = false

    /// Appends the step from `source` to `target` by the action coded `action`. Sources come in
    /// order: never below the last one appended.
    mutating func append(from source: Int, to target: Int, action: UInt32) {
        guard !overflowed else { return }
        guard targets.count < Int(Int32.max), source < Int(Int32.max), target < Int(Int32.max) else {
            overflowed = true
            return
        }
        precondition(source + 1 >= offsets.count, "user edges appended out of order")
        while offsets.count <= source { offsets.append(Int32(truncatingIfNeeded: targets.count)) }
        targets.append(Int32(truncatingIfNeeded: target))
        actions.append(action)
    }

    /// The number of states the rows are for (``finished(states:)``); those past the last
    /// source appended have empty rows.
    private var states = 0

    /// The rows of all `states` states (those without steps empty), ready to search.
    func finished(states: Int) -> UserAdjacency {
        var finished = self
        finished.states = states
        return finished
    }

    /// Where the row of `state` starts in ``targets`` (and the row before it ends).
    @inline(__always)
    private func rowStart(_ state: Int) -> Int {
        state < offsets.count ? Int(offsets[state]) : targets.count
    }

    /// Where the action coded `code` leads from `source`, if a recorded edge says.
    func target(from source: Int, by code: UInt32) -> Int? {
        for slot in rowStart(source)..<rowStart(source + 1) where actions[slot] == code { return Int(targets[slot]) }
        return nil
    }

    /// What the breadth-first searches over the rows reuse from one to the next: a mark per
    /// state (cleared after each search, along its queue) and the queue. Fresh arrays of a
    /// million states for each of a graph's searches were a twentieth of a run in page faults.
    struct Scratch {
        fileprivate var seen: [Bool] = []
        fileprivate var queue: [Int32] = []
    }

    /// Breadth-first from `source` over user actions: per route (by position, `routes` giving
    /// each state's top route or -1), the fewest actions and the first state showing it at
    /// that distance; and, when `paths` is set, the step each reached state was first reached
    /// by (its place in the rows, or -1), for paths (else none).
    func nearest(from source: Int, routes: GrowingColumn<Int32>, routeCount: Int, paths: Bool = false, scratch: inout Scratch)
        -> (distances: [Int?], states: [Int?], parents: [Int32]) {
        nearest(from: [source], routes: routes, routeCount: routeCount, paths: paths, scratch: &scratch)
    }

    /// ``nearest(from:routes:routeCount:paths:scratch:)`` from several states at once: the
    /// fewest actions from the nearest of them.
    func nearest(from sources: [Int], routes: GrowingColumn<Int32>, routeCount: Int, paths: Bool = false, scratch: inout Scratch)
        -> (distances: [Int?], states: [Int?], parents: [Int32]) {
        let count = states
        // A step's place, not its source and action: half the bytes (a state each), and
        // the source is found from the place for the few paths made.
        var parents = paths ? [Int32](repeating: -1, count: count) : []
        if scratch.seen.count != count { scratch.seen = [Bool](repeating: false, count: count) }
        var distances = [Int?](repeating: nil, count: routeCount)
        var reachedStates = [Int?](repeating: nil, count: routeCount)
        scratch.queue.removeAll(keepingCapacity: true)
        for source in sources where !scratch.seen[source] {
            scratch.seen[source] = true
            scratch.queue.append(Int32(source))
        }
        // Level by level: the queue holds the states in the order the levels listed them.
        var head = 0, depth = 0
        while head < scratch.queue.count {
            let levelEnd = scratch.queue.count
            while head < levelEnd {
                let state = Int(scratch.queue[head])
                head += 1
                let route = Int(routes[state])
                if route >= 0, distances[route] == nil {
                    distances[route] = depth
                    reachedStates[route] = state
                }
                for slot in rowStart(state)..<rowStart(state + 1) {
                    let target = Int(targets[slot])
                    if scratch.seen[target] { continue }
                    scratch.seen[target] = true
                    if paths { parents[target] = Int32(truncatingIfNeeded: slot) }
                    scratch.queue.append(Int32(target))
                }
            }
            depth += 1
        }
        for state in scratch.queue { scratch.seen[Int(state)] = false }
        return (distances, reachedStates, parents)
    }

    /// The user actions from the search's source to `state`, by the steps it recorded.
    func actions(to state: Int, parents: [Int32]) -> [ExplorerAction] {
        var path: [ExplorerAction] = []
        var current = state
        while parents[current] >= 0 {
            let slot = Int(parents[current])
            if let action = ExplorerAction(code: actions[slot]) { path.append(action) }
            current = source(ofStep: slot)
        }
        return path.reversed()
    }

    /// The state whose row holds the step at `slot` (an index into ``targets``): the last row
    /// starting at or before it (rows without steps start where the next one does).
    private func source(ofStep slot: Int) -> Int {
        // Kept: the row of `low` starts at or before `slot`, the row of `high` after it (past
        // the last source, rows start at the steps' count).
        var low = 0, high = offsets.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if rowStart(middle) <= slot { low = middle } else { high = middle }
        }
        return low
    }
}
