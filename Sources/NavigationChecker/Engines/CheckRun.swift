import NavigationCore
import NavigationGraph

/// One checked graph: the result and the engine that produced it, with the counts of an engine
/// that counts past `Int` (`GraphCheck.run`, in NavigationCheckerSymbolic, returns it).
public struct CheckRun<R: Route>: Sendable {
    public let result: CheckResult<R>
    public let engine: EngineChoice
    /// The reachable states, exactly up to 2^53 and as the nearest double beyond: the
    /// symbolic engine counts past `Int.max`, where ``CheckStatistics/states`` stops. A count
    /// past the largest double (2^1024) is `Double.greatestFiniteMagnitude`, never infinite
    /// or NaN, so every report can encode it.
    public let stateCount: Double
    /// The actions applied, likewise (``CheckStatistics/transitions`` stops at `Int.max`).
    public let transitionCount: Double

    /// A run whose counts are the result's own, or (from an engine that counts further) the
    /// counts given.
    public init(result: CheckResult<R>, engine: EngineChoice, stateCount: Double? = nil, transitionCount: Double? = nil) {
        self.result = result
        self.engine = engine
        self.stateCount = Self.finite(stateCount ?? Double(result.statistics.states))
        self.transitionCount = Self.finite(transitionCount ?? Double(result.statistics.transitions))
    }

    /// `count`, or the largest double for a count that overflowed it.
    private static func finite(_ count: Double) -> Double {
        count.isFinite ? count : .greatestFiniteMagnitude
    }
}
