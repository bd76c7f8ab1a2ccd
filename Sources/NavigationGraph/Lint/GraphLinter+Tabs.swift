import NavigationCore

extension GraphLinter {
    /// How many flags events may change before `tab-never-shown` stops trying every value of
    /// them (2^12 evaluations at most).
    static let maxFreeFlagsForTabConditions = 12

    /// The findings about tabs shown only under a condition:
    /// - `tab-never-shown` (warning): a condition over flags alone that holds for no values the
    ///   flags can take (a flag no event changes keeps its initial value);
    /// - `initial-tab-hidden` (warning): the first tab, selected at launch, is not shown in the
    ///   initial state, so the app starts on another tab (or, with none shown, on a hidden one).
    static func tabFindings<R: Route>(_ graph: NavigationGraph<R>) -> [LintFinding] {
        var findings: [LintFinding] = []
        // Events and links that set flags (`set:` on a link) change them.
        let changed = Set(graph.events.flatMap { $0.flagChanges.map(\.flag.name) } + (graph.deepLinks?.links ?? []).flatMap { $0.plan.flags.keys.map(\.name) })
        let initiallySet = Set(graph.flags.filter(\.initial).map(\.name.name))
        let free = graph.flags.map(\.name.name).filter(changed.contains)
        for tab in graph.tabs {
            guard let expression = tab.condition?.expression, free.count <= maxFreeFlagsForTabConditions else { continue }
            let fixed = initiallySet.subtracting(free)
            var shownSomewhere = false
            var readsOnlyFlags = true
            for combination in 0..<(1 << free.count) {
                var set = fixed
                for (bit, flag) in free.enumerated() where combination & (1 << bit) != 0 { set.insert(flag) }
                guard let value = flagValue(of: expression, set: set) else { readsOnlyFlags = false; break }
                if value { shownSomewhere = true; break }
            }
            guard readsOnlyFlags, !shownSomewhere else { continue }
            findings.append(LintFinding(rule: "tab-never-shown", severity: .warning,
                                        message: "tab '\(tab.id)' is shown when \(tab.condition?.text ?? ""), which holds for no values its flags can take (events change \(free.isEmpty ? "no flag" : free.joined(separator: ", ")))",
                                        remedy: "fix the condition, let an event change the flags it needs, or remove the tab", location: tab.location))
        }
        if let first = graph.tabs.first, first.condition != nil, let state = try? graph.initialState(), state.selectedTab != first.id || !graph.makeTabBarRules().isShown(first.id, in: state) {
            let rules = graph.makeTabBarRules()
            // A condition may read the selection itself (`tab != home`): the tab the app starts on
            // can be hidden too while others are shown.
            let outcome = rules.isShown(state.selectedTab, in: state) ? "; the app starts on tab '\(state.selectedTab)' instead"
                : rules.shownTabs(in: state).isEmpty ? "; and no tab is shown at launch"
                : "; the app starts on tab '\(state.selectedTab)', which is not shown then either"
            findings.append(LintFinding(rule: "initial-tab-hidden", severity: .warning,
                                        message: "tab '\(first.id)' is selected at launch but is not shown then (it is shown when \(first.condition?.text ?? ""))"
                                            + outcome,
                                        remedy: "put a tab that is shown at launch first, or change the condition or the flags' initial values", location: first.location))
        }
        return findings
    }

    /// The value of `condition` when exactly the flags in `set` are set; `nil` when it reads
    /// anything but flags and constants.
    private static func flagValue(of condition: Condition, set: Set<String>) -> Bool? {
        switch condition {
        case .constant(let value): return value
        case .flag(let name): return set.contains(name.text)
        case .not(let inner): return flagValue(of: inner, set: set).map { !$0 }
        case .and(let lhs, let rhs):
            guard let left = flagValue(of: lhs, set: set), let right = flagValue(of: rhs, set: set) else { return nil }
            return left && right
        case .or(let lhs, let rhs):
            guard let left = flagValue(of: lhs, set: set), let right = flagValue(of: rhs, set: set) else { return nil }
            return left || right
        case .implies(let lhs, let rhs):
            guard let left = flagValue(of: lhs, set: set), let right = flagValue(of: rhs, set: set) else { return nil }
            return !left || right
        case .isNamed, .noModal, .stackContains, .tabStackContains, .modalsContain, .compare, .selectedTabHidden: return nil
        }
    }
}
