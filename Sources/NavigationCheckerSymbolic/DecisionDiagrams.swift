import NavigationChecker
import NavigationGraph
import CBuDDy
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Binary decision diagrams through BuDDy: the only file that calls its C library.
///
/// BuDDy keeps one global manager (node table, caches, variables, error handler), so this file
/// owns it alone: ``withSession(variables:sizing:limits:_:)`` takes a process-wide lock, starts the
/// manager with a node table sized for the search, runs the body, and shuts the manager down
/// again. One search at a time in the process; a second waits for the first.
///
/// BuDDy's default error handler prints and calls `exit(1)`, and its default garbage-collection
/// handler prints to standard output. Both are replaced as soon as the manager starts: an error
/// (a full node table, memory BuDDy could not allocate) is recorded, BuDDy's later operations
/// return `false` until the error is cleared, and ``DecisionDiagrams/check()`` turns the
/// recorded error into a thrown ``DecisionDiagramError``. Callers check at every point where a
/// result is about to be trusted (each breadth-first level, each fixpoint round), so a user's
/// graph can end a search as unsupported, never the process.
///
/// Each ``Diagram`` holds one external reference (`bdd_addref`) and drops it in `deinit`; a
/// diagram that outlives its session drops nothing.
///
/// A session keeps its ``Limits`` (a deadline, a memory budget, a cancellation) *inside* BuDDy's
/// operations too, not only between them: one relational product can run for many seconds.
/// BuDDy calls back after every garbage collection and before every resize of its node table;
/// the hooks read the limits from the session's global state (C callbacks capture nothing), and
/// when one has passed they record a ``Stop`` and end the running operation (see
/// ``stopRunningOperation()``). ``checkpoint()`` then throws the stop as the engine's error, and
/// ``resume(until:)`` makes the session usable again for judging what was computed before it.
/// After every collection the node table's ceiling is also lowered to what the memory budget
/// still allows, so a resize never takes the process past it.
final class DecisionDiagrams {
    /// How large the node table starts, how far it may grow, and how large the caches are.
    struct Sizing: Hashable, Sendable {
        /// Nodes allocated when the manager starts (BuDDy: 20 bytes a node).
        var initialNodes: Int
        /// The most nodes the table may grow to; past it an operation fails with
        /// ``DecisionDiagramError/nodeTableFull(nodes:)``.
        var maxNodes: Int
        /// Entries of each operation cache.
        var cacheEntries: Int

        /// Bytes BuDDy spends a node (the node itself and its share of the hash chains).
        static let bytesPerNode = 20
        /// Entries of each operation cache per node of the table (`bdd_setcacheratio`).
        static let cacheRatio = 10
        /// Bytes a node of the table costs with its share of the six operation caches (apply,
        /// if-then-else, quantification, relational product, replace, misc: 24 bytes an entry,
        /// one entry per ``cacheRatio`` nodes each). Counting the table alone let a 200 MB
        /// budget reach 282 MB.
        static let budgetedBytesPerNode = bytesPerNode + (6 * 24 + cacheRatio - 1) / cacheRatio

        /// A table that starts at `initialNodes` (clamped to what the budget allows) and may
        /// grow, caches included, to about three quarters of what `memoryBytes` leaves beside
        /// `residentBytes` (what the process holds already: the graph, its model, the runtime).
        static func within(memoryBytes: Int, initialNodes: Int, residentBytes: Int = 0) -> Sizing {
            let room = max(0, memoryBytes - residentBytes) / 4 * 3
            let maxNodes = max(100_000, min(Int(Int32.max) / 2, room / budgetedBytesPerNode))
            let initial = max(10_000, min(initialNodes, maxNodes))
            return Sizing(initialNodes: initial, maxNodes: maxNodes, cacheEntries: max(10_000, initial / cacheRatio))
        }
    }

    /// What a session may spend, kept inside BuDDy's operations as well as between them.
    struct Limits: Sendable {
        /// When the search must stop.
        var deadline: ContinuousClock.Instant?
        /// The resident memory the process may reach.
        var memoryBytes: Int?
        /// Stops the search from another thread.
        var cancellation: CheckCancellation?

        init(deadline: ContinuousClock.Instant? = nil, memoryBytes: Int? = nil, cancellation: CheckCancellation? = nil) {
            self.deadline = deadline
            self.memoryBytes = memoryBytes
            self.cancellation = cancellation
        }
    }

    /// Why a session's ``Limits`` stopped it.
    enum Stop: Hashable, Sendable {
        case deadline
        case memory(residentBytes: Int, limit: Int)
        case cancelled
    }

    /// The variables, numbered from 0; a variable's number is also its place in the order.
    let variableCount: Int
    let sizing: Sizing
    /// Whether the manager is running for this session (`false` once the session ended).
    fileprivate(set) var isOpen = true
    /// The memo ``Diagram/count(over:set:)`` walks with past 1000 variables, kept between
    /// counts so that none allocates or clears a table.
    fileprivate var countScratch = CountScratch()

    private init(variableCount: Int, sizing: Sizing) {
        self.variableCount = variableCount
        self.sizing = sizing
    }

    /// Starts BuDDy's manager with `variables` variables and `sizing`, runs `body`, and shuts
    /// the manager down, holding the process-wide lock throughout.
    ///
    /// - Throws: ``DecisionDiagramError`` when the manager cannot start, whatever `body`
    ///   throws, and a recorded BuDDy error that `body` did not check.
    ///
    /// `limits` are checked by BuDDy's hooks inside long operations (see the type's discussion).
    static func withSession<T>(variables: Int, sizing: Sizing, limits: Limits = Limits(),
                               _ body: (DecisionDiagrams) throws(SymbolicError) -> T) throws(SymbolicError) -> T {
        sessionLock.lock()
        defer { sessionLock.unlock() }
        recordedError = 0
        recordedStop = nil
        sessionLimits = limits
        let started = bdd_init(Int32(clamping: sizing.initialNodes), Int32(clamping: sizing.cacheEntries))
        guard started == 0 else {
            sessionLimits = nil
            throw .decisionDiagrams(DecisionDiagramError(code: started, nodes: sizing.initialNodes))
        }
        // bdd_init installs BuDDy's own handlers (exit on error, print on collection): replace them.
        _ = bdd_error_hook(recordError)
        _ = bdd_gbc_hook(watchAfterCollection)
        _ = bdd_resize_hook(watchBeforeResize)
        let session = DecisionDiagrams(variableCount: variables, sizing: sizing)
        defer {
            session.isOpen = false
            bdd_done()
            recordedError = 0
            recordedStop = nil
            sessionLimits = nil
        }
        // A table that doubles when a collection frees too little, instead of collecting again
        // and again: a small table spends its time collecting.
        tableIncrease = max(sizing.initialNodes, 1_000_000)
        lastPace = nil
        _ = bdd_setmaxincrease(Int32(clamping: tableIncrease))
        _ = bdd_setminfreenodes(30)
        _ = bdd_setcacheratio(Int32(Sizing.cacheRatio))
        // BuDDy rounds the initial size up to a prime, which may pass a ceiling sized from the
        // same budget, and refuses a ceiling at or below the table's size (an error).
        tableCeiling = max(sizing.maxNodes, Int(bdd_getallocnum()) + 10_000)
        _ = bdd_setmaxnodenum(Int32(clamping: tableCeiling))
        _ = bdd_setvarnum(Int32(clamping: max(1, variables)))
        try session.checkpoint()
        let result = try body(session)
        try session.checkpoint()
        return result
    }

    /// Throws the error BuDDy recorded since the session started, if any.
    func check() throws(DecisionDiagramError) {
        guard recordedError != 0 else { return }
        throw DecisionDiagramError(code: recordedError, nodes: Int(bdd_getallocnum()))
    }

    /// ``check()`` as the engine's error, after the session's ``Limits``: a stop recorded inside
    /// an operation (or found now) is thrown as ``SymbolicError/timeLimit(seconds:)``,
    /// ``SymbolicError/cancelled`` or a memory cutoff
    /// (``DecisionDiagramError/memoryBudget(residentBytes:limit:)``). Every result computed
    /// since the stop is meaningless: callers check before trusting one.
    func checkpoint() throws(SymbolicError) {
        if recordedStop == nil, let stop = Self.passedLimit(growingBy: 0) { record(stop) }
        if let stop = recordedStop {
            switch stop {
            case .deadline: throw .timeLimit(seconds: timeLimitSeconds)
            case .cancelled: throw .cancelled
            case .memory(let resident, let limit): throw .decisionDiagrams(.memoryBudget(residentBytes: resident, limit: limit))
            }
        }
        do { try check() } catch { throw .decisionDiagrams(error) }
    }

    /// Whether a limit has stopped the session: recorded inside an operation, or the deadline or
    /// a cancellation found now (the memory budget is read by the hooks and checkpoints). A long
    /// loop of small operations on the Swift side (building the relation of 10,000 transitions)
    /// checks it to leave early; what it built is then meaningless, and the next
    /// ``checkpoint()`` throws.
    var isStopped: Bool {
        if recordedStop == nil, let stop = Self.passedLimit(growingBy: 0, readingMemory: false) { record(stop) }
        return recordedStop != nil
    }

    /// Whether a stop has been recorded (inside an operation, or by a loop that read
    /// ``isStopped``), without reading the clock: what was built since is meaningless.
    var stopRecorded: Bool { recordedStop != nil }

    /// The time limit the deadline stands for, for ``SymbolicError/timeLimit(seconds:)``.
    var timeLimitSeconds: Double = 0

    /// Makes the session usable again after a stop, so the search can judge what it computed
    /// before it, until `deadline` (a short grace: the limit has passed already). The
    /// collection that follows rebuilds the free list and empties the operation caches, which
    /// the stopped operation filled with meaningless results.
    func resume(until deadline: ContinuousClock.Instant) {
        // The cancellation has been acted on; a second Ctrl-C ends the process.
        sessionLimits?.cancellation = nil
        sessionLimits?.deadline = deadline
        recordedStop = nil
        recordedError = 0
        bdd_clear_error()
        bdd_gbc()
    }

    /// Moves the session's deadline to `deadline` (`nil`: none), for what follows.
    func limitTime(until deadline: ContinuousClock.Instant?) {
        sessionLimits?.deadline = deadline
    }

    /// The limit that has passed, if one has, for a table about to grow by `growth` nodes
    /// (the memory budget only when `readingMemory`: it reads a file of the system).
    fileprivate static func passedLimit(growingBy growth: Int, readingMemory: Bool = true) -> Stop? {
        guard let limits = sessionLimits else { return nil }
        if let cancellation = limits.cancellation, cancellation.isCancelled { return .cancelled }
        if let deadline = limits.deadline, ContinuousClock.now >= deadline { return .deadline }
        if readingMemory, let memory = limits.memoryBytes {
            let resident = ProcessMemory.residentBytes()
            if resident + growth * Sizing.budgetedBytesPerNode > memory { return .memory(residentBytes: resident, limit: memory) }
        }
        return nil
    }

    // MARK: Constants, variables, sets

    var `true`: Diagram { Diagram(1, self) }
    var `false`: Diagram { Diagram(0, self) }

    /// The diagram of variable `index` being 1.
    func variable(_ index: Int) -> Diagram {
        precondition(index >= 0 && index < variableCount, "variable \(index) outside 0..<\(variableCount)")
        return Diagram(bdd_ithvar(Int32(index)), self)
    }

    /// The diagram of variable `index` having `value`.
    func literal(_ index: Int, _ value: Bool) -> Diagram {
        precondition(index >= 0 && index < variableCount, "variable \(index) outside 0..<\(variableCount)")
        return Diagram(value ? bdd_ithvar(Int32(index)) : bdd_nithvar(Int32(index)), self)
    }

    /// The conjunction of `values`' literals (true for none), built bottom-up.
    func cube(_ values: [(variable: Int, value: Bool)]) -> Diagram {
        var result = self.true
        for (variable, value) in values.sorted(by: { $0.variable > $1.variable }) {
            result = literal(variable, value) && result
        }
        return result
    }

    /// The set of `variables`, for quantifying and counting.
    func set(of variables: [Int]) -> Diagram {
        var numbers = variables.map { Int32($0) }
        return numbers.withUnsafeMutableBufferPointer { Diagram(bdd_makeset($0.baseAddress, Int32($0.count)), self) }
    }

    /// A renaming of variables, pair by pair (`from` → `to`).
    func renaming(_ pairs: [(from: Int, to: Int)]) -> Renaming {
        Renaming(pairs, self)
    }

    /// Nodes the table holds now, used or free.
    var tableNodes: Int { Int(bdd_getallocnum()) }

    /// Nodes in use now.
    var liveNodes: Int { Int(bdd_getnodenum()) }

    /// The garbage collections so far in this session.
    var collections: Int {
        var statistics = bddStat()
        bdd_stats(&statistics)
        return Int(statistics.gbcnum)
    }
}

/// One decision diagram: a BuDDy node with an external reference held for this value's life.
final class Diagram: Equatable {
    let node: Int32
    unowned let session: DecisionDiagrams

    /// A diagram for BuDDy node `node`, taking a reference to it (`DecisionDiagrams+Saturation.swift` wraps children).
    init(_ node: Int32, _ session: DecisionDiagrams) {
        self.node = node
        self.session = session
        _ = bdd_addref(node)
    }

    deinit {
        if session.isOpen { _ = bdd_delref(node) }
    }

    static func == (lhs: Diagram, rhs: Diagram) -> Bool { lhs.node == rhs.node }

    var isFalse: Bool { node == 0 }
    var isTrue: Bool { node == 1 }

    static func && (lhs: Diagram, rhs: Diagram) -> Diagram { Diagram(bdd_and(lhs.node, rhs.node), lhs.session) }
    static func || (lhs: Diagram, rhs: Diagram) -> Diagram { Diagram(bdd_or(lhs.node, rhs.node), lhs.session) }
    static prefix func ! (operand: Diagram) -> Diagram { Diagram(bdd_not(operand.node), operand.session) }

    /// `self ∧ ¬other`.
    func without(_ other: Diagram) -> Diagram { Diagram(bdd_apply(node, other.node, bddop_diff), session) }
    /// `self ⇔ other`.
    func equivalent(_ other: Diagram) -> Diagram { Diagram(bdd_biimp(node, other.node), session) }
    /// `if self then a else b`.
    func then(_ whenTrue: Diagram, else whenFalse: Diagram) -> Diagram {
        Diagram(bdd_ite(node, whenTrue.node, whenFalse.node), session)
    }

    /// `∃ variables. self`, `variables` made by ``DecisionDiagrams/set(of:)``.
    func exists(_ variables: Diagram) -> Diagram { Diagram(bdd_exist(node, variables.node), session) }

    /// `∃ variables. self ∧ other`, in one pass (BuDDy's relational product).
    func andExists(_ other: Diagram, _ variables: Diagram) -> Diagram {
        Diagram(bdd_appex(node, other.node, bddop_and, variables.node), session)
    }

    /// The cofactor of the diagram for the assignment `cube` (a conjunction of literals).
    func restricted(to cube: Diagram) -> Diagram { Diagram(bdd_restrict(node, cube.node), session) }

    /// The diagram with variables renamed by `renaming`.
    func renamed(_ renaming: Renaming) -> Diagram { Diagram(bdd_replace(node, renaming.pairs), session) }

    /// How many assignments of `variables` satisfy the diagram (its support must lie within
    /// them). A double: exact up to 2^53, the nearest double beyond.
    func count(over variables: Diagram) -> Double { bdd_satcountset(node, variables.node) }

    /// The same for `variables` given as a sorted list. BuDDy's `bdd_satcountset` counts over
    /// every variable first and divides after, which overflows a double past 1023 variables;
    /// past 1000 this walks the diagram itself, counting over `variables` alone.
    func count(over variables: [Int], set: Diagram) -> Double {
        guard session.variableCount > 1000 else { return count(over: set) }
        return session.countScratch.count(node, over: variables, variableCount: session.variableCount)
    }

    /// The nodes of this diagram.
    var nodeCount: Int { Int(bdd_nodecount(node)) }

    /// The variables the diagram depends on, ascending (for a set made by
    /// ``DecisionDiagrams/set(of:)``: its variables).
    ///
    /// Walked here rather than by `bdd_support`, whose scratch array BuDDy keeps across
    /// sessions: after a session with fewer variables it crashed the next one.
    var support: [Int] {
        var seen = [Bool](repeating: false, count: session.variableCount)
        var visited: Set<Int32> = []
        var pending: [Int32] = [node]
        while let current = pending.popLast() {
            guard current > 1, visited.insert(current).inserted else { continue }
            seen[Int(bdd_var(current))] = true
            pending.append(bdd_low(current))
            pending.append(bdd_high(current))
        }
        return seen.indices.filter { seen[$0] }
    }

    /// One satisfying assignment of every variable in `variables` (`nil` when the diagram is
    /// false): the values by variable number, variables outside the set left out. Variables the
    /// diagram does not constrain are given 0.
    func oneAssignment(over variables: Diagram) -> [Int: Bool]? {
        guard !isFalse else { return nil }
        let cube = Diagram(bdd_satoneset(node, variables.node, 0), session)
        var values: [Int: Bool] = [:]
        var current = cube.node
        while current > 1 {
            let variable = Int(bdd_var(current))
            if bdd_low(current) == 0 {
                values[variable] = true
                current = bdd_high(current)
            } else {
                values[variable] = false
                current = bdd_low(current)
            }
        }
        return values
    }
}

/// A renaming of variables for ``Diagram/renamed(_:)`` (a BuDDy pair table), freed with its session.
final class Renaming {
    fileprivate let pairs: UnsafeMutablePointer<bddPair>?
    unowned let session: DecisionDiagrams

    fileprivate init(_ pairs: [(from: Int, to: Int)], _ session: DecisionDiagrams) {
        self.session = session
        let table = bdd_newpair()
        var from = pairs.map { Int32($0.from) }
        var to = pairs.map { Int32($0.to) }
        _ = bdd_setpairs(table, &from, &to, Int32(pairs.count))
        self.pairs = table
    }

    deinit {
        if session.isOpen { bdd_freepair(pairs) }
    }
}

/// Why BuDDy stopped a computation.
public enum DecisionDiagramError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The node table reached its limit (sized from the memory budget).
    case nodeTableFull(nodes: Int)
    /// BuDDy could not allocate memory.
    case outOfMemory
    /// Any other error BuDDy reported (a bug in this engine rather than in the graph).
    case library(code: Int, message: String)

    /// The process reached its memory budget while the decision diagrams grew.
    case memoryBudget(residentBytes: Int, limit: Int)

    init(code: Int32, nodes: Int) {
        switch code {
        case BDD_NODENUM: self = .nodeTableFull(nodes: nodes)
        case BDD_MEMORY: self = .outOfMemory
        default: self = .library(code: Int(code), message: bdd_errstring(code).map { String(cString: $0) } ?? "unknown error")
        }
    }

    public var description: String {
        switch self {
        case .nodeTableFull(let nodes):
            "the decision diagrams outgrew their node table (\(nodes) nodes); raise the memory budget or use the explicit engine"
        case .outOfMemory: "the decision-diagram library could not allocate memory; raise the memory budget or use the explicit engine"
        case .memoryBudget(let resident, let limit):
            "the process reached \(MemorySize.text(resident)) of its \(MemorySize.text(limit)) memory budget while the decision diagrams grew; raise the memory budget or use the explicit engine"
        case .library(let code, let message): "the decision-diagram library reported error \(code) (\(message)); this is a bug in the symbolic engine"
        }
    }
}

// MARK: - BuDDy's global state

/// The first error BuDDy reported in the running session (0: none). Written only by
/// ``recordError`` while a session holds ``sessionLock``.
nonisolated(unsafe) private var recordedError: Int32 = 0

/// BuDDy's error hook: keep the first error and return, so BuDDy returns `false` from the
/// failing operation instead of ending the process.
private let recordError: @convention(c) (Int32) -> Void = { code in
    if recordedError == 0 { recordedError = code }
}

/// The running session's limits, read by BuDDy's hooks. Written only while a session holds
/// ``sessionLock``; the hooks run on the session's thread, inside its BuDDy calls.
nonisolated(unsafe) private var sessionLimits: DecisionDiagrams.Limits?

/// The limit that stopped the running session, recorded by a hook or a checkpoint (`nil`: none).
nonisolated(unsafe) private var recordedStop: DecisionDiagrams.Stop?

/// The node table's ceiling set last (`bdd_setmaxnodenum`), lowered as memory runs short.
nonisolated(unsafe) private var tableCeiling = 0

/// BuDDy's garbage-collection hook, called before (`pre` 1) and after (`pre` 0) each
/// collection; it replaces the default, which prints to standard output.
///
/// After a collection the table is consistent and the operation that ran out of free nodes is
/// about to go on: the moment to stop it when a limit has passed, and to lower the table's
/// ceiling to what the memory budget still allows (never below the table's size plus a margin:
/// BuDDy rounds a new size down to a prime, and a ceiling with no prime above the size would
/// make it append no nodes yet move its free list past the table).
private let watchAfterCollection: @convention(c) (Int32, UnsafeMutablePointer<bddGbcStat>?) -> Void = { pre, _ in
    guard pre == 0, sessionLimits != nil else { return }
    if recordedStop == nil, let stop = DecisionDiagrams.passedLimit(growingBy: 0) { record(stop) }
    if recordedStop != nil {
        // Again after a resize that the stop could not refuse: its new nodes were free.
        stopRunningOperation()
        return
    }
    pace()
    guard let memory = sessionLimits?.memoryBytes else { return }
    let size = Int(bdd_getallocnum())
    let room = max(0, memory - ProcessMemory.residentBytes()) / DecisionDiagrams.Sizing.budgetedBytesPerNode
    let ceiling = size + max(10_000, room)
    if ceiling < tableCeiling {
        tableCeiling = ceiling
        _ = bdd_setmaxnodenum(Int32(clamping: ceiling))
    }
}

/// BuDDy's resize hook, called before the node table grows from `old` to `new` nodes. The
/// growth cannot be refused here; a limit found passed (the growth would take the process past
/// its memory budget) is recorded, and the operation stops at the next collection.
private let watchBeforeResize: @convention(c) (Int32, Int32) -> Void = { old, new in
    guard sessionLimits != nil, recordedStop == nil else { return }
    recordedStop = DecisionDiagrams.passedLimit(growingBy: Int(new) - Int(old))
}

/// How much the node table may grow at a time (`bdd_setmaxincrease`) when no deadline is near.
nonisolated(unsafe) private var tableIncrease = 1_000_000

/// When ``pace()`` last ran, and how many nodes BuDDy had made by then.
nonisolated(unsafe) private var lastPace: (time: ContinuousClock.Instant, produced: Int)?

/// Keeps the next collection near the deadline. The hooks run only when the free nodes run out,
/// and a table that grows by millions of nodes at a time runs for seconds between them: a
/// collection a millisecond before the deadline let one search run two seconds past a four
/// second limit. So while a deadline is set, the table grows by at most what BuDDy makes, at the
/// rate measured since the last collection, in a quarter of the time left (at least 50,000
/// nodes): collections come closer together as the deadline nears, and only then.
private func pace() {
    guard let deadline = sessionLimits?.deadline else { return }
    var statistics = bddStat()
    bdd_stats(&statistics)
    let now = ContinuousClock.now
    defer { lastPace = (now, Int(statistics.produced)) }
    guard let last = lastPace else { return }
    let elapsed = now - last.time
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    guard seconds > 0 else { return }
    let rate = Double(max(0, Int(statistics.produced) - last.produced)) / seconds
    let left = deadline - now
    let remaining = max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    let increase = max(50_000, min(tableIncrease, Int(min(rate * remaining / 4, Double(Int32.max)))))
    _ = bdd_setmaxincrease(Int32(clamping: increase))
}

/// BuDDy's own state, found by name: where its free list starts (`bddfreepos`), how many nodes
/// are free (`bddfreenum`) and its error condition (`bdderrorcond`), exported by libbdd though
/// not declared in `bdd.h`.
///
/// BuDDy has no call that stops a running operation. It does have the state a full node table
/// leaves: no free node and an error condition, in which every node the operation still needs
/// comes back as 0 at once and the operation unwinds (its result meaningless). Setting that
/// state from a hook stops the operation within microseconds; the free count is set to the
/// whole table so that BuDDy, back from the collection, sees no reason to grow it. A
/// collection recounts both, and `bdd_clear_error` clears the condition
/// (``DecisionDiagrams/resume(until:)``). `nil` when the library does not export them (a static
/// BuDDy): operations then run to their end and the limits are kept between them.
nonisolated(unsafe) private let kernelState: (freePosition: UnsafeMutablePointer<Int32>, freeCount: UnsafeMutablePointer<Int32>,
                          errorCondition: UnsafeMutablePointer<Int32>)? = {
    #if canImport(Darwin)
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
    #else
    let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
    #endif
    guard let position = dlsym(everywhere, "bddfreepos"), let count = dlsym(everywhere, "bddfreenum"),
          let condition = dlsym(everywhere, "bdderrorcond") else { return nil }
    return (position.assumingMemoryBound(to: Int32.self), count.assumingMemoryBound(to: Int32.self),
            condition.assumingMemoryBound(to: Int32.self))
}()

/// Records that `stop` ended the session and leaves BuDDy stopped: the running operation and
/// every one after it return at once, until ``DecisionDiagrams/resume(until:)``.
private func record(_ stop: DecisionDiagrams.Stop) {
    recordedStop = stop
    stopRunningOperation()
}

/// Leaves BuDDy as a full node table does (see ``kernelState``), so the running operation
/// unwinds at once.
private func stopRunningOperation() {
    guard let kernelState else { return }
    kernelState.freePosition.pointee = 0
    kernelState.freeCount.pointee = bdd_getallocnum()
    kernelState.errorCondition.pointee = -BDD_NODENUM
}

/// The lock that makes BuDDy's manager one search's at a time.
private let sessionLock = SessionLock()

private final class SessionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}

/// The memo of a count walked node by node (``Diagram/count(over:set:)`` past 1000 variables):
/// an open-addressing table from node to the count below it, sized to the diagram.
///
/// Why not a `Dictionary`: judging a graph with tab-scoped modals counts the reachable set
/// conjoined with each transition's source, hundreds of times over diagrams of 100,000 nodes,
/// and hashing every node with the standard library's hasher was most of the counting. A table
/// indexed by BuDDy's whole node table would not hash at all, but costs 12 bytes per node of
/// that table (100 MB and more at stack depth 8), whatever the diagram counted.
struct CountScratch {
    private var keys: [Int32] = []
    private var values: [Double] = []
    /// Per variable, its place among the variables counted over (`variables.count`: not among them).
    private var places: [Int] = []

    /// How many assignments of `variables` (sorted) satisfy `root`: per node, the low branch's
    /// count plus the high branch's, each scaled by the variables skipped below the node, the
    /// same doubles summed in the same order whatever the walk met first.
    mutating func count(_ root: Int32, over variables: [Int], variableCount: Int) -> Double {
        let end = variables.count
        if places.count != variableCount { places = [Int](repeating: end, count: variableCount) }
        for index in places.indices { places[index] = end }
        for (index, variable) in variables.enumerated() where variable < variableCount { places[variable] = index }
        var bits = 6
        let nodes = root > 1 ? Int(bdd_nodecount(root)) : 0
        while 1 << bits < 2 * nodes { bits += 1 }
        let capacity = 1 << bits
        if keys.count < capacity {
            keys = [Int32](repeating: -1, count: capacity)
            values = [Double](repeating: 0, count: capacity)
        } else {
            keys.withUnsafeMutableBufferPointer { keys in
                for index in 0..<capacity { keys[index] = -1 }
            }
        }
        let mask = capacity - 1
        return places.withUnsafeBufferPointer { places in
            keys.withUnsafeMutableBufferPointer { keys in
                values.withUnsafeMutableBufferPointer { values in
                    func place(_ node: Int32) -> Int { node <= 1 ? end : places[Int(bdd_var(node))] }
                    func slot(of node: Int32) -> Int {
                        var slot = Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: node)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
                        while keys[slot] != -1 && keys[slot] != node { slot = (slot + 1) & mask }
                        return slot
                    }
                    func below(_ node: Int32) -> Double {
                        if node == 0 { return 0 }
                        if node == 1 { return 1 }
                        let known = slot(of: node)
                        if keys[known] == node { return values[known] }
                        let here = place(node)
                        // A false branch adds nothing (and 0 × an overflowed power would be NaN).
                        func branch(_ child: Int32) -> Double {
                            let count = below(child)
                            return count == 0 ? 0 : count * Double(sign: .plus, exponent: place(child) - here - 1, significand: 1)
                        }
                        let total = branch(bdd_low(node)) + branch(bdd_high(node))
                        // The walk below may have filled slots: look again.
                        let free = slot(of: node)
                        keys[free] = node
                        values[free] = total
                        return total
                    }
                    // The empty set counts 0: past 1023 variables the power is infinite, and 0 × ∞
                    // is NaN (a graph with tab-scoped modals has that many; a NaN count hid every cut).
                    let total = below(root)
                    return total == 0 ? 0 : total * Double(sign: .plus, exponent: place(root), significand: 1)
                }
            }
        }
    }
}
