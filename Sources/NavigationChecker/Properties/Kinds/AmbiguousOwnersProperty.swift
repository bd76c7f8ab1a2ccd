import NavigationCore

extension PropertyKind {
    /// Each request is always presented by the same owner (a warning, never a failure).
    public static let ambiguousOwners = PropertyKind(
        id: "ambiguous-owners", name: "ambiguous owners",
        rule: "One request presented by different owners on different paths",
        help: """
            The same request (one action asking for one route) is presented by one owner on one \
            path and by another on a second: where the screen appears depends on how the user got \
            there. The warning shows both paths. If that is meant, nothing needs to change (a \
            warning never fails a run); otherwise narrow the route's `owner:` list or give the \
            owners distinct priorities.
            """,
        severity: .warning, ruleListing: .whenJudged)
}

/// Each request is always presented by the same owner; judged for graphs with requests. A
/// warning, not a failure: an owner that depends on the path may be meant. Said so, with the
/// trace to the second owner and the one to the first.
struct AmbiguousOwnersProperty: Property {
    static var kind: PropertyKind { .ambiguousOwners }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        guard judging.graph.hasRequests else { return [] }
        let observations = judging.observations
        guard let violation = observations.ambiguousOwner else {
            return passed("each request is always presented by the same owner")
        }
        var verdict = PropertyVerdict<R>(kind: kind, name: kind.name, status: .warning, message: violation.message,
                                         trace: try trace(violation, kind.name), location: judging.location(of: violation.action))
        if let first = observations.ambiguousOwnerFirst { verdict.otherTrace = try trace(first, kind.name) }
        return [verdict]
    }
}
