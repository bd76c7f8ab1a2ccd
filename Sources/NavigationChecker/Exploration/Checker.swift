import Dispatch
import NavigationCore
import NavigationGraph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Explores every navigation state of a graph reachable within its bounds, breadth-first, and
/// checks its properties.
///
/// ```swift
/// let result = try Checker(graph).run()
/// for failure in result.failures {
///     print(failure.name, failure.message)
///     print(failure.trace?.formatted ?? "")
/// }
/// ```
///
/// Every action runs through the graph's executor (NavigationCore's engine and the graph's
/// guard middleware) and deep-link pipeline: the code the app runs. Breadth-first order makes
/// each trace a shortest one.
///
/// - Complexity: O(S × A) actions applied, for S states and A enabled actions per state; memory
///   is the state table (a few dozen bytes a state) plus one frontier level of states.
public struct Checker<R: Route>: Sendable {
    /// How to explore.
    public struct Options: Sendable {
        /// Exact (the default) or hash-compacted state storage.
        public var storage: CheckStatistics.Storage
        /// Whether to keep the state graph's edges to decide the no-trap property.
        public var checkTraps: Bool
        /// Called about every `progressInterval` while the search runs (a zero interval: at
        /// every check, which is at least once a level), with where it is.
        public var progress: (@Sendable (CheckProgress) -> Void)?
        public var progressInterval: Duration
        /// Memory and time the search may spend; running out stops it, inconclusive.
        public var budget: SearchBudget
        /// Stops the search from another thread; the result is inconclusive with what it explored.
        public var cancellation: CheckCancellation?
        /// Threads that compute successors (apply and encode) in parallel; 1 explores on the
        /// calling thread alone. Any number gives the same states, counts and shortest traces:
        /// successors are stored in the order one thread would store them.
        public var workers: Int

        public init(storage: CheckStatistics.Storage = .exact, checkTraps: Bool = true,
                    progress: (@Sendable (CheckProgress) -> Void)? = nil, progressInterval: Duration = .seconds(5),
                    budget: SearchBudget = SearchBudget(), cancellation: CheckCancellation? = nil, workers: Int = 1) {
            self.storage = storage
            self.checkTraps = checkTraps
            self.progress = progress
            self.progressInterval = progressInterval
            self.budget = budget
            self.cancellation = cancellation
            self.workers = workers
        }
    }

    public let graph: NavigationGraph<R>
    public let model: GraphModel<R>
    public let options: Options

    @_specialize(exported: true, where R == DynamicRoute)
    public init(_ graph: NavigationGraph<R>, options: Options = Options()) {
        self.graph = graph
        self.model = GraphModel(graph: graph)
        self.options = options
    }

    /// Lints, then explores, then judges every property.
    ///
    /// - Throws: ``CheckerError/lintErrors(_:file:)`` when lint finds errors (a graph with
    ///   undeclared names is never explored), ``CheckerError/invalidInitialState(_:)``.
    @_specialize(exported: true, where R == DynamicRoute)
    public func run() throws(CheckerError) -> CheckResult<R> {
        var exploration = Exploration(checker: self, initial: try lintedInitialState())
        try exploration.explore()
        return exploration.result()
    }

    /// The initial state of a graph that lint finds no errors in.
    func lintedInitialState() throws(CheckerError) -> NavigationState<R> {
        let errors = GraphLinter.lint(graph).filter { $0.severity == .error }
        guard errors.isEmpty else { throw .lintErrors(errors, file: graph.origin) }
        do { return try graph.initialState() } catch { throw .invalidInitialState(error.message) }
    }

    /// Which depth bound, if any, `state` exceeds.
    static func boundCut(_ state: NavigationState<R>, _ bounds: GraphBounds) -> BoundCut.Bound? {
        if state.modals.count > bounds.maxModalDepth { return .maxModalDepth }
        // By index: read in place, without a closure per stack.
        for index in state.tabs.indices where state.tabs[index].stack.routes.count > bounds.maxStackDepth { return .maxStackDepth }
        for index in state.modals.indices where state.modals[index].stack.routes.count > bounds.maxStackDepth { return .maxStackDepth }
        return nil
    }

    /// Replays `actions` from the initial state through the runtime and returns every state on
    /// the way, the initial one first.
    ///
    /// - Throws: ``CheckerError/actionNotEnabled(step:action:)`` when an action is not enabled
    ///   where the trace applies it.
    public func replay(_ actions: [ExplorerAction]) throws(CheckerError) -> [NavigationState<R>] {
        var state: NavigationState<R>
        do { state = try graph.initialState() } catch { throw .invalidInitialState(error.message) }
        var states = [state]
        for (index, action) in actions.enumerated() {
            guard model.actions(in: state).contains(action) else { throw .actionNotEnabled(step: index + 1, action: action) }
            state = model.apply(action, to: state).state
            states.append(state)
        }
        return states
    }

    /// The trace of `actions`, replayed.
    func trace(_ actions: [ExplorerAction]) -> CheckTrace<R>? {
        guard let states = try? replay(actions) else { return nil }
        var steps = [CheckTrace<R>.Step(action: nil, label: "start", state: states[0])]
        for (index, action) in actions.enumerated() {
            steps.append(.init(action: action, label: model.label(of: action), state: states[index + 1]))
        }
        return CheckTrace(steps: steps)
    }
}

/// A violation found while exploring: the state it is in (by number) and, for violations that
/// are about a step rather than a state, the action from that state.
struct Violation {
    let state: Int
    let action: ExplorerAction?
    let message: String
}

/// One run of the explorer: the table, parent links, the frontier and what was observed.
struct Exploration<R: Route> {
    let checker: Checker<R>
    let model: GraphModel<R>
    let graph: NavigationGraph<R>
    let initial: NavigationState<R>
    let started = ContinuousClock.now

    var table: StateTable
    var encoder: StateEncoder<R>
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
    /// Per state: the state it was first reached from, and by which action (its code).
    var parents: [ParentLink] = []
    struct ParentLink {
        let parent: Int32
        let action: UInt32
    }
    /// Per state: the selected tab's index, with the top bit set when the state is "home"
    /// (no modal, the selected tab's stack at its root): what no-trap looks for.
    var homes: [UInt8] = []
    /// Every step between two different stored states, for the no-trap check (one array of
    /// pairs: one append a step).
    var edges: [Edge] = []
    struct Edge {
        let source: Int32
        let target: Int32
    }

    var transitionsApplied = 0
    /// Frontiers processed; the last one (the farthest states) adds nothing, so the depth is one less.
    var levels = 0
    var complete = true
    var cutStack = 0, cutModal = 0, cutStates = 0

    var invariantViolations: [Int: Violation] = [:]
    var bypassViolations: [String: Violation] = [:]
    var linkViolations: [Violation] = []
    var redirectViolations: [Violation] = []
    var reachedRoutes: Set<String> = []
    /// Per declared transition, whether a step took it (an array: this is written on most steps).
    var takenTransitions: [Bool]

    let invariants: [@Sendable (NavigationState<R>) -> Bool]
    let guards: [String: @Sendable (NavigationState<R>) -> Bool]
    // Read on every step: kept apart from `checker` and `graph`, which reading through a
    // mutating method made the compiler copy whole.
    let bounds: GraphBounds
    let checkTraps: Bool
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
    /// The sizes of the levels expanded so far whose states were all stored (none lost to a full table).
    var completeLevelSizes: [Int] = []
    /// Per declared transition, the successors a depth bound cut: why a transition was never taken.
    var depthCutTransitions: [Int]

    /// What judging needs about a route on top: its name and its entry guard.
    struct TopFacts {
        let name: String
        let guarded: (@Sendable (NavigationState<R>) -> Bool)?
    }
    var topFacts: [TopFacts] = []
    /// Where each route's facts are in ``topFacts``.
    var topFactSlots = RouteMap<R, Int>()

    init(checker: Checker<R>, initial: NavigationState<R>) {
        self.checker = checker
        self.model = checker.model
        self.graph = checker.graph
        self.initial = initial
        table = StateTable(exact: checker.options.storage == .exact, tabs: initial.tabs.count)
        upcoming = FrontierBytes(keepsBytes: checker.options.storage != .exact)
        let graph = checker.graph
        bounds = graph.bounds
        checkTraps = checker.options.checkTraps
        progress = checker.options.progress
        progressInterval = checker.options.progressInterval
        cancellation = checker.options.cancellation
        memoryBudget = checker.options.budget.memoryBytes(for: graph)
        let start = started
        deadline = checker.options.budget.timeLimit.map { start + $0 }
        nextCheck = start
        nextProgress = start + checker.options.progressInterval
        depthCutTransitions = Array(repeating: 0, count: graph.transitions.count)
        encoder = StateEncoder(routes: graph.routes.flatMap(\.samples), flags: graph.flags.map(\.name))
        takenTransitions = Array(repeating: false, count: graph.transitions.count)
        invariants = graph.invariants.map { $0.condition.compile(routeName: graph.routeName) }
        var guards: [String: @Sendable (NavigationState<R>) -> Bool] = [:]
        for route in graph.routes { if let entryGuard = route.entryGuard { guards[route.name] = entryGuard.condition.compile(routeName: graph.routeName) } }
        self.guards = guards
        initialWithinBounds = Checker.boundCut(initial, graph.bounds) == nil
    }

    mutating func explore() throws(CheckerError) {
        checkDeepLinkExpectations()
        guard case .inserted = try store(initial, parent: -1, action: 0) else { return }
        let workers = max(1, checker.options.workers)
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
            if workers > 1 && frontier.count >= Self.parallelThreshold {
                var start = 0
                while start < frontier.count {
                    if let budget = checkpoint(waiting: frontier.count - start + upcoming.count) {
                        stop(by: budget, unexpanded: frontier.count - start + upcoming.count)
                        break search
                    }
                    let end = min(start + Self.chunkSize, frontier.count)
                    let expanded = expand(frontier, start..<end, workers: workers)
                    for (offset, successors) in expanded.enumerated() {
                        let index = frontier.first + start + offset
                        guard let successors else { throw .internalError("state \(index) did not decode") }
                        for successor in successors {
                            let outcome: Outcome
                            switch successor.target {
                            case .cut(let bound): outcome = .cut(bound)
                            case .known(let known): outcome = .stored(.known(known))
                            case .new(let encoded):
                                outcome = .stored(try store(successor.state, parent: index, action: successor.action.code, encoded: encoded))
                            }
                            process(successor.action, successor.effects, top: successor.top, outcome, from: index)
                        }
                    }
                    start = end
                }
            } else {
                let model = self.model
                // Without middleware nearly every step has a known inverse (see
                // `GraphModel.Undo`): then the parent is decoded straight into the working state,
                // each step is undone after it, and the parent is decoded again only after a step
                // without an inverse. A step with an inverse changed only the active stack's top
                // or the flags, so its successor's encoding is the parent's bytes, patched there.
                // With middleware the parent is decoded into a state of its own and the working
                // state is reset to it before each step.
                let decodesIntoWork = model.runsEngineAlone
                for position in 0..<frontier.count {
                    // Budgets, cancellation and progress: a clock read every 256 states.
                    if position & 255 == 0, let budget = checkpoint(waiting: frontier.count - position + upcoming.count) {
                        stop(by: budget, unexpanded: frontier.count - position + upcoming.count)
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
                    let parentTop = decodesIntoWork ? work.top : nil
                    let parentFlags = decodesIntoWork ? work.flags : FlagSet()
                    for slot in 0..<actions.count {
                        let action = actions[slot]
                        if !decodesIntoWork { work.reset(to: parent) }
                        let effects = model.apply(action, on: &work)
                        let outcome: Outcome
                        if let cut = boundCut(work, undoneBy: effects.undo) {
                            outcome = .cut(cut)
                        } else if decodesIntoWork, let patched = encode(work, undoneBy: effects.undo) {
                            outcome = .stored(try store(work, patched.bytes, key: patched.key, parent: index, action: action.code))
                        } else {
                            outcome = .stored(try store(work, parent: index, action: action.code))
                        }
                        process(action, effects, top: work.top, outcome, from: index)
                        guard decodesIntoWork else { continue }
                        if !model.undoInPlace(effects.undo, on: &work, top: parentTop, flags: parentFlags) {
                            try restore(&work, from: parentEncoding.encoding, index)
                        }
                        #if DEBUG
                        assert(work == parent, "undoing a step (\(effects.undo)) did not give back the state it was applied to")
                        #endif
                    }
                }
            }
        }
        // A full table lets the search expand every state it stored, but their successors
        // beyond it were never looked at.
        if cutoff == nil && cutStates > 0 { stop(by: .maxStates, unexpanded: 0) }
    }

    /// Where the search is against its budgets: at most every 50 milliseconds (at every call
    /// when progress is asked for at every check) reads whether it was cancelled, the time and
    /// the resident memory, and reports progress when it is due. Returns the budget that ran out.
    private mutating func checkpoint(waiting: Int) -> SearchCutoff.Budget? {
        let now = ContinuousClock.now
        guard now >= nextCheck else { return nil }
        nextCheck = now + (progressInterval == .zero ? .zero : .milliseconds(50))
        if cancellation?.isCancelled == true { return .interrupted }
        if let deadline, now >= deadline { return .timeout }
        let resident = max(ProcessMemory.residentBytes(), countedBytes)
        if resident >= memoryBudget { return .maxMemory }
        if let progress, now >= nextProgress {
            nextProgress = now + progressInterval
            let elapsed = Self.seconds(now - started)
            var uses = [CheckProgress.BudgetUse(budget: .maxStates, used: Double(table.count) / Double(max(1, bounds.maxStates)),
                                                limit: CheckProgress.grouped(bounds.maxStates) + " states"),
                        CheckProgress.BudgetUse(budget: .maxMemory, used: Double(resident) / Double(max(1, memoryBudget)),
                                                limit: MemorySize.text(memoryBudget))]
            if let limit = checker.options.budget.timeLimit {
                uses.append(CheckProgress.BudgetUse(budget: .timeout, used: elapsed / max(Self.seconds(limit), 1e-9), limit: Self.secondsText(limit)))
            }
            let closest = uses.max { $0.used < $1.used } ?? uses[0]
            progress(CheckProgress(states: table.count, transitions: transitionsApplied, level: max(0, levels - 1), waiting: waiting,
                                   elapsedSeconds: elapsed, residentBytes: resident, closestBudget: closest))
        }
        return nil
    }

    /// The bytes the table, parent links and edges take, counted from their sizes.
    private var countedBytes: Int {
        table.memoryBytes + parents.count * MemoryLayout<ParentLink>.stride + homes.count + edges.count * MemoryLayout<Edge>.stride
    }

    /// Records that `budget` stopped the search with `unexpanded` states never expanded.
    private mutating func stop(by budget: SearchCutoff.Budget, unexpanded: Int) {
        complete = false
        let options = checker.options
        let limit = switch budget {
        case .maxStates: CheckProgress.grouped(bounds.maxStates) + " states"
        case .maxMemory: MemorySize.text(memoryBudget)
        case .timeout: options.budget.timeLimit.map { Self.secondsText($0) } ?? "?"
        case .interrupted: "cancelled"
        }
        let figures = SearchCutoff.Figures(
            states: table.count, completeLevelSizes: completeLevelSizes,
            bytesPerState: table.count == 0 ? 0 : Double(countedBytes) / Double(table.count),
            memoryBudget: memoryBudget, seconds: Self.seconds(ContinuousClock.now - started), bounds: bounds,
            depthBoundsCut: cutStack > 0 || cutModal > 0)
        cutoff = SearchCutoff(budget: budget, limit: limit, unexpanded: unexpanded, successorsNotStored: cutStates,
                              level: max(0, levels - 1), figures: figures)
    }

    /// Which depth bound, if any, `state` exceeds, a successor that `undo` turns back into its
    /// parent: a push can only have deepened the active stack, a pop or a change of flags
    /// deepened nothing (every stored state is within the bounds, the initial one checked).
    @inline(__always)
    private func boundCut(_ state: NavigationState<R>, undoneBy undo: GraphModel<R>.Undo) -> BoundCut.Bound? {
        guard initialWithinBounds else { return Checker.boundCut(state, bounds) }
        switch undo {
        case .removeTop: return state.depth > bounds.maxStackDepth ? .maxStackDepth : nil
        case .restoreTop, .flags: return nil
        case .full: return Checker.boundCut(state, bounds)
        }
    }

    /// Rewrites `state` in place into the state numbered `index`, encoded as `bytes`.
    private func restore(_ state: inout NavigationState<R>, from bytes: UnsafeBufferPointer<UInt8>, _ index: Int) throws(CheckerError) {
        if !encoder.decode(bytes, into: &state) { throw .internalError("state \(index) did not decode") }
    }

    /// The encoding of `state`, a successor of the state held in ``parentEncoding`` that
    /// `undo` turns back into it, patched from the parent's bytes, and its key: `undo` says the
    /// step changed only the active stack's top or the flags. `nil` for any other step, and for
    /// what only the general way encodes (a route without an id, a flag numbered from 64 on).
    /// Debug builds check every patched encoding and key against the general ones.
    @inline(__always)
    private mutating func encode(_ state: NavigationState<R>, undoneBy undo: GraphModel<R>.Undo) -> KeyedEncoding? {
        let patched: KeyedEncoding?
        switch undo {
        case .removeTop:
            guard let top = state.top, let id = encoder.knownID(of: top) else { return nil }
            patched = parentEncoding.pushing(id, into: encodingBuffer.base)
        case .restoreTop: patched = parentEncoding.popping(into: encodingBuffer.base)
        case .flags:
            guard let ids = encoder.flagIDs(of: state.flags) else { return nil }
            patched = parentEncoding.withFlags(ids, into: encodingBuffer.base)
        case .full: return nil
        }
        #if DEBUG
        if let patched {
            let fresh = try? encoder.encode(state, into: checkingBuffer)
            assert(fresh.map(Array.init) == Array(patched.bytes), "a successor's patched encoding (\(undo)) differs from its own")
            assert(patched.key == table.key(of: patched.bytes), "a successor's patched key (\(undo)) differs from its own")
        }
        #endif
        return patched
    }

    /// Rewrites `state` in place into the frontier state at `position`.
    private func restore(_ state: inout NavigationState<R>, from frontier: FrontierBytes, _ position: Int) throws(CheckerError) {
        let decoded = table.withBytes(at: position, of: frontier) { encoder.decode($0, into: &state) }
        if !decoded { throw .internalError("state \(frontier.first + position) did not decode") }
    }

    /// Frontier levels smaller than this are expanded on one thread.
    static var parallelThreshold: Int { 512 }
    /// Frontier states expanded in parallel before their successors are merged in order.
    static var chunkSize: Int { 4_096 }

    /// Where a successor leads: past a depth bound, to a state already stored (found by a
    /// worker), or to a new state, with its encoding when a worker's copy of the encoder knew
    /// every route, flag and pending link in it.
    enum Target: Sendable {
        case cut(BoundCut.Bound)
        case known(Int)
        case new(encoded: [UInt8]?)
    }

    /// A successor computed by a worker: the action, what it did, and where it leads.
    struct Successor: Sendable {
        let action: ExplorerAction
        /// The successor when its target is new; otherwise the initial state stands in (which
        /// costs only references), so the successor's own storage stays with its worker.
        let state: NavigationState<R>
        let effects: GraphModel<R>.Effects
        /// The successor's visible route, for checking where a deep link landed.
        let top: R?
        let target: Target
    }

    /// Applies every enabled action to each state of `states` on `workers` threads, encodes the
    /// successors with copies of the encoder that do not intern, and looks them up in the table
    /// (read-only while the workers run). The merge then stores the rest in exactly the order one
    /// thread would have, so counts, tables and traces are identical.
    private func expand(_ frontier: FrontierBytes, _ positions: Range<Int>, workers: Int) -> [[Successor]?] {
        let model = self.model
        let bounds = self.bounds
        let table = self.table
        let initial = self.initial
        let base = positions.lowerBound
        let count = positions.count
        // `nil` for a state that did not decode (a bug: every frontier state was encoded by the
        // encoder the workers' encoders are copies of).
        let output = UnsafeMutableBufferPointer<[Successor]?>.allocate(capacity: count)
        output.initialize(repeating: [])
        defer {
            // The successor arrays are copied out below; release the buffer's own references.
            _ = output.deinitialize()
            output.deallocate()
        }
        let encoders = UnsafeMutableBufferPointer<StateEncoder<R>>.allocate(capacity: workers)
        encoders.initialize(repeating: encoder)
        defer {
            _ = encoders.deinitialize()
            encoders.deallocate()
        }
        let shared = ExpansionBuffers(output: output, encoders: encoders)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let encodingBuffer = EncodingBuffer()
            var actions = ActionList(capacity: model.maxActions)
            // The same parent and working state as on one thread (see `explore()`); only a new
            // state is handed on, as a copy.
            var parent = initial
            var work = initial
            var offset = worker
            while offset < count {
                var successors: [Successor] = []
                // Every frontier state was encoded by the encoder these are copies of.
                guard table.withBytes(at: base + offset, of: frontier, { shared.encoders[worker].decode($0, into: &parent) }) else {
                    shared.output[offset] = nil
                    offset += workers
                    continue
                }
                model.actions(in: parent, into: &actions)
                successors.reserveCapacity(actions.count)
                for slot in 0..<actions.count {
                    let action = actions[slot]
                    work.reset(to: parent)
                    let effects = model.apply(action, on: &work)
                    let top = work.top
                    let target: Target
                    if let cut = Checker.boundCut(work, bounds) {
                        target = .cut(cut)
                    } else {
                        if let bytes = shared.encoders[worker].encodeKnown(work, into: encodingBuffer) {
                            // Nothing stores while the workers run, so reading the table is safe,
                            // and a state found now keeps its number.
                            target = table.find(bytes, key: table.key(of: bytes)).map { .known($0) } ?? .new(encoded: Array(bytes))
                        } else {
                            target = .new(encoded: nil)
                        }
                    }
                    // For any successor but a new one the initial state stands in (which costs
                    // only references): nothing reads it.
                    if case .new = target {
                        successors.append(Successor(action: action, state: work, effects: effects, top: top, target: target))
                    } else {
                        successors.append(Successor(action: action, state: initial, effects: effects, top: top, target: target))
                    }
                }
                shared.output[offset] = successors
                offset += workers
            }
        }
        return Array(output)
    }

    /// Where a successor went: past a bound, or to the table (new, known, or not stored
    /// because the table is full).
    enum Outcome {
        case cut(BoundCut.Bound)
        case stored(Stored)
    }

    /// One successor of the frontier state numbered `index`, reached by `action`, that went to
    /// `outcome`: the per-step properties (`top` is the successor's visible route), the bounds'
    /// counts, coverage and the edge for the no-trap check.
    private mutating func process(_ action: ExplorerAction, _ effects: borrowing GraphModel<R>.Effects, top: R?,
                                  _ outcome: Outcome, from index: Int) {
        transitionsApplied += 1
        // Most steps ran every command successfully and opened no link: nothing to observe.
        if !effects.succeeded || effects.hasDeepLink { observe(action, effects, top: top, from: index) }
        let stored: Stored
        switch outcome {
        case .cut(.maxModalDepth):
            cutModal += 1
            if case .transition(let transition, _) = action { depthCutTransitions[transition] += 1 }
            return
        case .cut(.maxStackDepth):
            cutStack += 1
            if case .transition(let transition, _) = action { depthCutTransitions[transition] += 1 }
            return
        case .cut(.maxStates): stored = .full
        case .stored(let place): stored = place
        }
        let succeeded = effects.succeeded
        switch stored {
        case .inserted(let newIndex):
            if case .transition(let transition, _) = action, succeeded { noteTaken(transition) }
            recordEdge(index, newIndex)
        case .known(let known):
            if case .transition(let transition, _) = action, known != index, succeeded { noteTaken(transition) }
            if known != index { recordEdge(index, known) }
        case .full:
            cutStates += 1
            complete = false
        }
    }

    /// Marks `transition` taken, reading first: it mostly is already, and then the array is
    /// not written (a write checks that the array is not shared).
    @inline(__always)
    private mutating func noteTaken(_ transition: Int) {
        if !takenTransitions[transition] { takenTransitions[transition] = true }
    }

    private mutating func recordEdge(_ from: Int, _ to: Int) {
        guard checkTraps else { return }
        edges.append(Edge(source: Int32(truncatingIfNeeded: from), target: Int32(truncatingIfNeeded: to)))
    }

    enum Stored { case inserted(Int), known(Int), full }

    private mutating func store(_ state: NavigationState<R>, parent: Int, action: UInt32, encoded: [UInt8]? = nil) throws(CheckerError) -> Stored {
        if let encoded {
            return try encoded.withUnsafeBufferPointer { bytes throws(CheckerError) in
                try store(state, bytes, key: table.key(of: bytes), parent: parent, action: action)
            }
        }
        let bytes: UnsafeBufferPointer<UInt8>
        do { bytes = try encoder.encode(state, into: encodingBuffer) } catch {
            switch error {
            case .tooLarge: throw .stateTooLarge
            case .tooManyRoutes, .unknown: throw .tooManyRoutes
            }
        }
        return try store(state, bytes, key: table.key(of: bytes), parent: parent, action: action)
    }

    /// Stores `state`, encoded as `bytes` with `key`, unless it is known or the table is full.
    private mutating func store(_ state: NavigationState<R>, _ bytes: UnsafeBufferPointer<UInt8>, key: StateKey,
                                parent: Int, action: UInt32) throws(CheckerError) -> Stored {
        if table.count >= bounds.maxStates {
            // Full: only known states can still be found.
            return table.find(bytes, key: key).map(Stored.known) ?? .full
        }
        let (index, inserted) = table.insert(bytes, key: key)
        guard inserted else { return .known(index) }
        upcoming.append(bytes, index: index)
        parents.append(ParentLink(parent: Int32(truncatingIfNeeded: parent), action: action))
        let home = state.modals.isEmpty && state.depth == 1
        homes.append(UInt8(truncatingIfNeeded: state.selectedTabIndex & 0x7F) | (home ? 0x80 : 0))
        judge(state, index: index)
        return .inserted(index)
    }

    /// The per-state properties: invariants, guard bypass, and route coverage.
    private mutating func judge(_ state: NavigationState<R>, index: Int) {
        for (position, invariant) in invariants.enumerated() where invariantViolations[position] == nil && !invariant(state) {
            invariantViolations[position] = Violation(state: index, action: nil, message: "'\(graph.invariants[position].condition.text)' is false")
        }
        guard let top = state.top else { return }
        // A route's name and guard are looked up once per distinct route, not once per state.
        let slot: Int
        if let known = topFactSlots[top] {
            slot = known
        } else {
            let name = graph.routeName(top)
            reachedRoutes.insert(name)
            slot = topFacts.count
            topFacts.append(TopFacts(name: name, guarded: guards[name]))
            topFactSlots[top] = slot
        }
        if let condition = topFacts[slot].guarded, bypassViolations[topFacts[slot].name] == nil, !condition(state) {
            let name = topFacts[slot].name
            let text = graph.route(named: name)?.entryGuard?.condition.text ?? ""
            bypassViolations[name] = Violation(state: index, action: nil, message: "\(name) is on top while its guard '\(text)' is false")
        }
    }

    /// The per-step properties: guard redirect loops, and deep links landing where they should.
    private mutating func observe(_ action: ExplorerAction, _ effects: borrowing GraphModel<R>.Effects, top: R?, from index: Int) {
        for result in effects.unsuccessful { noteRedirectProblem(result, action: action, index: index) }
        guard let outcome = effects.deepLink else { return }
        var expected: DeepLinkDeclaration<R>.Expectation?
        if case .openLink(let sample) = action { expected = model.samples[sample].expect }
        // Only a violation's message needs the URL: not copied on every step.
        var sampleText: String {
            if case .openLink(let sample) = action { return model.samples[sample].url }
            return "the pending link"
        }
        switch outcome {
        case .navigated(let plan, let transaction):
            if case .rolledBack(_, let result, _) = transaction {
                noteRedirectProblem(result, action: action, index: index)
                note(link: Violation(state: index, action: action, message: "\(sampleText) was planned to \(plan.destination) but did not land: \(result)"))
            } else if let landed = top, landed != Self.plannedTop(plan) {
                note(link: Violation(state: index, action: action, message: "\(sampleText) was planned to \(Self.plannedTop(plan)) but landed on \(landed)"))
            }
            if let expected, expected == .rejected || expected == .unhandled {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expected.rawValue) but navigated"))
            }
        case .parked:
            if let expected, expected != .pending {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expected.rawValue) but was parked as pending"))
            }
        case .rejected(let reason):
            if let expected, expected != .rejected {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expected.rawValue) but was rejected: \(reason)"))
            }
        case .unhandled:
            if let expected, expected != .unhandled {
                note(link: Violation(state: index, action: action, message: "\(sampleText) is declared \(expected.rawValue) but no pattern handles it"))
            }
        case .stillPending:
            break
        }
    }

    private static func plannedTop(_ plan: NavigationPlan<R>) -> R {
        plan.modal?.routes.last ?? plan.stack.last ?? plan.destination
    }

    private mutating func note(link violation: Violation) {
        if linkViolations.count < 64 { linkViolations.append(violation) }
    }

    private mutating func noteRedirectProblem(_ result: NavigationResult<R>, action: ExplorerAction, index: Int) {
        guard redirectViolations.isEmpty, let failure = result.firstFailure else { return }
        switch failure {
        case .redirectLoop, .redirectLimitExceeded:
            redirectViolations.append(Violation(state: index, action: action, message: "guard redirects never settle: \(failure)"))
        default: break
        }
    }

    /// Each sample URL, opened in the initial state, must do what the graph declares.
    private mutating func checkDeepLinkExpectations() {
        guard let pipeline = model.pipeline else { return }
        for (index, sample) in model.samples.enumerated() {
            let actual: DeepLinkDeclaration<R>.Expectation = switch pipeline.decide(sample.url, in: initial) {
            case .plan: .plan
            case .pending: .pending
            case .rejected: .rejected
            case .unhandled: .unhandled
            }
            if actual != sample.expect {
                note(link: Violation(state: 0, action: .openLink(index),
                                     message: "\(sample.url) is declared \(sample.expect.rawValue) but opening it at launch gives \(actual.rawValue)"))
            }
        }
    }

    // MARK: Results

    private func actions(to index: Int) -> [ExplorerAction] {
        var actions: [ExplorerAction] = []
        var current = index
        while current > 0 {
            actions.append(ExplorerAction(code: parents[current].action))
            current = Int(parents[current].parent)
        }
        return actions.reversed()
    }

    private func trace(_ violation: Violation) -> CheckTrace<R>? {
        checker.trace(actions(to: violation.state) + (violation.action.map { [$0] } ?? []))
    }

    /// The first state (in breadth-first order, so the nearest) from which the selected tab's
    /// root can never be reached again, if any.
    private func firstTrap() -> (state: Int, tab: Int)? {
        let count = table.count
        // Reverse adjacency in compressed form: for each state, the states with an edge into it.
        var offsets = [Int32](repeating: 0, count: count + 1)
        for edge in edges { offsets[Int(edge.target) + 1] += 1 }
        for index in 0..<count { offsets[index + 1] += offsets[index] }
        var fill = offsets
        var sources = [Int32](repeating: 0, count: edges.count)
        for edge in edges {
            let target = edge.target
            sources[Int(fill[Int(target)])] = edge.source
            fill[Int(target)] += 1
        }
        var trapped: (state: Int, tab: Int)?
        for tab in 0..<max(1, graph.tabs.count) {
            var canReachHome = [Bool](repeating: false, count: count)
            var queue: [Int32] = []
            for index in 0..<count where homes[index] == UInt8(0x80 | tab) {
                canReachHome[index] = true
                queue.append(Int32(index))
            }
            var head = 0
            while head < queue.count {
                let state = Int(queue[head])
                head += 1
                for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                    let source = Int(sources[position])
                    if !canReachHome[source] {
                        canReachHome[source] = true
                        queue.append(Int32(source))
                    }
                }
            }
            if let first = (0..<count).first(where: { Int(homes[$0] & 0x7F) == tab && !canReachHome[$0] }),
               trapped.map({ first < $0.state }) ?? true {
                trapped = (first, tab)
            }
        }
        return trapped
    }

    func result() -> CheckResult<R> {
        var verdicts: [PropertyVerdict<R>] = []
        for (position, invariant) in graph.invariants.enumerated() {
            if let violation = invariantViolations[position] {
                verdicts.append(.init(kind: .invariant, name: invariant.name, status: .failed, message: violation.message,
                                      trace: trace(violation), location: invariant.location))
            } else {
                verdicts.append(.init(kind: .invariant, name: invariant.name, status: .passed,
                                      message: "holds in all \(table.count) states", trace: nil, location: invariant.location))
            }
        }
        let guarded = graph.routes.filter { $0.entryGuard != nil }
        if let (name, violation) = bypassViolations.min(by: { $0.value.state < $1.value.state }) {
            let more = bypassViolations.count > 1 ? " (and \(bypassViolations.count - 1) more route\(bypassViolations.count > 2 ? "s" : ""))" : ""
            verdicts.append(.init(kind: .guardBypass, name: "guard bypass", status: .failed, message: violation.message + more,
                                  trace: trace(violation), location: graph.route(named: name)?.location))
        } else {
            verdicts.append(.init(kind: .guardBypass, name: "guard bypass", status: .passed,
                                  message: guarded.isEmpty ? "no route has a guard" : "no guarded route is ever on top with its guard false",
                                  trace: nil, location: nil))
        }
        if checker.options.checkTraps {
            if let trap = firstTrap() {
                let tabName = graph.tabs.indices.contains(trap.tab) ? "tab \(graph.tabs[trap.tab].id.name)'s root" : "the root"
                verdicts.append(.init(kind: .noTrap, name: "no trap", status: complete ? .failed : .inconclusive,
                                      message: "from here \(tabName) can never be reached again\(complete ? "" : " within the states explored")",
                                      trace: trace(Violation(state: trap.state, action: nil, message: "")), location: nil))
            } else {
                verdicts.append(.init(kind: .noTrap, name: "no trap", status: .passed,
                                      message: "the current tab's root is reachable again from every state", trace: nil, location: nil))
            }
        }
        if model.pipeline != nil {
            if let violation = linkViolations.min(by: { $0.state < $1.state }) {
                let more = linkViolations.count > 1 ? " (\(linkViolations.count) problems in all)" : ""
                let location = violation.action.flatMap { action -> SourceLocation? in
                    if case .openLink(let sample) = action { return model.samples[sample].location }
                    return nil
                }
                verdicts.append(.init(kind: .deepLinks, name: "deep links", status: .failed, message: violation.message + more,
                                      trace: trace(violation), location: location))
            } else {
                verdicts.append(.init(kind: .deepLinks, name: "deep links", status: .passed,
                                      message: "all \(model.samples.count) sample URLs do what they declare; resumed links land where planned",
                                      trace: nil, location: nil))
            }
        }
        if let violation = redirectViolations.first {
            verdicts.append(.init(kind: .redirects, name: "guard redirects", status: .failed, message: violation.message, trace: trace(violation), location: nil))
        } else if !guarded.isEmpty {
            verdicts.append(.init(kind: .redirects, name: "guard redirects", status: .passed, message: "every guard redirect settles", trace: nil, location: nil))
        }
        let routeNames = graph.routes.map(\.name)
        let routeCoverage = Coverage(reached: routeNames.filter(reachedRoutes.contains), unreached: routeNames.filter { !reachedRoutes.contains($0) })
        let labels = graph.transitions.map { "\($0.style.rawValue) \($0.from) → \($0.to)" }
        let transitionCoverage = Coverage(reached: graph.transitions.indices.filter { takenTransitions[$0] }.map { labels[$0] },
                                          unreached: graph.transitions.indices.filter { !takenTransitions[$0] }.map { labels[$0] })
        // What a depth bound cut, so a coverage failure says why instead of reading like a
        // modelling error: the successors cut per transition, and per route those of the
        // transitions into it.
        let scope = depthScope
        func depthNote(_ cut: Int) -> String {
            cut == 0 ? "" : " (\(CheckProgress.grouped(cut)) successor\(cut == 1 ? "" : "s") cut by the depth bounds)"
        }
        let unreachedRoutes = routeCoverage.unreached.map { name in
            name + depthNote(graph.transitions.indices.filter { graph.transitions[$0].to == name }.reduce(0) { $0 + depthCutTransitions[$1] })
        }
        let untaken = graph.transitions.indices.filter { !takenTransitions[$0] }.map { labels[$0] + depthNote(depthCutTransitions[$0]) }
        let never = scope.map { " \($0)" } ?? ""
        verdicts.append(.init(
            kind: .routeReachability, name: "every route reachable",
            status: routeCoverage.unreached.isEmpty ? .passed : (complete ? .failed : .inconclusive),
            message: routeCoverage.unreached.isEmpty ? "all \(routeCoverage.total) routes are shown"
                : "never shown\(never): \(unreachedRoutes.joined(separator: ", "))", trace: nil, location: nil))
        verdicts.append(.init(
            kind: .transitionCoverage, name: "every transition taken",
            status: transitionCoverage.unreached.isEmpty ? .passed : (complete ? .failed : .inconclusive),
            message: transitionCoverage.unreached.isEmpty ? "all \(transitionCoverage.total) transitions are taken"
                : "never taken\(never): \(untaken.joined(separator: "; "))", trace: nil, location: nil))
        if let cutoff {
            verdicts = verdicts.map { $0.undecided(by: cutoff, states: table.count) }
        } else if let scope {
            verdicts = verdicts.map { $0.scoped(scope) }
        }

        var cuts: [BoundCut] = []
        if cutStack > 0 { cuts.append(BoundCut(bound: .maxStackDepth, limit: graph.bounds.maxStackDepth, successorsCut: cutStack)) }
        if cutModal > 0 { cuts.append(BoundCut(bound: .maxModalDepth, limit: graph.bounds.maxModalDepth, successorsCut: cutModal)) }
        if cutStates > 0 { cuts.append(BoundCut(bound: .maxStates, limit: graph.bounds.maxStates, successorsCut: cutStates)) }
        let statistics = CheckStatistics(
            states: table.count, transitions: transitionsApplied, depth: max(0, levels - 1), complete: complete, storage: checker.options.storage,
            tableBytes: countedBytes, peakResidentBytes: ProcessMemory.peakResidentBytes(),
            elapsedSeconds: Self.seconds(ContinuousClock.now - started))
        return CheckResult(graphName: graph.name, origin: graph.origin, verdicts: verdicts, routeCoverage: routeCoverage,
                           transitionCoverage: transitionCoverage, cuts: cuts, cutoff: cutoff, statistics: statistics)
    }

    /// `within stack depth 8 and modal depth 2`, naming the depth bounds that cut successors:
    /// the scope every verdict holds in. `nil` when no depth bound cut anything.
    private var depthScope: String? {
        var parts: [String] = []
        if cutStack > 0 { parts.append("stack depth \(bounds.maxStackDepth)") }
        if cutModal > 0 { parts.append("modal depth \(bounds.maxModalDepth)") }
        return parts.isEmpty ? nil : "within " + parts.joined(separator: " and ")
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `90 s`, `1.5 s`: a time budget for people.
    private static func secondsText(_ duration: Duration) -> String {
        let value = seconds(duration)
        return value == value.rounded() ? "\(Int(value)) s" : "\((value * 1000).rounded() / 1000) s"
    }
}

/// The output slots and per-worker encoders of one parallel expansion. Each worker writes only
/// the slots of its own offsets and uses only its own encoder, and the buffers outlive
/// `concurrentPerform`, so sharing them is safe.
private struct ExpansionBuffers<R: Route>: @unchecked Sendable {
    let output: UnsafeMutableBufferPointer<[Exploration<R>.Successor]?>
    let encoders: UnsafeMutableBufferPointer<StateEncoder<R>>
}
