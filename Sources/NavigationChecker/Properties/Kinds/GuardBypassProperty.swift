import NavigationCore

extension PropertyKind {
    /// No guarded route is ever on top while its entry guard is false.
    public static let guardBypass = PropertyKind(
        id: "guard-bypass", name: "guard bypass",
        rule: "A guarded route is shown while its guard is false",
        help: """
            A route with an entry guard is on top in a state where the guard is false: some way \
            in skips the guard (a deep link, an event, a tab, a flag that changes while the route \
            is shown). Follow the trace to the step that shows the route, then route that way in \
            through the guarded transition, give that step the same condition, or dismiss the \
            route when the flag changes.
            """)
}

/// No guarded route is on top with its guard false; the nearest violation is shown (among
/// equally near ones the first route by name), the others counted.
struct GuardBypassProperty: Property {
    static var kind: PropertyKind { .guardBypass }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        let violations = judging.observations.bypassViolations
        guard let (name, violation) = violations.min(by: { ($0.value.state, $0.key) < ($1.value.state, $1.key) }) else {
            return passed(judging.hasGuardedRoutes ? "no guarded route is ever on top with its guard false" : "no route has a guard")
        }
        return found(.failed, violation.message + PropertyJudging<R>.more(violations.count, "route"),
                     trace: try trace(violation, kind.name), at: judging.graph.route(named: name)?.location)
    }
}
