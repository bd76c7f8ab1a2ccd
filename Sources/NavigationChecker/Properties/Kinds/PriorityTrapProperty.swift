import NavigationCore

extension PropertyKind {
    /// Every high-priority flow can be left.
    public static let priorityTrap = PropertyKind(
        id: "priority-trap", name: "priority trap",
        rule: "A high-priority flow that can never be left",
        help: """
            The trace ends in a state inside a high-priority flow (a route with `priority: high`) \
            from which no state without such a flow can be reached: requests stay blocked for good. \
            Give the flow a way to end (a dismiss, a transition out, an event that clears it).
            """,
        ruleListing: .whenJudged)
}

/// Every high-priority flow can be left: judged with the no-trap check when some route is
/// high priority; only a complete search can confirm a trap.
struct PriorityTrapProperty: Property {
    static var kind: PropertyKind { .priorityTrap }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        guard judging.end.checksPriorityFlows else { return [] }
        guard let trapped = judging.end.priorityTrap else {
            return passed("every high-priority flow can be left")
        }
        return found(judging.unlessIncomplete, "from here no state without a high-priority flow can be reached again\(judging.withinExplored)",
                     trace: try trace(Violation(state: trapped, action: nil, message: ""), kind.name))
    }
}
