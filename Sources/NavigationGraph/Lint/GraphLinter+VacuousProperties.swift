import NavigationCore

extension GraphLinter {
    /// The findings of `vacuous-property` (warning): a property that would pass without
    /// checking anything, so a green verdict would say nothing:
    /// - an invariant that holds in every state the graph can reach;
    /// - a can-reach property whose `from:` holds in no state (nothing to reach from);
    /// - a never-until property whose `after:` (its trigger) or `never:` holds in no state, or
    ///   whose `until:` holds in every state (it is released as soon as it is armed).
    ///
    /// (`within:` cannot be vacuous: a name that is not declared is `unknown-route`, and a group
    /// without routes does not load.)
    ///
    /// Lint decides this without exploring, so it only says so when it is certain
    /// (``ConditionRange``): a condition is judged over every value its flags can take (a flag
    /// no event or deep link sets keeps its initial value), the fact that the active stack is
    /// never empty, and the routes no edge leads to (`unreachable-route`). Anything else it
    /// cannot decide counts as possibly true and possibly false, so a condition over states
    /// that are merely hard to reach is never reported. Constant invariants and conditions that
    /// name something undeclared are left to `unevaluable-invariant` and the `unknown-*` rules.
    static func vacuousPropertyFindings<R: Route>(_ graph: NavigationGraph<R>, reachable: Set<String>) -> [LintFinding] {
        let range = ConditionRange(graph, reachable: reachable)
        var findings: [LintFinding] = []
        func finding(_ message: String, _ reasons: [String], remedy: String, at location: SourceLocation?) {
            let because = reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))"
            findings.append(LintFinding(rule: "vacuous-property", severity: .warning, message: message + because, remedy: remedy, location: location))
        }
        for invariant in graph.invariants {
            guard let expression = invariant.condition.expression, range.judges(expression) else { continue }
            if case .constant = expression { continue }   // `unevaluable-invariant` says so
            let judged = range.values(of: expression)
            guard judged.values == [true] else { continue }
            finding("invariant '\(invariant.name)' ('\(invariant.condition.text)') holds in every state the graph can reach, so it can never fail",
                    judged.reasons,
                    remedy: "state what must hold where it could fail (e.g. 'top == <route> implies <flag>' over a route that can be shown), or remove the invariant",
                    at: invariant.condition.location ?? invariant.location)
        }
        for property in graph.properties {
            func never(_ key: String, _ condition: GraphCondition<R>, _ consequence: String, _ remedy: String) {
                guard let expression = condition.expression, range.judges(expression) else { return }
                let judged = range.values(of: expression)
                guard judged.values == [false] else { return }
                finding("property '\(property.name)': its '\(key)' condition ('\(condition.text)') holds in no state the graph can reach, so \(consequence)",
                        judged.reasons, remedy: remedy, at: condition.location ?? property.location)
            }
            switch property.rule {
            case .canReach(let from, _):
                never("from", from, "the property passes without checking anything",
                      "write a 'from:' that some reachable state satisfies (a route that can be shown, a flag an event sets)")
            case .never(let after, let forbidden, let until):
                never("after", after, "it is never armed and passes without checking anything",
                      "write an 'after:' that some reachable state satisfies: the trigger the property is about")
                never("never", forbidden, "nothing can break it and it passes without checking anything",
                      "write a 'never:' over a state that can be reached, or remove the property")
                if let until, let expression = until.expression, range.judges(expression) {
                    let judged = range.values(of: expression)
                    if judged.values == [true] {
                        finding("property '\(property.name)': its 'until' condition ('\(until.text)') holds in every state the graph can reach, so it releases the property as soon as 'after' arms it and it passes without checking anything",
                                judged.reasons, remedy: "write an 'until:' that holds only once the forbidden state is allowed again",
                                at: until.location ?? property.location)
                    }
                }
            }
        }
        return findings
    }
}

/// The values a condition can take in the states a graph can reach, as far as lint can tell
/// without exploring: certain only where it says `[false]` or `[true]`.
struct ConditionRange {
    /// What a condition can be, and the facts that made it certain.
    struct Judgement {
        /// The values it can take: `[false]` never holds, `[true]` always holds.
        var values: Set<Bool>
        /// The facts used, in the order found (e.g. "route 'ghost' cannot be reached").
        var reasons: [String]
    }

    /// How many flags a condition may read that events change before lint stops trying every
    /// value of them (2^12 evaluations at most), as for tabs.
    static let maxFreeFlags = 12

    private let declaredRoutes: Set<String>
    private let declaredFlags: Set<String>
    private let declaredTabs: Set<String>
    private let reachable: Set<String>
    /// Flags some event or deep link sets or clears.
    private let changed: Set<String>
    private let initiallySet: Set<String>

    init<R: Route>(_ graph: NavigationGraph<R>, reachable: Set<String>) {
        declaredRoutes = Set(graph.routes.map(\.name))
        declaredFlags = Set(graph.flags.map(\.name.name))
        declaredTabs = Set(graph.tabs.map(\.id.name))
        self.reachable = reachable
        changed = Set(graph.events.flatMap { $0.flagChanges.map(\.flag.name) } + (graph.deepLinks?.links ?? []).flatMap { $0.plan.flags.keys.map(\.name) })
        initiallySet = Set(graph.flags.filter(\.initial).map(\.name.name))
    }

    /// Whether lint may judge `condition`: it names only declared routes, flags and tabs (an
    /// undeclared name is reported as such) and reads few enough flags that events change.
    func judges(_ condition: Condition) -> Bool {
        condition.routeNames.allSatisfy { declaredRoutes.contains($0.text) }
            && condition.flagNames.allSatisfy { declaredFlags.contains($0.text) }
            && condition.tabNames.allSatisfy { declaredTabs.contains($0.text) }
            && Set(condition.flagNames.map(\.text)).intersection(changed).count <= Self.maxFreeFlags
    }

    /// The values `condition` can take over every value of the flags it reads.
    func values(of condition: Condition) -> Judgement {
        let read = Set(condition.flagNames.map(\.text))
        let free = read.intersection(changed).sorted()
        var values: Set<Bool> = []
        var reasons: [String] = []
        for combination in 0..<(1 << free.count) {
            var set = initiallySet.intersection(read).subtracting(free)
            for (bit, flag) in free.enumerated() where combination & (1 << bit) != 0 { set.insert(flag) }
            values.formUnion(evaluate(condition, set: set, reasons: &reasons))
        }
        for flag in read.subtracting(changed).sorted() {
            reasons.append("flag '\(flag)' is \(initiallySet.contains(flag) ? "set" : "clear") at launch and no event or deep link changes it")
        }
        var seen: Set<String> = []
        return Judgement(values: values, reasons: reasons.filter { seen.insert($0).inserted })
    }

    /// The values `condition` can take when exactly the flags in `set` are set.
    private func evaluate(_ condition: Condition, set: Set<String>, reasons: inout [String]) -> Set<Bool> {
        let either: Set<Bool> = [false, true]
        func absent(_ name: Condition.Name, present: Bool) -> Set<Bool> {
            guard !reachable.contains(name.text) else { return either }
            reasons.append("route '\(name.text)' cannot be reached")
            return [!present]
        }
        func combine(_ lhs: Condition, _ rhs: Condition, _ operation: (Bool, Bool) -> Bool) -> Set<Bool> {
            let left = evaluate(lhs, set: set, reasons: &reasons)
            let right = evaluate(rhs, set: set, reasons: &reasons)
            return Set(left.flatMap { l in right.map { r in operation(l, r) } })
        }
        switch condition {
        case .constant(let value): return [value]
        case .flag(let name): return [set.contains(name.text)]
        case .not(let inner): return Set(evaluate(inner, set: set, reasons: &reasons).map { !$0 })
        case .and(let lhs, let rhs): return combine(lhs, rhs) { $0 && $1 }
        case .or(let lhs, let rhs): return combine(lhs, rhs) { $0 || $1 }
        case .implies(let lhs, let rhs): return combine(lhs, rhs) { !$0 || $1 }
        case .isNamed(.tab, _, _): return either
        case .isNamed(_, let name, let equal): return absent(name, present: equal)
        case .stackContains(let name), .modalsContain(let name), .tabStackContains(_, let name): return absent(name, present: true)
        case .compare(.depth, let comparison, let bound):
            // The active stack always holds at least its root.
            let possible = Self.outcomes(comparison, bound, from: 1)
            if possible.count == 1 { reasons.append("the active stack always holds at least its root (depth >= 1)") }
            return possible
        case .compare(.modalDepth, let comparison, let bound):
            let possible = Self.outcomes(comparison, bound, from: 0)
            if possible.count == 1 { reasons.append("modalDepth is never negative") }
            return possible
        case .compare(.count(let name), let comparison, let bound):
            if !reachable.contains(name.text) {
                reasons.append("route '\(name.text)' cannot be reached, so its count is 0")
                return [comparison.holds(0, bound)]
            }
            let possible = Self.outcomes(comparison, bound, from: 0)
            if possible.count == 1 { reasons.append("a count is never negative") }
            return possible
        case .noModal, .selectedTabHidden: return either
        }
    }

    /// What `value <comparison> bound` can be for every `value >= lowest`: past `bound + 1` it
    /// no longer changes, so the values up to there decide it.
    private static func outcomes(_ comparison: Condition.Comparison, _ bound: Int, from lowest: Int) -> Set<Bool> {
        let highest = max(bound, lowest) + 1
        return Set((lowest...highest).map { comparison.holds($0, bound) })
    }
}
