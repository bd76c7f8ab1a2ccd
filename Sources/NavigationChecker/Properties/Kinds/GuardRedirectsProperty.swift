import NavigationCore

extension PropertyKind {
    /// Every guard redirect settles.
    public static let redirects = PropertyKind(
        id: "guard-redirects", name: "guard redirects",
        rule: "Guard redirects that never settle",
        help: """
            A step's guards (or the app's middleware) kept redirecting without settling: a loop, or \
            more redirects than the executor allows. The message names the failure; the trace \
            ends at the step. Make the redirect's destination pass its own guards, or break the \
            cycle between two guards redirecting to each other.
            """)
}

/// Every guard redirect settles: judged where some route has a guard, and failed wherever a
/// redirect (the app's middleware's included) did not settle.
struct GuardRedirectsProperty: Property {
    static var kind: PropertyKind { .redirects }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        if let violation = judging.observations.redirectViolations.first {
            return found(.failed, violation.message, trace: try trace(violation, kind.name))
        }
        guard judging.hasGuardedRoutes else { return [] }
        return passed("every guard redirect settles")
    }
}
