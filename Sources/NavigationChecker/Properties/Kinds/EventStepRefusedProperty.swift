import NavigationCore
import NavigationGraph

extension PropertyKind {
    /// No step of an event that fires is refused.
    public static let eventStepRefused = PropertyKind(
        id: "event-step-refused", name: "event step refused",
        rule: "A step of an event that fires is refused, so the event does less than it says",
        help: """
            An event fired (its `when:` held) and one of its steps was refused: a `{ tab: t }` \
            step on a tab the tab bar does not show, or a step into a route whose guard cancels \
            it. The event's other steps ran, so the app ends somewhere the event does not \
            describe. The trace ends with the event. Give the event a `when:` that excludes the \
            state, order its steps so the tab is shown first (after the `set:` that shows it), or \
            go through the guard's redirect. A warning: the refusal may be meant (a guard doing \
            its job); `--strict` fails on it.
            """,
        severity: .warning, ruleListing: .whenJudged)
}

/// No event step is refused; reported only when one is (with the first refusal's shortest
/// trace), so the reports of graphs whose events never meet a refusal stay as they were.
struct EventStepRefusedProperty: Property {
    static var kind: PropertyKind { .eventStepRefused }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        guard let violation = judging.observations.refusedEventStep else { return [] }
        var location: SourceLocation?
        if case .event(let index)? = violation.action, judging.graph.events.indices.contains(index) {
            location = judging.graph.events[index].location
        }
        return found(.warning, violation.message, trace: try trace(violation, kind.name), at: location)
    }
}
