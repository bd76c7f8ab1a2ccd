import NavigationChecker

/// How a graph's verification changed between two versions of it: the properties whose verdict
/// changed (passed, failed, inconclusive, or absent on one side) and the change in reachable
/// states and transitions, from the two sides' ``VerificationReport``s.
///
/// ```swift
/// let verdicts = VerdictDiff(base: oldReport, head: newReport)
/// if verdicts.worsened { /* a property fails that did not fail before: exit 1 */ }
/// ```
///
/// A verdict got **worse** when a property fails on the head that did not fail on the base
/// (it passed, was undecided, or is new), or when the head was not explored (lint errors) but
/// the base was. A verdict was **lost** when a property is inconclusive on the head that was
/// not on the base: not a failure, but no longer verified.
public struct VerdictDiff: Hashable, Sendable, Codable {
    /// A property whose verdict is not the same on both sides.
    public struct PropertyChange: Hashable, Sendable, Codable {
        /// `invariant`, `guard-bypass`, `no-trap`, … as in the reports.
        public let kind: String
        /// The property's name: an invariant's, or the kind's.
        public let name: String
        /// Its status on the base; `nil` when the base has no such property.
        public let before: VerdictStatus?
        /// The same on the head; `nil` when the head has no such property.
        public let after: VerdictStatus?
        /// The head's message when it fails or is undecided there, else the base's.
        public let message: String
        /// Whether it fails now and did not before.
        public let worse: Bool
        /// The feature the verdict is about on the head, else on the base (see
        /// ``VerificationReport/Property/feature``); `nil` for the app's own.
        public var feature: String? = nil
    }

    /// A figure on both sides, `nil` on a side that was not explored or does not exist.
    public struct Figure: Hashable, Sendable, Codable {
        /// The count on each side: exact up to 2^53, the nearest double beyond (the symbolic
        /// engine counts past `Int.max`), `Double.greatestFiniteMagnitude` past the largest double.
        public let before: Double?
        public let after: Double?

        /// A figure that was `before` on the base and is `after` on the head.
        public init(before: Double?, after: Double?) {
            self.before = before
            self.after = after
        }

        /// `after - before`, when both are known.
        public var delta: Double? {
            guard let before, let after else { return nil }
            return after - before
        }
    }


    /// The base's verdict: `passed`, `failed`, `inconclusive`, `not explored: <reason>`, or
    /// `nil` when the graph is new.
    public let baseStatus: String?
    /// The head's verdict, likewise; `nil` when the graph was removed.
    public let headStatus: String?
    /// The properties whose verdict changed, sorted by kind, then name.
    public let properties: [PropertyChange]
    /// Reachable states explored on each side.
    public let states: Figure
    /// Transitions between them on each side.
    public let transitions: Figure
    /// Whether a property fails now that did not before, or the head could not be explored
    /// (lint errors) while the base was.
    public let worsened: Bool
    /// Whether a property is undecided now that was decided (or absent) before.
    public let lostDecision: Bool
    /// Whether any property is undecided on the head, changed or not: then the comparison
    /// cannot say that nothing got worse (an undecided property may fail).
    public let undecided: Bool
    /// Why the head was not checked to the end (its search's cutoff, `interrupted in level 4, …`),
    /// when a property is undecided there.
    public var headCutoff: String? = nil

    /// Compares the verification of the base with the head's; `nil` for a side where the graph
    /// does not exist.
    ///
    /// - Complexity: O(n log n) in the number of properties.
    public init(base: VerificationReport?, head: VerificationReport?) {
        func status(_ report: VerificationReport?) -> String? {
            guard let report else { return nil }
            return report.notExplored.map { "not explored: \($0)" } ?? report.status.rawValue
        }
        baseStatus = status(base)
        headStatus = status(head)
        struct Key: Hashable, Comparable {
            let kind: String
            let name: String
            static func < (lhs: Self, rhs: Self) -> Bool { (lhs.kind, lhs.name) < (rhs.kind, rhs.name) }
        }
        func verdicts(_ report: VerificationReport?) -> [Key: VerificationReport.Property] {
            var verdicts: [Key: VerificationReport.Property] = [:]
            for property in report?.properties ?? [] where verdicts[Key(kind: property.kind, name: property.name)] == nil {
                verdicts[Key(kind: property.kind, name: property.name)] = property
            }
            return verdicts
        }
        let before = verdicts(base)
        let after = verdicts(head)
        var changes: [PropertyChange] = []
        for key in Set(before.keys).union(after.keys).sorted() {
            let old = before[key]
            let new = after[key]
            guard old?.status != new?.status else { continue }
            let message = (new?.status == .passed ? old?.message : new?.message) ?? new?.message ?? old?.message ?? ""
            changes.append(PropertyChange(kind: key.kind, name: key.name, before: old?.status, after: new?.status, message: message,
                                          worse: new?.status == .failed && old?.status != .failed, feature: new?.feature ?? old?.feature))
        }
        properties = changes
        func explored(_ report: VerificationReport?) -> VerificationReport? { report?.notExplored == nil ? report : nil }
        // Past Int.max a report's integer count is capped; its approximate count is the figure.
        func states(_ report: VerificationReport?) -> Double? {
            explored(report).map { $0.statistics.statesApproximate ?? Double($0.statistics.states) }
        }
        func transitions(_ report: VerificationReport?) -> Double? {
            explored(report).map { $0.statistics.transitionsApproximate ?? Double($0.statistics.transitions) }
        }
        self.states = Figure(before: states(base), after: states(head))
        self.transitions = Figure(before: transitions(base), after: transitions(head))
        let headNotExplored = head != nil && head?.notExplored != nil
        let baseExplored = base != nil && base?.notExplored == nil
        worsened = changes.contains(where: \.worse) || (headNotExplored && (base == nil || baseExplored))
        lostDecision = changes.contains { $0.after == .inconclusive }
        undecided = head?.properties.contains { $0.status == .inconclusive } ?? false
        headCutoff = undecided ? head?.cutoff?.summary : nil
    }

    /// `undecided: HEAD was not checked to the end (interrupted in level 4, …)`, when a property
    /// is undecided on the head: the comparison cannot say that nothing got worse.
    public var undecidedNote: String? {
        guard undecided else { return nil }
        return "undecided: HEAD was not checked to the end" + (headCutoff.map { " (the search was \($0))" } ?? "")
    }

    /// Whether nothing about the verification changed: the same verdicts and the same numbers
    /// of states and transitions.
    public var isEmpty: Bool {
        properties.isEmpty && baseStatus == headStatus && states.delta == 0 && transitions.delta == 0
    }
}
