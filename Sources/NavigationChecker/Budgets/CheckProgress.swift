import NavigationGraph

/// Where a running search is, reported every ``Checker/Options/progressInterval``.
public struct CheckProgress: Hashable, Sendable {
    /// Distinct states stored so far.
    public let states: Int
    /// Successors computed so far.
    public let transitions: Int
    /// The breadth-first level being expanded (its states are this many steps from the start).
    public let level: Int
    /// States stored but not expanded yet: the rest of this level and what the next holds so far.
    public let waiting: Int
    public let elapsedSeconds: Double
    /// The process's resident memory now.
    public let residentBytes: Int
    /// The budget closest to running out, and how much of it is used (0…1).
    public let closestBudget: BudgetUse

    /// A budget and how much of it a search has used.
    public struct BudgetUse: Hashable, Sendable {
        public enum Budget: String, Hashable, Sendable {
            case maxStates, maxMemory, timeout
        }

        public let budget: Budget
        public let used: Double
        public let limit: String
    }

    public var statesPerSecond: Int { elapsedSeconds > 0 ? Int(Double(states) / elapsedSeconds) : 0 }

    /// One line for a log: `412,000 states (95,000/s), level 9, 38,000 waiting, 412 MB; maxStates 41% of 1,000,000`.
    public var line: String {
        "\(Self.grouped(states)) states (\(Self.grouped(statesPerSecond))/s), level \(level), \(Self.grouped(waiting)) waiting, "
            + "\(MemorySize.text(residentBytes)), \(Int(elapsedSeconds)) s; closest budget: \(closestBudget.budget.rawValue) "
            + "\(Int((closestBudget.used * 100).rounded(.down)))% of \(closestBudget.limit)"
    }

    /// `1234567` as `1,234,567`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
