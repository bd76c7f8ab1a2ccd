import NavigationCore
import NavigationGraph

/// What exploring a graph found: a verdict per property, coverage, the bounds that cut the
/// search, and figures.
public struct CheckResult<R: Route>: Sendable {
    public let graphName: String
    /// Where the graph came from, e.g. `Graphs/Shop.navgraph.yaml`.
    public let origin: String?
    /// One verdict per property, in the fixed order of ``PropertyRegistry/kinds``: invariants
    /// as declared, guard bypass, no trap, deep links, dropped requests and ambiguous owners
    /// (with requests), reroutes that never help (with reroutes), priority trap (with a
    /// high-priority route), guard redirects, route reachability, transition coverage.
    public let verdicts: [PropertyVerdict<R>]
    public let routeCoverage: Coverage
    public let transitionCoverage: Coverage
    /// Each bound that cut the search, with how many successors it cut. Empty when none did.
    /// Depth bounds are the model's scope; ``BoundCut/Bound/maxStates`` is also a ``cutoff``.
    public let cuts: [BoundCut]
    /// Why the search stopped before it explored every state within the depth bounds (a
    /// budget or a cancellation), or `nil` when it finished. With a cutoff, only failures are
    /// decided; every other property is inconclusive.
    public let cutoff: SearchCutoff?
    public let statistics: CheckStatistics
    /// Each route's fewest user actions from launch and from each tab's root (see
    /// ``TapDistances``); `nil` when not computed (``Checker/Options/tapDistances`` off, or a
    /// budget stopped the search).
    public var tapDistances: TapDistances? = nil

    public init(graphName: String, origin: String?, verdicts: [PropertyVerdict<R>], routeCoverage: Coverage,
                transitionCoverage: Coverage, cuts: [BoundCut], cutoff: SearchCutoff?, statistics: CheckStatistics) {
        self.graphName = graphName
        self.origin = origin
        self.verdicts = verdicts
        self.routeCoverage = routeCoverage
        self.transitionCoverage = transitionCoverage
        self.cuts = cuts
        self.cutoff = cutoff
        self.statistics = statistics
    }

    /// The run's verdict: failed if any property failed, else inconclusive if any could not be
    /// decided (the search was cut short), else passed (warnings included).
    public var status: PropertyVerdict<R>.Status {
        if verdicts.contains(where: { $0.status == .failed }) { return .failed }
        if verdicts.contains(where: { $0.status == .inconclusive }) { return .inconclusive }
        return .passed
    }

    /// Whether every property passed: nothing failed and nothing was left undecided.
    public var passed: Bool { status == .passed }
    /// The properties that failed.
    public var failures: [PropertyVerdict<R>] { verdicts.filter { $0.status == .failed } }
    /// The properties the search could not decide.
    public var undecided: [PropertyVerdict<R>] { verdicts.filter { $0.status == .inconclusive } }
    /// The properties that hold with a warning.
    public var warnings: [PropertyVerdict<R>] { verdicts.filter { $0.status == .warning } }
}

/// The outcome of one property.
public struct PropertyVerdict<R: Route>: Sendable {
    /// What kind of property a verdict is of: its id, name and texts (see ``PropertyRegistry``).
    public typealias Kind = PropertyKind

    /// A verdict's outcome (see ``VerdictStatus``): one type for every route type, so reports
    /// and tools compare it as a value.
    public typealias Status = VerdictStatus

    public let kind: Kind
    /// The property's name: an invariant's name, or the kind's.
    public let name: String
    public let status: Status
    /// One line on what holds or what went wrong.
    public let message: String
    /// For failures: a shortest path from the initial state to the violation.
    public let trace: CheckTrace<R>?
    /// Where in the graph document the property (or the violated declaration) was written.
    public let location: SourceLocation?
    /// For a warning about two paths that disagree: the other path, to the step that
    /// ``trace`` contrasts with (the first owner of an ambiguous request); otherwise `nil`.
    public var otherTrace: CheckTrace<R>? = nil

    package init(kind: Kind, name: String, status: Status, message: String, trace: CheckTrace<R>?, location: SourceLocation?,
                 otherTrace: CheckTrace<R>? = nil) {
        self.kind = kind
        self.name = name
        self.status = status
        self.message = message
        self.trace = trace
        self.location = location
        self.otherTrace = otherTrace
    }
}

/// Which declared names the exploration reached.
public struct Coverage: Hashable, Sendable, Codable {
    public let reached: [String]
    public let unreached: [String]

    public var total: Int { reached.count + unreached.count }

    package init(reached: [String], unreached: [String]) {
        self.reached = reached
        self.unreached = unreached
    }
}

/// A bound that cut successors out of the search.
public struct BoundCut: Hashable, Sendable, Codable {
    public enum Bound: String, Hashable, Sendable, Codable {
        case maxStackDepth, maxModalDepth, maxStates
    }

    public let bound: Bound
    public let limit: Int
    /// How many successor states were not stored because of it.
    public let successorsCut: Int

    public init(bound: Bound, limit: Int, successorsCut: Int) {
        self.bound = bound
        self.limit = limit
        self.successorsCut = successorsCut
    }
}

/// Figures of one exploration.
public struct CheckStatistics: Hashable, Sendable, Codable {
    public enum Storage: String, Hashable, Sendable, Codable {
        /// Every state stored whole: no two states are ever merged.
        case exact
        /// Only 64-bit hashes stored: less memory, and two states could be merged by a collision.
        case hashCompaction = "hash-compaction"
    }

    /// Distinct states stored.
    public let states: Int
    /// Successors computed (actions applied), including ones leading to known states.
    public let transitions: Int
    /// The number of breadth-first levels: the longest shortest path, in actions.
    public let depth: Int
    /// Whether every reachable state within the stack and modal bounds was explored.
    public let complete: Bool
    public let storage: Storage
    /// Bytes the state table (arena, offsets, hashes, slots), parent links and edges take,
    /// counted from their sizes (so it is the same on every run).
    public let tableBytes: Int
    public var bytesPerState: Double { states == 0 ? 0 : Double(tableBytes) / Double(states) }
    /// The process's peak resident memory after the run, as the OS reports it.
    public let peakResidentBytes: Int
    public let elapsedSeconds: Double
    /// Whether ``depth`` is exact (every breadth-first level computed). The symbolic engine
    /// stops computing levels once they cost more than the reachable set; then ``depth`` is the
    /// levels it computed, a lower bound, and reports say so.
    public var depthIsExact = true
    public var statesPerSecond: Double { elapsedSeconds > 0 ? Double(states) / elapsedSeconds : 0 }

    package init(states: Int, transitions: Int, depth: Int, complete: Bool, storage: Storage, tableBytes: Int,
                 peakResidentBytes: Int, elapsedSeconds: Double, depthIsExact: Bool = true) {
        self.states = states
        self.transitions = transitions
        self.depth = depth
        self.complete = complete
        self.storage = storage
        self.tableBytes = tableBytes
        self.peakResidentBytes = peakResidentBytes
        self.elapsedSeconds = elapsedSeconds
        self.depthIsExact = depthIsExact
    }
}
