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


    /// A route whose fewest user actions from launch, or from a tab's root, changed (see
    /// `TapDistances`).
    public struct TapChange: Hashable, Sendable, Codable {
        public let route: String
        /// The tab whose root the taps are counted from; `nil` for launch.
        public var fromTab: String? = nil
        /// The taps on the base; `nil` when user actions alone never showed it there.
        public let before: Int?
        /// The same on the head.
        public let after: Int?
        /// A shortest path from launch on the head, each step as reports label it; empty when
        /// none, and for taps from a tab's root (reports keep the path from launch only).
        public let path: [String]

        public init(route: String, fromTab: String? = nil, before: Int?, after: Int?, path: [String]) {
            self.route = route
            self.fromTab = fromTab
            self.before = before
            self.after = after
            self.path = path
        }

        /// `checkout`, or `checkout from tab home` for taps from a tab's root.
        public var subject: String { route + (fromTab.map { " from tab \($0)" } ?? "") }

        /// `checkout: 3 → 5 taps`, `checkout from tab home: 1 → 2 taps`, or `settings: 2 taps → not by taps`.
        public var text: String {
            func side(_ taps: Int?) -> String { taps.map(String.init) ?? "not by taps" }
            if let before, let after { return "\(subject): \(before) → \(after) \(after == 1 ? "tap" : "taps")" }
            return "\(subject): \(side(before))\(before == nil ? "" : " \(before == 1 ? "tap" : "taps")") → \(side(after))\(after == nil ? "" : " \(after == 1 ? "tap" : "taps")")"
        }

        /// Whether the route needs more taps now, or taps no longer reach it.
        public var deeper: Bool {
            guard let before else { return false }
            return after.map { $0 > before } ?? true
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
    /// The routes, declared on both sides, whose fewest user actions from launch changed, and
    /// those from a tab's root (a tab on both sides) that changed otherwise than from launch;
    /// sorted by route name, launch first, then by tab in the head's order; empty when either
    /// side has no distances.
    public var taps: [TapChange] = []

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
        taps = Self.tapChanges(base: base?.tapsToReach, head: head?.tapsToReach)
    }

    /// The routes on both sides whose taps differ, by name: from launch, and from each tab's
    /// root where that changed otherwise than from launch (a route one more tap away from
    /// launch is mostly one more from every tab, which would repeat the same news per tab).
    static func tapChanges(base: TapDistances?, head: TapDistances?) -> [TapChange] {
        guard let base, let head else { return [] }
        var before: [String: TapDistances.Entry] = [:]
        for entry in base.routes where before[entry.route] == nil { before[entry.route] = entry }
        let baseTab = Dictionary(base.tabs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [TapChange] = []
        var seen: Set<String> = []
        for entry in head.routes where seen.insert(entry.route).inserted {
            guard let old = before[entry.route] else { continue }
            var routeChanges: [TapChange] = []
            if old.taps != entry.taps { routeChanges.append(TapChange(route: entry.route, before: old.taps, after: entry.taps, path: entry.path)) }
            for (position, tab) in head.tabs.enumerated() {
                guard let basePosition = baseTab[tab], old.fromTabRoots.indices.contains(basePosition),
                      entry.fromTabRoots.indices.contains(position) else { continue }
                let (from, to) = (old.fromTabRoots[basePosition], entry.fromTabRoots[position])
                guard from != to, !(from == old.taps && to == entry.taps) else { continue }
                routeChanges.append(TapChange(route: entry.route, fromTab: tab, before: from, after: to, path: []))
            }
            changes += routeChanges
        }
        // Stable: by route, launch before the tabs, the tabs in the head's order.
        return changes.enumerated().sorted { ($0.element.route, $0.offset) < ($1.element.route, $1.offset) }.map(\.element)
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
        properties.isEmpty && baseStatus == headStatus && states.delta == 0 && transitions.delta == 0 && taps.isEmpty
    }
}
