import NavigationCore

extension PropertyKind {
    /// Every request is presented by one of its owners.
    public static let droppedRequests = PropertyKind(
        id: "dropped-requests", name: "dropped requests",
        rule: "A request that no visible owner presents, so nothing happens",
        help: """
            A request (a transition, event step, guard redirect, reroute or deep link written with \
            `request:`) was dropped: none of the destination's owners (`owner:`) was shown when it \
            ran, or a higher-priority flow blocked it, so the user's action did nothing. The trace \
            ends at the dropping step. Add an owner that is shown there (a tab, `app`), show the \
            owner first, or do not offer the action where it cannot be presented.
            """,
        ruleListing: .whenJudged)
}

/// No request is dropped; judged for graphs with requests, with the first drop's shortest trace.
struct DroppedRequestsProperty: Property {
    static var kind: PropertyKind { .droppedRequests }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        guard judging.graph.hasRequests else { return [] }
        let observations = judging.observations
        guard let violation = observations.droppedRequest else {
            return passed("every request is presented by an owner")
        }
        let count = observations.droppedRequestCount
        let more = count > 1 ? " (\(CheckProgress.grouped(count)) dropped requests in all)" : ""
        return found(.failed, violation.message + more,
                     trace: try trace(violation, kind.name), at: judging.location(of: violation.action))
    }
}
