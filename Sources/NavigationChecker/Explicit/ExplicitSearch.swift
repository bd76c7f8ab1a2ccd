import NavigationCore
import NavigationGraph

/// One run of the explicit engine: one breadth-first search over encoded states, which hands
/// every new state and every step to the properties (``PropertyObservations``) and keeps what
/// traces (``ParentLinks``) and the no-trap property (edges, homes) need.
///
/// Its fast paths are in files of their own: steps undone by their inverse and successor
/// encodings patched from the parent's bytes (`StepInverse.swift`,
/// `ExplicitSearch+Patching.swift`), the action cache (`ActionCache.swift`), budgets and
/// progress (`ExplicitSearch+Budgets.swift`).
///
/// It runs on one thread. Two threads computing successors for this loop to store in order
/// took 1.9 times the wall time of one (Shop at stack depth 6, 1,016,444 states, release
/// build, medians of 5: 37.1 s against 19.9 s): storing and judging stay on one thread, and
/// handing each new state across threads cost more than computing it. See Benchmarks/README.md.
struct ExplicitSearch<R: Route> {
    let checker: Checker<R>
    let model: GraphModel<R>
    let graph: NavigationGraph<R>
    let initial: NavigationState<R>
    let started = ContinuousClock.now

    var table: StateTable
    var encoder: StateEncoder<R>
    /// The steps computed on the parent's bytes where the runtime's rule reduces to an edit of
    /// them (see ``PackedSteps`` and `ExplicitSearch+PackedSteps.swift`).
    let packedSteps: PackedSteps
    /// What states are encoded into on this thread.
    let encodingBuffer = EncodingBuffer()
    /// The frontier state being expanded on this thread: a copy of its encoding, which its
    /// successors' encodings are patched from.
    let parentEncoding = ParentEncoding()
    #if DEBUG
    /// What debug builds encode a successor into to check its patched encoding.
    let checkingBuffer = EncodingBuffer()
    #endif
    /// The states stored during this frontier level, to expand in the next (their encodings are
    /// the table's, with exact storage).
    var upcoming: FrontierBytes
    /// Per state: the state it was first reached from, and by which action.
    var parents = ParentLinks()
    /// Per state: what no-trap needs of it (see ``NoTrapSearch/home(of:)``).
    var homes: [UInt8] = []
    /// Per state, while ``tracksHomeReach``: a bit for each tab whose root the state is known
    /// to reach (its own home, or a step to a state known to reach it), set when the state is
    /// stored and when it has been expanded. A state known to reach every tab's root needs no
    /// edges for no-trap (see `ExplicitSearch+HomeReach.swift`).
    var reachesHome: [UInt8] = []
    /// Whether ``reachesHome`` is kept: no-trap is checked and the graph has at most eight tabs.
    let tracksHomeReach: Bool
    /// The ``reachesHome`` of a state known to reach every tab's root.
    let reachesEveryHome: UInt8
    /// The state being expanded: what it is known to reach, and, when its edges are held back
    /// (``holdsEdges``), its edges so far.
    var expandedReach: UInt8 = 0
    var expandedEdges: [NoTrapSearch.Edge] = []
    /// Whether the edges of the state being expanded are held back until its reach is known,
    /// and then dropped if it reaches every tab's root: only when no-trap alone reads edges.
    var holdsEdges = false
    /// Per state, when the graph has high-priority routes: whether a high-priority flow is up
    /// (judged by the runtime's ownership), for the priority-trap property.
    var inPriorityFlow: [Bool] = []
    /// The runtime's ownership, when some route is high priority.
    let priorityOwnership: RouteOwnership<R>?
    /// Every step between two different stored states, for the no-trap check and the state
    /// graph (one array of pairs: one append a step).
    var edges: [NoTrapSearch.Edge] = []
    /// Per edge, the action's code, when the state graph asked for them.
    var edgeActions: [UInt32] = []
    /// Per edge, the action's code, when the graph declares properties (their traces follow
    /// the edges, see ``DeclaredPropertySearch``): kept apart from ``edgeActions``, which the
    /// state graph lets go past its limit.
    var propertyEdgeActions: [UInt32] = []
    /// Whether the graph declares properties: then every edge and its action is kept.
    let judgesDeclaredProperties: Bool
    /// Whether tap distances are computed (``Checker/Options/tapDistances``): then every step
    /// by a user action between two stored states is kept, and each state's top route.
    let measuresTaps: Bool
    /// Those steps, by source state, made as the search goes (it expands states in order).
    var userEdges = UserAdjacency()
    /// Per stored state, the position in the graph's routes of the route on top, or -1.
    var topRoutes = GrowingColumn<Int32>()
    /// Each top route's position, looked up once per route.
    var topRouteSlots = RouteMap<R, Int32>()
    /// The graph's flags, when tap distances are counted per flag combination (at most
    /// `TapDistances.maxFlagsForCombinations`), and each stored state's combination.
    let flagNames: [FlagName]
    var stateFlags: [UInt8] = []

    var transitionsApplied = 0
    /// Frontiers processed; the last one (the farthest states) adds nothing, so the depth is one less.
    var levels = 0
    var complete = true
    var cutStack = 0, cutModal = 0, cutStates = 0

    /// What the properties observed.
    var properties: PropertyObservations<R>

    // Read on every step: kept apart from `checker` and `graph`, which reading through a
    // mutating method made the compiler copy whole.
    let bounds: GraphBounds
    /// The most states stored: the graph's bound, or the state graph's limit.
    let stateLimit: Int
    /// The most steps applied before a state is expanded, for a probe (`auto`'s first search):
    /// reaching it stops the search as a full table does (`SearchCutoff.Budget.maxStates`).
    /// `Int.max` for none. A probe also stops as soon as its table is full: its result is
    /// wanted only when it finished, and a full table otherwise expands every state it stored.
    /// `probeExtension`, when given, may raise it where it is reached (`ExplicitSearch+Probe.swift`).
    var transitionLimit: Int
    /// Asked, where a probe reaches its `transitionLimit`, for a higher limit to go on with.
    let probeExtension: ExplicitProbeExtension?
    /// Whether edges are kept (for no-trap or the state graph), and their actions too: the
    /// state graph's, only while the table holds at most `edgeActionLimit` states (past it the
    /// state graph is not wanted, and what was kept for it is let go).
    var recordsEdges: Bool
    var recordsEdgeActions: Bool
    let edgeActionLimit: Int
    /// Whether the initial state is within the depth bounds (then so is every stored state).
    let initialWithinBounds: Bool
    let progress: (@Sendable (CheckProgress) -> Void)?
    let progressInterval: Duration
    let cancellation: CheckCancellation?
    let memoryBudget: Int
    let deadline: ContinuousClock.Instant?
    /// When budgets are next checked, and progress next reported.
    var nextCheck: ContinuousClock.Instant
    var nextProgress: ContinuousClock.Instant
    /// Why the search stopped early, if a budget (not a depth bound) stopped it.
    var cutoff: SearchCutoff?
    /// The table's count when a coming growth was last found within the memory budget.
    var growthCheckedAt = -1
    /// The sizes of the levels expanded so far whose states were all stored (none lost to a full table).
    var completeLevelSizes: [Int] = []

    /// A search of `checker`'s graph from `initial`; `stateLimit` replaces the graph's
    /// `maxStates`, and `edgeActionLimit` keeps each edge's action while the table holds at
    /// most that many states (both for the state graph); `transitionLimit` stops a probe after
    /// that many steps.
    init(checker: Checker<R>, initial: NavigationState<R>, stateLimit: Int? = nil, edgeActionLimit: Int? = nil, transitionLimit: Int? = nil,
         probeExtension: ExplicitProbeExtension? = nil) {
        WorkTally.record(.search)
        self.checker = checker
        self.model = checker.model
        self.graph = checker.graph
        self.initial = initial
        table = StateTable(exact: checker.options.storage == .exact, tabs: initial.tabs.count)
        upcoming = FrontierBytes(keepsBytes: checker.options.storage != .exact)
        let graph = checker.graph
        bounds = graph.bounds
        self.stateLimit = stateLimit ?? graph.bounds.maxStates
        self.transitionLimit = transitionLimit ?? Int.max
        self.probeExtension = probeExtension
        judgesDeclaredProperties = !graph.properties.isEmpty
        recordsEdges = checker.options.checkTraps || edgeActionLimit != nil || !graph.properties.isEmpty
        recordsEdgeActions = edgeActionLimit != nil
        let tabCount = max(1, checker.graph.tabs.count, initial.tabs.count)
        tracksHomeReach = checker.options.checkTraps && tabCount <= 8
        reachesEveryHome = UInt8(truncatingIfNeeded: (1 << tabCount) - 1)
        measuresTaps = checker.options.tapDistances
        flagNames = measuresTaps && graph.flags.count <= TapDistances.maxFlagsForCombinations ? graph.flags.map(\.name) : []
        self.edgeActionLimit = edgeActionLimit ?? 0
        progress = checker.options.progress
        progressInterval = checker.options.progressInterval
        cancellation = checker.options.cancellation
        memoryBudget = checker.options.budget.memoryBytes(for: graph)
        let start = started
        deadline = checker.options.budget.timeLimit.map { start + $0 }
        nextCheck = start
        nextProgress = start + checker.options.progressInterval
        encoder = StateEncoder(routes: graph.routes.flatMap(\.samples), flags: graph.flags.map(\.name))
        packedSteps = PackedSteps(model: checker.model, encoder: encoder)
        properties = PropertyObservations(model: checker.model)
        let ownership = checker.model.executor.engine.rules.ownership
        priorityOwnership = ownership?.declarations.contains { $0.priority == .high } == true ? ownership : nil
        initialWithinBounds = Checker.boundCut(initial, graph.bounds) == nil
    }

    mutating func explore() throws(CheckerError) {
        properties.observeLaunchLinks(model.pipeline, initial: initial)
        guard case .inserted = try store(initial, parent: -1, action: 0) else { return }
        // Each parent is decoded once, and each of its actions is applied in place to one
        // working state, turned back into the parent after the action (see the loop below).
        // Neither shares its storage with anything, so decoding, undoing and stepping copy
        // nothing.
        var parent = initial
        var work = initial
        var actions = ActionList(capacity: model.maxActions)
        var actionCache = ActionCache(width: model.maxActions)
        search: while !upcoming.isEmpty {
            levels += 1
            let frontier = upcoming
            upcoming = FrontierBytes(keepsBytes: !table.exact)
            if cutStates == 0 { completeLevelSizes.append(frontier.count) }
            let model = self.model
            // Without middleware nearly every step has a known inverse (see `StepInverse`):
            // then the parent is decoded straight into the working state, each step is undone
            // after it, and the parent is decoded again only after a step without an inverse.
            // A step with an inverse changed only the active stack's top or the flags, so its
            // successor's encoding is the parent's bytes, patched there. With middleware the
            // parent is decoded into a state of its own and the working state is reset to it
            // before each step.
            let decodesIntoWork = model.runsEngineAlone
            // A step with a packed form that leads to a stored state (most steps of a large
            // search) is settled on the parent's bytes, without running the runtime.
            let usesPackedSteps = decodesIntoWork && packedSteps.isEnabled && initialWithinBounds
            let packedSuccess = GraphModel<R>.Effects()
            for position in 0..<frontier.count {
                // Budgets, cancellation and progress: a clock read every 256 states.
                if position & 255 == 0, let budget = checkpoint(waiting: frontier.count - position + upcoming.count) {
                    stop(by: budget, unexpanded: frontier.count - position + upcoming.count)
                    break search
                }
                // The table doubles its slots or its arena at once: a budget read every 50 ms
                // let a 200 MB run reach 251 MB. Near a growth, the memory is read before each
                // state is expanded, and the search stops before a growth that would pass it.
                if growthPassesBudget(adding: model.maxActions) {
                    stop(by: .maxMemory, unexpanded: frontier.count - position + upcoming.count)
                    break search
                }
                // A probe's work budget: as many steps as a small search, however many
                // actions each state has (40 flags' events are 80 a state).
                if transitionsApplied >= transitionLimit || (transitionLimit < Int.max && cutStates > 0),
                   !extendsProbe(expanded: frontier.first + position) {
                    stop(by: .maxStates, unexpanded: frontier.count - position + upcoming.count)
                    break search
                }
                let index = frontier.first + position
                if decodesIntoWork {
                    parentEncoding.hold(position, of: frontier, in: table, tabs: work.tabs.count)
                    try restore(&work, from: parentEncoding.encoding, index)
                    // Patched successors are written into the buffer unchecked: room for the largest.
                    _ = encodingBuffer.reserve(parentEncoding.successorCapacity)
                    #if DEBUG
                    parent = work  // only to check every undo against
                    #endif
                    model.actions(in: work, into: &actions, cache: &actionCache)
                } else {
                    try restore(&parent, from: frontier, position)
                    model.actions(in: parent, into: &actions, cache: &actionCache)
                }
                beginExpanding(index)
                let parentTop = decodesIntoWork ? work.top : nil
                let parentFlags = decodesIntoWork ? work.flags : FlagSet()
                // Read only where packed steps run: then `work` holds the decoded parent.
                let facts = usesPackedSteps ? PackedSteps.facts(of: work, flagIDs: parentEncoding.flagIDs) : nil
                for slot in 0..<actions.count {
                    let action = actions[slot]
                    if let facts, parentEncoding.isLaidOut,
                       let outcome = try packedOutcome(of: action, packedSteps.step(for: action), facts, from: index,
                                                       on: &work, parentTop: parentTop, parentFlags: parentFlags) {
                        #if DEBUG
                        checkPackedStep(action, on: parent, work: work, outcome)
                        #endif
                        process(action, packedSuccess, top: nil, outcome, from: index)
                        continue
                    }
                    if !decodesIntoWork { work.reset(to: parent) }
                    let effects = model.apply(action, on: &work)
                    let inverse = StepInverse(of: action, effects, in: model)
                    let outcome: Outcome
                    if let cut = boundCut(work, undoneBy: inverse) {
                        outcome = .cut(cut)
                    } else if decodesIntoWork, let patched = encode(work, undoneBy: inverse) {
                        outcome = .stored(try store(work, patched.bytes, key: patched.key, parent: index, action: action.code))
                    } else {
                        outcome = .stored(try store(work, parent: index, action: action.code))
                    }
                    process(action, effects, top: work.top, outcome, from: index)
                    guard decodesIntoWork else { continue }
                    if !inverse.undo(on: &work, top: parentTop, flags: parentFlags) {
                        try restore(&work, from: parentEncoding.encoding, index)
                    }
                    #if DEBUG
                    assert(work == parent, "undoing a step (\(inverse)) did not give back the state it was applied to")
                    #endif
                }
                endExpanding(index)
            }
        }
        // A full table lets the search expand every state it stored, but their successors
        // beyond it were never looked at.
        if cutoff == nil && cutStates > 0 { stop(by: .maxStates, unexpanded: 0) }
    }

    /// Where a successor went: past a bound, or to the table (new, known, or not stored
    /// because the table is full).
    enum Outcome {
        case cut(BoundCut.Bound)
        case stored(Stored)
    }

    enum Stored { case inserted(Int), known(Int), full }

    /// One successor of the frontier state numbered `index`, reached by `action`, that went to
    /// `outcome`: the per-step properties (`top` is the successor's visible route), the bounds'
    /// counts, coverage and the edge for the no-trap check.
    mutating func process(_ action: ExplorerAction, _ effects: borrowing GraphModel<R>.Effects, top: R?,
                          _ outcome: Outcome, from index: Int) {
        transitionsApplied += 1
        // Most steps ran every command successfully and opened no link: nothing to observe.
        if !effects.succeeded || effects.hasDeepLink || effects.hasRequests || effects.hasReroutes { properties.observe(step: action, effects, top: top, from: index) }
        let stored: Stored
        switch outcome {
        case .cut(.maxModalDepth):
            cutModal += 1
            properties.observe(cut: action)
            return
        case .cut(.maxStackDepth):
            cutStack += 1
            properties.observe(cut: action)
            return
        case .cut(.maxStates): stored = .full
        case .stored(let place): stored = place
        }
        let succeeded = effects.succeeded
        switch stored {
        case .inserted(let newIndex):
            properties.observe(taken: action, succeeded: succeeded, changedState: true)
            recordEdge(index, newIndex, action)
            if measuresTaps && action.isUserAction { userEdges.append(from: index, to: newIndex, action: action.code) }
        case .known(let known):
            properties.observe(taken: action, succeeded: succeeded, changedState: known != index)
            if known != index { recordEdge(index, known, action) }
            if measuresTaps && known != index && action.isUserAction {
                userEdges.append(from: index, to: known, action: action.code)
            }
        case .full:
            cutStates += 1
            complete = false
        }
    }

    private mutating func recordEdge(_ from: Int, _ to: Int, _ action: ExplorerAction) {
        guard recordsEdges else { return }
        if recordsEdgeActions && table.count > edgeActionLimit { stopRecordingEdgeActions() }
        let edge = NoTrapSearch.Edge(source: Int32(truncatingIfNeeded: from), target: Int32(truncatingIfNeeded: to))
        if tracksHomeReach { expandedReach |= reachesHome[to] }
        if holdsEdges {
            // Once the state is known to reach every tab's root, its edges will be dropped.
            if expandedReach != reachesEveryHome { expandedEdges.append(edge) }
            return
        }
        edges.append(edge)
        if recordsEdgeActions { edgeActions.append(action.code) }
        if judgesDeclaredProperties { propertyEdgeActions.append(action.code) }
    }

    /// Past the state graph's limit: its edges' actions are let go, and the edges too unless
    /// no-trap or the declared properties need them.
    private mutating func stopRecordingEdgeActions() {
        recordsEdgeActions = false
        edgeActions = []
        if !checker.options.checkTraps && !judgesDeclaredProperties {
            recordsEdges = false
            edges = []
        }
    }

    mutating func store(_ state: NavigationState<R>, parent: Int, action: UInt32) throws(CheckerError) -> Stored {
        let bytes: UnsafeBufferPointer<UInt8>
        do { bytes = try encoder.encode(state, into: encodingBuffer) } catch {
            switch error {
            case .tooLarge: throw .stateTooLarge
            case .tooManyRoutes: throw .tooManyRoutes
            }
        }
        return try store(state, bytes, key: table.key(of: bytes), parent: parent, action: action)
    }

    /// Stores `state`, encoded as `bytes` with `key`, unless it is known or the table is full,
    /// and has the properties judge a new state.
    mutating func store(_ state: NavigationState<R>, _ bytes: UnsafeBufferPointer<UInt8>, key: StateKey,
                        parent: Int, action: UInt32) throws(CheckerError) -> Stored {
        if table.count >= stateLimit {
            // Full: only known states can still be found.
            return table.find(bytes, key: key).map(Stored.known) ?? .full
        }
        let (index, inserted) = table.insert(bytes, key: key)
        guard inserted else { return .known(index) }
        upcoming.append(bytes, index: index)
        parents.append(parent: parent, action: action)
        let home = NoTrapSearch.home(of: state)
        homes.append(home)
        if tracksHomeReach { reachesHome.append(home & 0x80 == 0 ? 0 : UInt8(truncatingIfNeeded: 1 << (home & 0x7F))) }
        if let priorityOwnership { inPriorityFlow.append(priorityOwnership.highPriorityLevel(in: state) != nil) }
        if measuresTaps { noteTop(of: state) }
        properties.observe(state: state, index: index)
        return .inserted(index)
    }

    /// Rewrites `state` in place into the state numbered `index`, encoded as `bytes`.
    func restore(_ state: inout NavigationState<R>, from bytes: UnsafeBufferPointer<UInt8>, _ index: Int) throws(CheckerError) {
        if !encoder.decode(bytes, into: &state) { throw .internalError("state \(index) did not decode") }
    }

    /// Rewrites `state` in place into the frontier state at `position`.
    func restore(_ state: inout NavigationState<R>, from frontier: FrontierBytes, _ position: Int) throws(CheckerError) {
        let decoded = table.withBytes(at: position, of: frontier) { encoder.decode($0, into: &state) }
        if !decoded { throw .internalError("state \(frontier.first + position) did not decode") }
    }
}
