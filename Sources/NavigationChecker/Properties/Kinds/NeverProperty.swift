import NavigationCore
import NavigationGraph

extension PropertyKind {
    /// A declared `{ after, never, until }` property: once `after` holds, no state where
    /// `never` holds comes before one where `until` holds.
    public static let never = PropertyKind(
        id: "never", name: "never", namedByDeclaration: true,
        rule: "A forbidden state is reachable after a declared condition held, before its release",
        help: """
            A property declared under `properties:` with `after:`, `never:` and `until:` fails: the \
            trace is the shortest way to a state where `never` holds, after a state where `after` \
            held and with no state where `until` holds in between (without `until`, at any time \
            after). Fix the navigation that leads there (a guard, a transition that should dismiss \
            first, an event that should reset a flag), or correct the property.
            """,
        ruleListing: .whenJudged)
}

/// Each declared never-until property: one verdict per declaration, in the order declared,
/// named after it. A safety property: any violation found is one, cut search or not.
struct NeverProperty: Property {
    static var kind: PropertyKind { .never }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        var verdicts: [PropertyVerdict<R>] = []
        // The can-reach kind's observer records every declared property's conditions.
        let observer = judging.observer(DeclaredPropertySearch.Observer<R>.self)
        for (position, property) in judging.graph.properties.enumerated() {
            guard case .never(let after, let never, let until) = property.rule else { continue }
            func verdict(_ status: PropertyVerdict<R>.Status, _ message: String, _ trace: CheckTrace<R>? = nil) -> PropertyVerdict<R> {
                PropertyVerdict(kind: kind, name: property.name, status: status, message: message, trace: trace, location: property.location)
            }
            let violation: Violation?
            if let judged = judging.end.declaredViolations, judged.indices.contains(position) {
                violation = judged[position]
            } else if let observer, let graph = judging.end.stateGraph, observer.bits.indices.contains(position) {
                violation = DeclaredPropertySearch.firstViolation(bits: observer.bits[position], edges: graph.edges, actions: graph.actions)
                    .map { found in Violation(state: found.state, action: nil, message: "", actions: found.actions.compactMap(ExplorerAction.init(code:))) }
            } else {
                verdicts.append(verdict(.inconclusive, PropertyVerdict<R>.judgedOverTheWholeSet))
                continue
            }
            let before = until.map { " before '\($0.text)'" } ?? ""
            guard let violation else {
                verdicts.append(verdict(.passed, "no state where '\(never.text)' holds is reached after '\(after.text)'\(before)"))
                continue
            }
            verdicts.append(verdict(.failed, "'\(never.text)' holds here, after '\(after.text)' held\(until.map { " and before '\($0.text)' did" } ?? "")",
                                    try trace(violation, property.name)))
        }
        return verdicts
    }
}
