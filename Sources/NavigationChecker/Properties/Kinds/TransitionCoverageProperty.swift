import NavigationCore

extension PropertyKind {
    /// Every declared transition is taken by some step.
    public static let transitionCoverage = PropertyKind(
        id: "transition-coverage", name: "every transition taken",
        rule: "A transition that is never taken",
        help: """
            A declared transition succeeds in no reachable state: its source is never on top where \
            its condition holds, or its guard always refuses. The message lists them, each with the \
            successors the depth bounds cut. Fix the condition, make the source reachable, raise \
            the depth bounds when they cut it, or remove the transition.
            """)
}

/// Every transition is taken; with the transitions never taken, each with the successors the
/// depth bounds cut.
struct TransitionCoverageProperty: Property {
    static var kind: PropertyKind { .transitionCoverage }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        let coverage = judging.transitionCoverage
        guard !coverage.unreached.isEmpty else {
            return passed("all \(coverage.total) transitions are taken")
        }
        let taken = judging.observations.takenTransitions, cuts = judging.observations.depthCutTransitions
        let untaken = judging.transitionLabels.indices.filter { !taken[$0] }
            .map { judging.transitionLabels[$0] + PropertyJudging<R>.depthNote(cuts[$0]) }
        let listed = PropertyJudging<R>.firstOf(untaken, separator: "; ", whole: "transitionsNotTaken")
        return found(judging.unlessIncomplete, "never taken\(judging.depthScopeNote): \(listed)", trace: nil)
    }
}
