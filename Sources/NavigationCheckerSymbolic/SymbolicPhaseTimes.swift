#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a symbolic search spent the process's processor time, phase by phase: what
/// `Benchmarks/Sources/SymbolicMeasurement` prints to split a run without a profiler.
///
/// Processor time, not wall time: on a machine shared with builds the wall clock measures the
/// neighbours. The phases run one after another on one thread, so they add up to the search's
/// processor time (less the little spent between them: replaying traces, assembling the result).
///
/// ```swift
/// let (_, figures) = try SymbolicChecker(graph).runWithFigures()
/// print(figures.phases[.noTrap])
/// ```
public struct SymbolicPhaseTimes: Hashable, Sendable {
    /// A phase of the search, in the order it runs.
    public enum Phase: String, CaseIterable, Hashable, Sendable {
        /// The encoding and the partitioned transition relation.
        case model
        /// Breadth-first levels while cheap, the saturation to the reachable set, levels after it.
        case reachableSet
        /// The properties judged per state or per step (invariants, guard bypass, redirects,
        /// refused steps, deep links, transitions taken and cut), with their traces.
        case judging
        /// The no-trap property.
        case noTrap
        /// The document's declared properties (can-reach, never-until).
        case declaredProperties
        /// Each route's taps to reach.
        case tapsToReach
    }

    /// Seconds per phase, in `Phase.allCases` order.
    public private(set) var seconds: [Double] = Phase.allCases.map { _ in 0 }

    /// The processor seconds spent in `phase`.
    public subscript(phase: Phase) -> Double {
        seconds[Self.position(of: phase)]
    }

    /// Adds `seconds` to `phase`.
    mutating func add(_ seconds: Double, to phase: Phase) {
        self.seconds[Self.position(of: phase)] += seconds
    }

    private static func position(of phase: Phase) -> Int {
        Phase.allCases.firstIndex(of: phase) ?? 0
    }

    /// The process's processor time so far (user and system), in seconds.
    static func processorSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
