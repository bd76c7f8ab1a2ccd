import NavigationChecker
import NavigationCore

extension SymbolicSearch {
    /// Each route's tap distances (see `TapDistances`): breadth-first image layers from the
    /// initial state (and from each tab's root) under the user actions' part of the relation
    /// alone (``SymbolicModel/userPieces``), the first layer showing each route being its
    /// distance; the fewest actions of any kind is the first of the search's own levels that
    /// shows it. A shortest path is picked back through the user layers and mapped to the
    /// runtime's user actions, as traces are.
    func tapDistances(initialState: NavigationState<R>, layerNodeLimit: Int?) throws(SymbolicError) -> (distances: TapDistances, launchPaths: [[ExplorerAction]?]) {
        let graph = checker.graph
        let user = userParts()
        try encoding.diagrams.checkpoint()
        let tops = graph.routes.map { encoding.top(in: encoding.idsByName[$0.name] ?? []) }

        // A layer no larger than the reachable set costs no more to compute than the closure
        // would (its sets stay near the reachable set's size), so the closure waits till then.
        let targets = try TapTargets(search: self, tops: tops, layerNodeLimit: layerNodeLimit ?? max(10_000, reached.nodeCount))
        let launchLayers = try userLayers(from: initial, user, targets)
        let launch = firstLayers(launchLayers, tops)
        var paths = [[ExplorerAction]?](repeating: nil, count: graph.routes.count)
        for (position, layer) in launch.enumerated() {
            guard let layer else { continue }
            paths[position] = try userTrace(to: tops[position], level: layer, layers: launchLayers, user)
        }
        let withEvents = try firstLevels(meeting: tops)

        let enabledAtLaunch = checker.model.actions(in: initialState)
        var fromTabs: [[Int?]] = []
        for tab in graph.tabs.indices {
            let select = ExplorerAction.selectTab(tab)
            guard enabledAtLaunch.contains(select), let root = encoding.encode(checker.model.apply(select, to: initialState).state) else {
                fromTabs.append([Int?](repeating: nil, count: graph.routes.count))
                continue
            }
            fromTabs.append(firstLayers(try userLayers(from: root, user, targets), tops))
        }
        // Per flag combination other than launch's: from the states of the nearest level that has it.
        var combinations: [(level: Int, mask: Int, name: String, sources: Diagram)] = []
        let flagCount = graph.flags.count
        if flagCount > 0 && flagCount <= TapDistances.maxFlagsForCombinations {
            let launchMask = graph.flags.indices.reduce(0) { $0 | (initialState.flags.contains(graph.flags[$1].name) ? 1 << $1 : 0) }
            for mask in 0..<(1 << flagCount) where mask != launchMask {
                let cube = graph.flags.indices.reduce(encoding.diagrams.true) { $0 && (mask & (1 << $1) != 0 ? encoding.flag($1) : !encoding.flag($1)) }
                guard let level = try firstLevel(meeting: cube) else { continue }
                combinations.append((level, mask, TapDistances.combinationName(mask, launch: launchMask, flags: graph.flags.map(\.name.name)),
                                     levels[level] && cube))
            }
            combinations.sort { ($0.level, $0.mask) < ($1.level, $1.mask) }
        }
        var fromCombinations: [[Int?]] = []
        for combination in combinations { fromCombinations.append(firstLayers(try userLayers(from: combination.sources, user, targets), tops)) }
        let entries = graph.routes.enumerated().map { position, route in
            TapDistances.Entry(route: route.name, taps: launch[position],
                               path: paths[position].map { $0.map(checker.model.label(of:)) } ?? [],
                               withEvents: withEvents[position], fromTabRoots: fromTabs.map { $0[position] },
                               fromFlagCombinations: fromCombinations.map { $0[position] })
        }
        return (TapDistances(tabs: graph.tabs.map(\.id.name), flagCombinations: combinations.map(\.name), routes: entries), paths)
    }

    /// The breadth-first layers from `start` under `user`, as far as the last route a user can
    /// reach from there: layer k holds the states first reached in k user actions.
    ///
    /// Not to the fixpoint: a layer is "exactly k taps", and where stacks are deep in several
    /// tabs that distance couples them all, so the far layers are large diagrams that show no
    /// route first (the app-shaped graph at depth 8: 27 times the search's own time, issue 34).
    /// The layers stop once every route the user can reach from `start` has shown. Which routes
    /// those are is first taken from the reachable set (a route no reachable state shows is
    /// out of reach), and, with routes still to show, from the states the user actions reach
    /// from `start` in any number of steps (``userClosure(of:_:)``) once a layer grows past the
    /// search's own level limit, or once the layers since the last that showed a route pass
    /// that limit together in nodes: they have then cost about one layer past the limit, which
    /// the first rule deems worth the proof. The closure only drops routes no layer would ever
    /// show, so when it runs changes no distance. On the Mastodon-shaped sample at stack depth
    /// 8 the signed-in combination's last reachable route shows in layer 3 and the hidden
    /// Settings tab's root never does (taps cannot select a hidden tab): with the first rule
    /// alone, 14 more layers of up to 131,000 nodes ran before one passed the limit (1.7 of the
    /// taps' 4.7 s); the second calls the closure after five.
    private func userLayers(from start: Diagram, _ user: [SymbolicRelation.Part], _ targets: TapTargets) throws(SymbolicError) -> [Diagram] {
        var layers = [start]
        var visited = start
        var pending = targets.pending(from: start)
        var closed = false
        // The nodes of the layers since the last that showed a route still to show.
        var barrenNodes = 0
        var lastNodes = start.nodeCount
        while !pending.isEmpty {
            if !closed, lastNodes > targets.layerNodeLimit || barrenNodes > targets.layerNodeLimit {
                closed = true
                let closure = try userClosure(of: start, user)
                pending.removeAll { (targets.tops[$0] && closure).isFalse }
                if pending.isEmpty { break }
            }
            let new = (userImage(of: layers[layers.count - 1], user) && encoding.withinBounds).without(visited)
            try encoding.diagrams.checkpoint()
            if new.isFalse { break }
            visited = visited || new
            layers.append(new)
            let before = pending.count
            pending.removeAll { !(targets.tops[$0] && new).isFalse }
            lastNodes = new.nodeCount
            barrenNodes = pending.count < before ? 0 : barrenNodes + lastNodes
        }
        tapLayers += layers.count
        return layers
    }

    /// `states` and every state the user actions lead to from them in any number of steps: the
    /// relation's parts chained round after round until a round adds nothing.
    private func userClosure(of states: Diagram, _ user: [SymbolicRelation.Part]) throws(SymbolicError) -> Diagram {
        var closure = states
        while true {
            let before = closure
            for part in user {
                closure = closure || (model.global.image(of: closure, through: part) && encoding.withinBounds)
                try encoding.diagrams.checkpoint()
            }
            if closure == before { return closure }
        }
    }

    /// The user actions' part of the relation (``SymbolicModel/userPieces``), as the parts
    /// that write the same variables.
    ///
    /// Most of them are the global relation's own parts, reused rather than built again (at
    /// stack depth 32 on the app-shaped graph, building them took 2.3–2.6 s, as long as the
    /// whole model): a global part holds every piece that writes its variables, and the pieces
    /// that are not user actions are the deep links' that commit in one write and the
    /// flag-only events' (``SymbolicModel/nonUserWrites``). So a global part that writes some
    /// variables no such piece writes holds user actions alone (with links, every user piece
    /// was built again: 0.7 s of the Mastodon-shaped sample's 1.6 s at stack depth 4). The
    /// other user pieces are built into parts of their own.
    private func userParts() -> [SymbolicRelation.Part] {
        var global: [[Int]: SymbolicRelation.Part] = [:]
        for part in model.global.parts { global[part.currentSet.support.sorted()] = part }
        var reused: [SymbolicRelation.Part] = []
        var reusedWrites: Set<[Int]> = []
        var rebuilt: [SymbolicPiece] = []
        for piece in model.userPieces {
            let written = piece.effect.changed
            if !written.isEmpty, !model.nonUserWrites.contains(written), let part = global[written] {
                if reusedWrites.insert(written).inserted { reused.append(part) }
            } else {
                rebuilt.append(piece)
            }
        }
        return reused + SymbolicRelation(rebuilt, encoding.diagrams).parts
    }

    /// The states the user actions lead to from `states` (within the bounds or not).
    private func userImage(of states: Diagram, _ user: [SymbolicRelation.Part]) -> Diagram {
        user.reduce(diagrams.false) { $0 || model.global.image(of: states, through: $1) }
    }

    /// The states from which a user action leads into `states`.
    private func userPreimage(of states: Diagram, _ user: [SymbolicRelation.Part]) -> Diagram {
        user.reduce(diagrams.false) { $0 || model.global.preimage(of: states, through: $1) }
    }

    /// Per route, the first of the search's own levels meeting its `tops` diagram (extended
    /// as far as needed, as traces extend them): the fewest actions of any kind.
    ///
    /// The routes still to place are met together: the first level meeting their union holds
    /// the routes placed there, and each route's own diagram is met with that level alone.
    /// Route by route, every route was met with the reachable set and with each level up to
    /// its own, and the far levels are the largest diagrams of the search (430,000 nodes at
    /// stack depth 32 on the app-shaped graph).
    private func firstLevels(meeting tops: [Diagram]) throws(SymbolicError) -> [Int?] {
        var result = [Int?](repeating: nil, count: tops.count)
        var pending = Array(tops.indices)
        while !pending.isEmpty {
            let union = pending.reduce(diagrams.false) { $0 || tops[$1] }
            guard let level = try firstLevel(meeting: union) else { break }
            let placed = pending.filter { !(levels[level] && tops[$0]).isFalse }
            // The union meets the level, so some route does; never loop without placing one.
            guard !placed.isEmpty else { break }
            for position in placed { result[position] = level }
            pending.removeAll { placed.contains($0) }
        }
        return result
    }

    /// Per route, the first of `layers` meeting its `tops` diagram.
    private func firstLayers(_ layers: [Diagram], _ tops: [Diagram]) -> [Int?] {
        tops.map { top in layers.indices.first { !(layers[$0] && top).isFalse } }
    }

    /// A shortest path of user actions to a state of `set` in layer `level`: a state picked
    /// there, a predecessor of each in the layer before, each step mapped to the user action of
    /// the runtime that takes it.
    private func userTrace(to set: Diagram, level: Int, layers: [Diagram], _ user: [SymbolicRelation.Part]) throws(SymbolicError) -> [ExplorerAction] {
        guard var (current, state) = encoding.pick(layers[level] && set) else {
            throw .traceDidNotReplay(property: "taps to reach", reason: "no state in layer \(level)")
        }
        var states = [state]
        // A start of one state (launch) is every first step's predecessor: a layer holds only
        // images of the one before. The preimage that would pick it, over every part of the
        // user relation, is the dearest step of a short path.
        let singleStart = encoding.pick(layers[0]).flatMap { $0.diagram == layers[0] ? $0 : nil }
        for earlier in stride(from: level - 1, through: 0, by: -1) {
            guard let picked = earlier == 0 && singleStart != nil ? singleStart : encoding.pick(userPreimage(of: current, user) && layers[earlier]) else {
                throw .traceDidNotReplay(property: "taps to reach", reason: "no predecessor in layer \(earlier) of \(CheckTrace<R>.describe(state))")
            }
            (current, state) = picked
            states.append(state)
        }
        states.reverse()
        var actions: [ExplorerAction] = []
        for (from, to) in zip(states, states.dropFirst()) {
            let model = checker.model
            guard let action = model.actions(in: from).first(where: { $0.isUserAction && model.apply($0, to: from).state == to }) else {
                throw .traceDidNotReplay(property: "taps to reach", reason: "no user action leads from \(CheckTrace<R>.describe(from)) to \(CheckTrace<R>.describe(to))")
            }
            actions.append(action)
        }
        return actions
    }
}

/// Which routes a breadth-first search over user actions still has to show, from a given start:
/// those some reachable state shows with the start's flags, when no user action changes a flag
/// (then no tap leaves the start's flag values), else those some reachable state shows.
struct TapTargets {
    /// Past this many nodes in a layer, or in the layers since the last that showed a route,
    /// with routes still to show, the search proves which of them the user can reach at all
    /// before going on (see `SymbolicSearch.userLayers`).
    let layerNodeLimit: Int
    /// Per route, the diagram of the states that show it (the active stack's top).
    let tops: [Diagram]
    /// Per route, the flag values with which a reachable state shows it (over the flag
    /// variables alone; true or false when a user action changes flags).
    private let shownWithFlags: [Diagram]
    /// The current-state variables quantified away to leave a set's flag values.
    private let notFlags: Diagram

    init<R: Route>(search: SymbolicSearch<R>, tops: [Diagram], layerNodeLimit: Int) throws(SymbolicError) {
        self.layerNodeLimit = layerNodeLimit
        let encoding = search.encoding
        let layout = encoding.layout
        let flags = Set(layout.flags)
        let tapsKeepFlags = search.model.userPieces.allSatisfy { flags.isDisjoint(with: $0.effect.changed) }
        notFlags = encoding.diagrams.set(of: tapsKeepFlags ? layout.current.filter { !flags.contains($0) } : layout.current)
        self.tops = tops
        var shown: [Diagram] = []
        for top in tops {
            shown.append(search.reachedKnown ? search.reachedProjected(top, quantifying: notFlags) : encoding.diagrams.true)
            try encoding.diagrams.checkpoint()
        }
        shownWithFlags = shown
    }

    /// The routes (positions) a search from `start` has to show: shown somewhere with the
    /// start's flags, and not by `start` itself.
    func pending(from start: Diagram) -> [Int] {
        let flags = start.exists(notFlags)
        return tops.indices.filter { (tops[$0] && start).isFalse && !(shownWithFlags[$0] && flags).isFalse }
    }
}
