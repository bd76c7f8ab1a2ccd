#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import NavigationGraph

/// Why a search stopped before it explored every state within the depth bounds, how much it
/// left, and what to do about it. A search with a cutoff decides only what it saw fail; every
/// other verdict is inconclusive.
public struct SearchCutoff: Hashable, Sendable, Codable {
    public enum Budget: String, Hashable, Sendable, Codable {
        /// The state table reached `GraphBounds.maxStates`.
        case maxStates
        /// The process reached its memory budget (``SearchBudget/maxMemoryBytes``).
        case maxMemory
        /// The search ran out of time (``SearchBudget/timeLimit``).
        case timeout
        /// ``CheckCancellation/cancel()`` was called (the command line: Ctrl-C, SIGTERM).
        case interrupted
    }

    public let budget: Budget
    /// The budget's value for people: `50,000 states`, `2 GB`, `60 s`.
    public let limit: String
    /// States stored but never expanded: their successors were not looked at.
    public let unexpanded: Int
    /// Successors not stored because the table was full (``Budget/maxStates`` only).
    public let successorsNotStored: Int
    /// The last breadth-first level the search was in.
    public let level: Int
    /// How the level sizes grew over the last complete levels (×k per level), when known.
    public let growthPerLevel: Double?
    /// The concrete next step: the value to raise, or why this engine will not finish.
    public let advice: String

    /// One line: `cut short by maxStates = 50,000 states in level 7, 1,234 states left unexpanded`.
    public var summary: String {
        var text = budget == .interrupted ? "interrupted in level \(level)" : "cut short by \(budget.rawValue) = \(limit) in level \(level)"
        if unexpanded > 0 || successorsNotStored == 0 {
            text += ", \(CheckProgress.grouped(unexpanded)) state\(unexpanded == 1 ? "" : "s") left unexpanded"
        }
        if successorsNotStored > 0 { text += ", \(CheckProgress.grouped(successorsNotStored)) successors not stored" }
        return text
    }

    public init(budget: Budget, limit: String, unexpanded: Int, successorsNotStored: Int, level: Int, growthPerLevel: Double?, advice: String) {
        self.budget = budget
        self.limit = limit
        self.unexpanded = unexpanded
        self.successorsNotStored = successorsNotStored
        self.level = level
        self.growthPerLevel = growthPerLevel
        self.advice = advice
    }

    /// What the search had when it stopped, for the advice.
    struct Figures {
        var states: Int
        /// The sizes of the breadth-first levels whose states were all stored, in order.
        var completeLevelSizes: [Int]
        var bytesPerState: Double
        var memoryBudget: Int
        var seconds: Double
        var bounds: GraphBounds
        /// Whether a depth bound cut successors (then lowering it shrinks the search).
        var depthBoundsCut = false
    }

    /// The cutoff by `budget`, its advice made from `figures`.
    init(budget: Budget, limit: String, unexpanded: Int, successorsNotStored: Int, level: Int, figures: Figures) {
        let growth = Self.growth(figures.completeLevelSizes)
        self.init(budget: budget, limit: limit, unexpanded: unexpanded, successorsNotStored: successorsNotStored, level: level,
                  growthPerLevel: growth.map { ($0 * 10).rounded() / 10 }, advice: Self.advice(budget, figures: figures, growth: growth))
    }

    /// The geometric mean of the last (up to three) ratios between consecutive level sizes,
    /// from the first level of at least 16 states on (the smaller levels near launch say little
    /// about growth).
    static func growth(_ sizes: [Int]) -> Double? {
        let meaningful = Array(sizes.drop { $0 < 16 })
        guard meaningful.count >= 2 else { return nil }
        let recent = meaningful.suffix(4)
        let ratios = zip(recent, recent.dropFirst()).map { Double($1) / Double($0) }
        let product = ratios.reduce(1, *)
        return pow(product, 1 / Double(ratios.count))
    }

    private static func advice(_ budget: Budget, figures: Figures, growth: Double?) -> String {
        let bounds = figures.bounds
        // What makes the space smaller: the depth bounds when they cut anything, else the
        // graph itself (its flags, sample values and tabs multiply the states).
        let smaller = figures.depthBoundsCut
            ? "lower maxStackDepth (now \(bounds.maxStackDepth)) or maxModalDepth (now \(bounds.maxModalDepth)), or verify a part of the graph"
            : "the depth bounds cut nothing, so what multiplies the states is the graph itself: use fewer flags or sample values, or verify a part of the graph"
        var text = ""
        if let growth, growth >= 1.3 {
            text = "the state space grows about ×\(Self.oneDecimal(growth)) per level; "
            // How many more levels the memory budget holds at this rate, in this engine's bytes a state.
            let bytesPerState = max(figures.bytesPerState, 16)
            let room = Double(figures.memoryBudget) / bytesPerState - Double(figures.states)
            var level = Double(figures.completeLevelSizes.last ?? 1)
            var used = 0.0
            var levelsThatFit = 0
            while levelsThatFit < 64 {
                level *= growth
                used += level
                if used > room { break }
                levelsThatFit += 1
            }
            if levelsThatFit == 0 {
                return text + "the next level alone would not fit in the memory budget (\(MemorySize.text(figures.memoryBudget)) at "
                    + "\(Int(bytesPerState)) bytes a state): this engine will not finish at this size; \(smaller)"
            }
            if levelsThatFit < 64 {
                text += "at that rate the memory budget (\(MemorySize.text(figures.memoryBudget))) holds about \(levelsThatFit) more "
                    + "level\(levelsThatFit == 1 ? "" : "s"), so if the levels keep growing this engine will not finish: "
                    + "\(smaller); otherwise "
            }
        } else if growth != nil {
            text = "the levels have stopped growing, so the search may be near its end; "
        }
        let factor = max(2, (growth ?? 2) * (growth ?? 2))
        switch budget {
        case .maxStates:
            // No more than the limit documents accept, nor than the memory budget holds.
            let fitting = Double(figures.memoryBudget) / max(figures.bytesPerState, 16)
            let wanted = Double(figures.states) * factor
            let suggestion = min(Self.roundedUp(min(wanted, fitting)), Self.maxStatesLimit)
            guard suggestion > figures.states else {
                return text + "maxStates cannot be raised further within the memory budget (\(MemorySize.text(figures.memoryBudget))): \(smaller)"
            }
            let capped = Double(suggestion) < wanted ? " (as far as the memory budget and the limit of \(CheckProgress.grouped(Self.maxStatesLimit)) allow; it may not be enough)" : ""
            return text + "raise maxStates to about \(CheckProgress.grouped(suggestion))\(capped) (--max-states \(suggestion), or bounds.maxStates in the document)"
        case .maxMemory:
            let suggestion = MemorySize.text(Self.roundedUp(Double(figures.memoryBudget) * factor))
            return text + "raise the memory budget to about \(suggestion) if the machine has it (--max-memory, or bounds.maxMemory in the document)"
        case .timeout:
            let suggestion = Self.roundedUp(max(figures.seconds, 1) * factor)
            return text + "raise the time budget to about \(suggestion) s (--timeout \(suggestion))"
        case .interrupted:
            return text + "run it again and let it finish (it explored \(CheckProgress.grouped(figures.states)) states in \(Int(figures.seconds)) s)"
        }
    }

    /// The most states a document or the command line may ask for.
    static let maxStatesLimit = 500_000_000

    /// `value` rounded up to two significant digits: 1,234,567 → 1,300,000.
    private static func roundedUp(_ value: Double) -> Int {
        guard value.isFinite, value < 9e17 else { return Int.max / 16 }
        var scale = 1.0
        while value / scale >= 100 { scale *= 10 }
        return Int((value / scale).rounded(.up) * scale)
    }

    private static func oneDecimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
