#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Asked where `auto`'s explicit probe reaches its step limit, with how far it got: the higher
/// limit to go on with, or `nil` to stop there (see `Checker.run(linted:stateGraphLimit:stateLimit:transitionLimit:probeExtension:)`).
package typealias ExplicitProbeExtension = (ExplicitProbeFigures) -> Int?

/// How far an explicit search got where `auto`'s probe reached its step limit, and what its
/// breadth-first levels say about the rest of it.
///
/// A breadth-first search of a navigation graph grows and then shrinks level by level: pushes
/// and flags multiply the states near launch, the depth bounds and the routes already reached
/// thin them out further on. ``predictedTransitions`` extrapolates that curve from the levels
/// seen so far, so `auto` can go on with a search that is about to end rather than hand it to
/// the symbolic engine, and hand over at once one that is still growing.
package struct ExplicitProbeFigures: Hashable, Sendable {
    /// The states stored.
    package var states: Int
    /// The states expanded (every action applied to them).
    package var expandedStates: Int
    /// The steps taken (actions applied).
    package var transitions: Int
    /// The sizes of the breadth-first levels whose states were all stored, in order from the
    /// initial state's; the last is the level being expanded.
    package var levelSizes: [Int]

    package init(states: Int, expandedStates: Int, transitions: Int, levelSizes: [Int]) {
        self.states = states
        self.expandedStates = expandedStates
        self.transitions = transitions
        self.levelSizes = levelSizes
    }

    /// Levels smaller than this say little about how the search grows (the first few levels
    /// of any graph are a handful of states).
    static let meaningfulLevel = 16

    /// The most levels extrapolated: a search still going after them is not about to end.
    static let extrapolatedLevels = 1_000

    /// About how many steps the whole search takes, or `nil` when its levels do not show it
    /// slowing down (fewer than three levels of at least ``meaningfulLevel`` states, or a growth
    /// a level that does not fall).
    ///
    /// When at least a quarter of the level being expanded found no new state, the search
    /// ends with that level. Otherwise the growth factor a level (`next / this`) is read from
    /// the last (up to four) pairs of meaningful levels; its logarithm is fitted by a straight
    /// line (least squares), and the levels are extrapolated along it until they fall below
    /// one state: a level-size curve whose logarithm is a downward parabola, the shape of the
    /// sample graphs' searches. The states so predicted times the steps a state expanded so far
    /// is the prediction; never fewer than the steps already taken.
    ///
    /// - Complexity: O(levels) plus at most ``extrapolatedLevels`` steps.
    package var predictedTransitions: Int? {
        guard expandedStates > 0 else { return nil }
        let stepsPerState = Double(transitions) / Double(expandedStates)
        // A search about to end (its last level finding nothing new, as where the depth bounds
        // cut every successor) shows it in the level being expanded, not in the levels before.
        // How much a part of a level found says little more: the states a level reaches first
        // find more new ones than those after them, which find their siblings' successors known.
        let current = levelSizes.last ?? 0
        let expandedInCurrent = expandedStates - (levelSizes.reduce(0, +) - current)
        if current > 0, expandedInCurrent >= max(Self.meaningfulLevel, current / 4), states <= levelSizes.reduce(0, +) {
            return Int(max(Double(transitions), Double(states) * stepsPerState))
        }
        let meaningful = Array(levelSizes.drop { $0 < Self.meaningfulLevel }.suffix(5))
        guard meaningful.count >= 3 else { return nil }
        let growths = zip(meaningful, meaningful.dropFirst()).map { log(Double($1) / Double($0)) }
        // Least-squares slope of the log-growth against the level.
        let count = Double(growths.count)
        let meanLevel = (count - 1) / 2
        let meanGrowth = growths.reduce(0, +) / count
        var covariance = 0.0, variance = 0.0
        for (level, growth) in growths.enumerated() {
            covariance += (Double(level) - meanLevel) * (growth - meanGrowth)
            variance += (Double(level) - meanLevel) * (Double(level) - meanLevel)
        }
        let slope = covariance / variance
        // The fitted growth at the last pair, and the change a level from there.
        var growth = meanGrowth + slope * (count - 1 - meanLevel)
        // Levels shrinking at a steady rate end too; levels growing at a steady rate may not.
        let change = min(slope, 0)
        guard change < 0 || growth < 0 else { return nil }
        var size = Double(levelSizes.last ?? 0)
        var states = Double(levelSizes.reduce(0, +))
        for _ in 0..<Self.extrapolatedLevels {
            growth += change
            size *= exp(growth)
            if size < 1 { break }
            states += size
        }
        if size >= 1 { return nil }
        states = max(states, Double(self.states))
        let steps = max(Double(transitions), states * stepsPerState)
        return steps < Double(Int.max / 2) ? Int(steps) : nil
    }
}
