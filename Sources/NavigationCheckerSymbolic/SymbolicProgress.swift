import NavigationChecker
import NavigationGraph

/// Where a running symbolic search is, reported about every
/// ``SymbolicChecker/Options/progressInterval``. The symbolic engine has no queue of states
/// waiting, so it reports its stage and the states reached so far instead.
public struct SymbolicProgress: Hashable, Sendable {
    /// What the search is computing.
    public enum Stage: Hashable, Sendable {
        /// The reachable set, once known (`round` is 1: one saturation over every action).
        case reachableSet(round: Int)
        /// The saturation walk towards the reachable set, `nodesClosed` nodes closed so far
        /// (``SymbolicProgress/states`` is 0: no whole set exists during the walk).
        case saturation(nodesClosed: Int)
        /// Breadth-first level `level` (for shortest traces, or the depth).
        case level(Int)
        /// The states from which tab `tab`'s root is reachable again (the no-trap property).
        case noTrap(tab: Int)
    }

    public let stage: Stage
    /// The states reached so far (exact up to 2^53; 0 during the saturation walk).
    public let states: Double
    /// Decision-diagram nodes in use.
    public let liveNodes: Int
    public let elapsedSeconds: Double
    /// The process's resident memory now.
    public let residentBytes: Int

    public init(stage: Stage, states: Double, liveNodes: Int, elapsedSeconds: Double, residentBytes: Int) {
        self.stage = stage
        self.states = states
        self.liveNodes = liveNodes
        self.elapsedSeconds = elapsedSeconds
        self.residentBytes = residentBytes
    }

    /// One line for a log: `symbolic: reachable set, round 1: 1.20e+30 states, 3,400,000 live nodes, 170 MB, 3 s`
    /// (no count during the saturation walk, which has no whole set yet).
    public var line: String {
        let stageText = switch stage {
        case .reachableSet(let round): "reachable set, round \(round)"
        case .saturation(let nodes): "reachable set, saturating, \(CheckProgress.grouped(nodes)) nodes closed"
        case .level(let level): "breadth-first level \(level)"
        case .noTrap(let tab): "no trap, tab \(tab + 1)"
        }
        // No whole set exists during the saturation walk: a count there would read "0 states".
        let count = switch stage {
        case .saturation: ""
        default: (states < 1e15 ? CheckProgress.grouped(Int(states)) : Self.scientific(states)) + " states, "
        }
        return "symbolic: \(stageText): \(count)\(CheckProgress.grouped(liveNodes)) live nodes, "
            + "\(MemorySize.text(residentBytes)), \(Int(elapsedSeconds)) s"
    }

    /// `8.33e+44`: three significant digits.
    static func scientific(_ value: Double) -> String {
        var mantissa = value
        var exponent = 0
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        var hundredths = Int((mantissa * 100).rounded())
        if hundredths >= 1000 { hundredths /= 10; exponent += 1 }
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)e+\(exponent)"
    }
}
