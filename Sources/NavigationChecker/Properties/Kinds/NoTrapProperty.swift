import NavigationCore

extension PropertyKind {
    /// From every reachable state the current tab's root (or the root) can be reached again.
    public static let noTrap = PropertyKind(
        id: "no-trap", name: "no trap",
        rule: "A reachable state from which the current tab's root cannot be reached",
        help: """
            The trace ends in a state from which no sequence of actions leads back to the current \
            tab's root: the user is stuck. Usually a modal without a way to dismiss it, a stack \
            whose Back is blocked by a guard, or a flag only an unreachable event resets. Give the \
            last screen of the trace a way out (a transition, a dismissable modal style, an event).
            """)
}

/// The current tab's root is reachable again from every state: judged only when asked for,
/// and only a complete search can confirm a trap.
struct NoTrapProperty: Property {
    static var kind: PropertyKind { .noTrap }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        let end = judging.end
        guard end.checksTraps else { return [] }
        guard let trap = end.trap else {
            return passed("the current tab's root is reachable again from every state")
        }
        let tabs = judging.graph.tabs
        let tabName = tabs.indices.contains(trap.tab) ? "tab \(tabs[trap.tab].id.name)'s root" : "the root"
        return found(judging.unlessIncomplete, "from here \(tabName) can never be reached again\(judging.withinExplored)",
                     trace: try trace(Violation(state: trap.state, action: nil, message: "", actions: end.trapActions), kind.name))
    }
}
