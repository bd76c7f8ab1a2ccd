import NavigationCore

extension PropertyKind {
    /// A declared invariant: a condition that must hold in every reachable state.
    public static let invariant = PropertyKind(
        id: "invariant", name: "invariant", namedByDeclaration: true,
        rule: "An invariant of the graph is false in a reachable state",
        help: """
            An invariant declared under `invariants:` is false in a state the user can reach. The \
            trace is the shortest way there. Fix the navigation that leads to the state (a missing \
            guard, a transition that should dismiss first), or correct the invariant if it says \
            more than the app promises.
            """)
}

/// Each declared invariant holds in every state explored; one verdict per invariant, in the
/// order declared, named after it.
struct InvariantProperty: Property {
    static var kind: PropertyKind { .invariant }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        var verdicts: [PropertyVerdict<R>] = []
        for (position, invariant) in judging.graph.invariants.enumerated() {
            if let violation = judging.observations.invariantViolations[position] {
                verdicts.append(.init(kind: kind, name: invariant.name, status: .failed, message: violation.message,
                                      trace: try trace(violation, invariant.name), location: invariant.location))
            } else {
                verdicts.append(.init(kind: kind, name: invariant.name, status: .passed,
                                      message: "holds in all \(PropertyObservations<R>.countText(judging.end.states)) states",
                                      trace: nil, location: invariant.location))
            }
        }
        return verdicts
    }
}
