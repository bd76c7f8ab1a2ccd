import NavigationChecker
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
/// owns it alone: ``withSession(variables:sizing:_:)`` takes a process-wide lock, starts the
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

        /// A table that starts at `initialNodes` (clamped to what `memoryBytes` allows) and
        /// may grow to about three quarters of `memoryBytes`, with caches a tenth of the table.
        static func within(memoryBytes: Int, initialNodes: Int) -> Sizing {
            let maxNodes = max(100_000, min(Int(Int32.max) / 2, memoryBytes / 4 * 3 / bytesPerNode))
            let initial = max(10_000, min(initialNodes, maxNodes))
            return Sizing(initialNodes: initial, maxNodes: maxNodes, cacheEntries: max(10_000, initial / 10))
        }
    }

    /// The variables, numbered from 0; a variable's number is also its place in the order.
    let variableCount: Int
    let sizing: Sizing
    /// Whether the manager is running for this session (`false` once the session ended).
    fileprivate(set) var isOpen = true

    private init(variableCount: Int, sizing: Sizing) {
        self.variableCount = variableCount
        self.sizing = sizing
    }

    /// Starts BuDDy's manager with `variables` variables and `sizing`, runs `body`, and shuts
    /// the manager down, holding the process-wide lock throughout.
    ///
    /// - Throws: ``DecisionDiagramError`` when the manager cannot start, whatever `body`
    ///   throws, and a recorded BuDDy error that `body` did not check.
    static func withSession<T>(variables: Int, sizing: Sizing,
                               _ body: (DecisionDiagrams) throws(SymbolicError) -> T) throws(SymbolicError) -> T {
        sessionLock.lock()
        defer { sessionLock.unlock() }
        recordedError = 0
        let started = bdd_init(Int32(clamping: sizing.initialNodes), Int32(clamping: sizing.cacheEntries))
        guard started == 0 else {
            throw .decisionDiagrams(DecisionDiagramError(code: started, nodes: sizing.initialNodes))
        }
        // bdd_init installs BuDDy's own handlers (exit on error, print on collection): replace them.
        _ = bdd_error_hook(recordError)
        _ = bdd_gbc_hook(ignoreCollection)
        _ = bdd_resize_hook(nil)
        let session = DecisionDiagrams(variableCount: variables, sizing: sizing)
        defer {
            session.isOpen = false
            bdd_done()
            recordedError = 0
        }
        // A table that doubles when a collection frees too little, instead of collecting again
        // and again: a small table spends its time collecting.
        _ = bdd_setmaxincrease(Int32(clamping: max(sizing.initialNodes, 1_000_000)))
        _ = bdd_setminfreenodes(30)
        _ = bdd_setcacheratio(10)
        _ = bdd_setmaxnodenum(Int32(clamping: sizing.maxNodes))
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

    /// ``check()`` as the engine's error.
    func checkpoint() throws(SymbolicError) {
        do { try check() } catch { throw .decisionDiagrams(error) }
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

    fileprivate init(_ node: Int32, _ session: DecisionDiagrams) {
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
        var position: [Int32: Int] = [:]
        for (index, variable) in variables.enumerated() { position[Int32(variable)] = index }
        let end = variables.count
        var memo: [Int32: Double] = [:]
        func place(_ node: Int32) -> Int { node <= 1 ? end : position[bdd_var(node)] ?? end }
        func below(_ node: Int32) -> Double {
            if node == 0 { return 0 }
            if node == 1 { return 1 }
            if let known = memo[node] { return known }
            let here = place(node)
            let low = bdd_low(node), high = bdd_high(node)
            // A false branch adds nothing (and 0 × an overflowed power would be NaN).
            func branch(_ child: Int32) -> Double {
                let count = below(child)
                return count == 0 ? 0 : count * Double(sign: .plus, exponent: place(child) - here - 1, significand: 1)
            }
            let total = branch(low) + branch(high)
            memo[node] = total
            return total
        }
        return below(node) * Double(sign: .plus, exponent: place(node), significand: 1)
    }

    /// The nodes of this diagram.
    var nodeCount: Int { Int(bdd_nodecount(node)) }

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

/// BuDDy's garbage-collection hook: say nothing (the default prints to standard output).
private let ignoreCollection: @convention(c) (Int32, UnsafeMutablePointer<bddGbcStat>?) -> Void = { _, _ in }

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
