import NavigationCore
import NavigationGraph

extension PropertyKind {
    /// Every sample URL does what the graph declares, and resumed links land where planned.
    public static let deepLinks = PropertyKind(
        id: "deep-links", name: "deep links",
        rule: "A deep link does not do what the graph declares",
        help: """
            A sample URL under `deepLinks:` did other than its `expect:` says (navigated, parked as \
            pending, rejected, unhandled), or a planned link landed on another route than its plan. \
            The message names the URL and what happened; the trace is the shortest way to the state \
            it was opened in. Fix the pattern or the plan, the guard that parks or rejects it, or \
            the expectation (`expect:` with a condition where the outcome depends on the state).
            """)
}

/// Every sample URL does what it declares, at launch and in every state; judged for graphs
/// with deep links. The nearest problem is shown, all counted (up to 64).
struct DeepLinksProperty: Property {
    static var kind: PropertyKind { .deepLinks }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        guard judging.end.hasDeepLinks else { return [] }
        let observations = judging.observations
        guard let violation = observations.linkViolations.min(by: { $0.state < $1.state }) else {
            return passed("all \(observations.samples.count) sample URLs do what they declare; resumed links land where planned")
        }
        let more = observations.linkProblems > 1 ? " (\(observations.linkProblems) problems in all)" : ""
        // Only the sample opened is located; a resumed link is not written anywhere.
        let location = violation.action.flatMap { action -> SourceLocation? in
            if case .openLink(let sample) = action { return observations.samples[sample].location }
            return nil
        }
        return found(.failed, violation.message + more,
                     trace: try trace(violation, kind.name), at: location)
    }
}
