import NavigationCore

extension PropertyKind {
    /// Every move that reroutes is retried successfully on some path.
    public static let reroutesNeverHelp = PropertyKind(
        id: "reroutes-never-help", name: "reroutes that never help",
        rule: "A move that reroutes and whose retry never succeeds in any reachable state",
        help: """
            A move with `reroute:` sends the user to another flow first (say, sign-in), but in no \
            reachable state does its retry then run successfully: the detour never leads back. \
            The trace is the shortest way to the first reroute. Check that the rerouted flow can \
            make the move's condition true (set the flag it waits for) and that its source screen \
            is still shown when the flow ends.
            """,
        ruleListing: .whenJudged)
}

/// Every reroutable move that reroutes is helped somewhere; judged for graphs with reroutes.
/// Judged over every reachable state: a move is unhelped only if no state runs its retry
/// successfully, which a search cut short cannot tell. The nearest first reroute among the
/// unhelped is shown; among equally near ones the first move by name.
struct ReroutesNeverHelpProperty: Property {
    static var kind: PropertyKind { .reroutesNeverHelp }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        guard judging.graph.transitions.contains(where: { $0.reroute != nil }) else { return [] }
        let observations = judging.observations
        let unhelped = observations.firstReroutes.filter { !observations.helpedReroutes.contains($0.key) }
        guard let (_, violation) = unhelped.min(by: { ($0.value.state, $0.key) < ($1.value.state, $1.key) }) else {
            return passed(observations.firstReroutes.isEmpty ? "no move ever reroutes"
                              : "every move that reroutes is retried successfully on some path")
        }
        return found(judging.unlessIncomplete, violation.message + PropertyJudging<R>.more(unhelped.count, "move") + judging.withinExplored,
                     trace: try trace(violation, kind.name), at: judging.location(of: violation.action))
    }
}
