import NavigationCore
import NavigationGraph

extension PropertyKind {
    /// A declared `{ from, canReach }` property: from every reachable state where `from`
    /// holds, a state where `canReach` holds can be reached.
    public static let canReach = PropertyKind(
        id: "can-reach", name: "can reach", namedByDeclaration: true,
        rule: "A reachable state from which a declared target can never be reached",
        help: """
            A property declared under `properties:` with `from:` and `canReach:` fails: the trace \
            is the shortest way to a state where `from` holds and from which no sequence of \
            actions leads to a state where `canReach` holds. Give that state a way on (a \
            transition, a dismissable modal, an event), or narrow `from` if the app does not \
            promise the way back there.
            """,
        ruleListing: .whenJudged)
}

/// Each declared can-reach property: one verdict per declaration, in the order declared,
/// named after it. Only a complete search can confirm that a target is never reached.
struct CanReachProperty: Property {
    static var kind: PropertyKind { .canReach }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        var verdicts: [PropertyVerdict<R>] = []
        let observer = judging.observer(DeclaredPropertySearch.Observer<R>.self)
        for (position, property) in judging.graph.properties.enumerated() {
            guard case .canReach(let from, let target) = property.rule else { continue }
            func verdict(_ status: PropertyVerdict<R>.Status, _ message: String, _ trace: CheckTrace<R>? = nil) -> PropertyVerdict<R> {
                PropertyVerdict(kind: kind, name: property.name, status: status, message: message, trace: trace, location: property.location)
            }
            let violation: Violation?
            if let judged = judging.end.declaredViolations, judged.indices.contains(position) {
                violation = judged[position]
            } else if let observer, let graph = judging.end.stateGraph, observer.bits.indices.contains(position) {
                violation = DeclaredPropertySearch.firstStuck(bits: observer.bits[position], edges: graph.edges)
                    .map { Violation(state: $0, action: nil, message: "") }
            } else {
                verdicts.append(verdict(.inconclusive, PropertyVerdict<R>.judgedOverTheWholeSet))
                continue
            }
            guard let violation else {
                verdicts.append(verdict(.passed, "from every state where '\(from.text)' holds, a state where '\(target.text)' holds can be reached"))
                continue
            }
            verdicts.append(verdict(judging.unlessIncomplete,
                                    "'\(from.text)' holds here, and no state where '\(target.text)' holds can be reached from here\(judging.withinExplored)",
                                    try trace(violation, property.name)))
        }
        return verdicts
    }

    /// Every declared property's conditions, recorded per stored state, when the graph declares
    /// any (the never-until kind reads the same observer).
    static func observer<R: Route>(for graph: NavigationGraph<R>) -> (any PropertyObserver<R>)? {
        graph.properties.isEmpty ? nil : DeclaredPropertySearch.Observer(graph)
    }
}
