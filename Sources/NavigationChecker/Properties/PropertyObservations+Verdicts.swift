import NavigationCore
import NavigationGraph

extension PropertyObservations {
    /// How a search ended, as the verdicts need it, whichever engine ran it.
    package struct SearchEnd {
        /// The states explored (the symbolic engine's count may pass `Int.max`).
        var states: Double
        /// Whether every reachable state within the depth bounds was explored.
        var complete: Bool
        /// Whether the no-trap property was asked for, and the first trap found.
        var checksTraps: Bool
        var trap: (state: Int, tab: Int)?
        /// The trace to the trap, when the engine has no parent links (see ``Violation/actions``).
        var trapActions: [ExplorerAction]? = nil
        /// Whether the graph has deep links (then the deep-link property is judged).
        var hasDeepLinks: Bool
        /// What stopped the search early, if a budget did.
        var cutoff: SearchCutoff?
        /// `within stack depth 8 …` when a depth bound cut successors.
        var depthScope: String?
        /// Whether the priority-trap property was judged (no-trap asked for and some route is
        /// high priority), and the first state trapped in a high-priority flow.
        var checksPriorityFlows = false
        var priorityTrap: Int?

        package init(states: Double, complete: Bool, checksTraps: Bool, trap: (state: Int, tab: Int)?, trapActions: [ExplorerAction]? = nil,
                     hasDeepLinks: Bool, cutoff: SearchCutoff?, depthScope: String?, checksPriorityFlows: Bool = false, priorityTrap: Int? = nil) {
            self.states = states
            self.complete = complete
            self.checksTraps = checksTraps
            self.trap = trap
            self.trapActions = trapActions
            self.hasDeepLinks = hasDeepLinks
            self.cutoff = cutoff
            self.depthScope = depthScope
            self.checksPriorityFlows = checksPriorityFlows
            self.priorityTrap = priorityTrap
        }
    }

    /// The properties' verdicts, in ``CheckResult``'s order, and the coverage they were judged
    /// from. `trace` turns a violation into its replayed trace, naming the property it is for.
    package func verdicts<Failure: Error>(_ end: SearchEnd, trace: (Violation, _ property: String) throws(Failure) -> CheckTrace<R>?)
        throws(Failure) -> (verdicts: [PropertyVerdict<R>], routes: Coverage, transitions: Coverage) {
        var verdicts: [PropertyVerdict<R>] = []
        for (position, invariant) in graph.invariants.enumerated() {
            if let violation = invariantViolations[position] {
                verdicts.append(.init(kind: .invariant, name: invariant.name, status: .failed, message: violation.message,
                                      trace: try trace(violation, invariant.name), location: invariant.location))
            } else {
                verdicts.append(.init(kind: .invariant, name: invariant.name, status: .passed,
                                      message: "holds in all \(Self.countText(end.states)) states", trace: nil, location: invariant.location))
            }
        }
        let guarded = graph.routes.filter { $0.entryGuard != nil }
        // The nearest violation; among equally near ones the first route by name.
        if let (name, violation) = bypassViolations.min(by: { ($0.value.state, $0.key) < ($1.value.state, $1.key) }) {
            let more = bypassViolations.count > 1 ? " (and \(bypassViolations.count - 1) more route\(bypassViolations.count > 2 ? "s" : ""))" : ""
            verdicts.append(.init(kind: .guardBypass, name: "guard bypass", status: .failed, message: violation.message + more,
                                  trace: try trace(violation, "guard bypass"), location: graph.route(named: name)?.location))
        } else {
            verdicts.append(.init(kind: .guardBypass, name: "guard bypass", status: .passed,
                                  message: guarded.isEmpty ? "no route has a guard" : "no guarded route is ever on top with its guard false",
                                  trace: nil, location: nil))
        }
        if end.checksTraps {
            if let trap = end.trap {
                let tabName = graph.tabs.indices.contains(trap.tab) ? "tab \(graph.tabs[trap.tab].id.name)'s root" : "the root"
                verdicts.append(.init(kind: .noTrap, name: "no trap", status: end.complete ? .failed : .inconclusive,
                                      message: "from here \(tabName) can never be reached again\(end.complete ? "" : " within the states explored")",
                                      trace: try trace(Violation(state: trap.state, action: nil, message: "", actions: end.trapActions), "no trap"),
                                      location: nil))
            } else {
                verdicts.append(.init(kind: .noTrap, name: "no trap", status: .passed,
                                      message: "the current tab's root is reachable again from every state", trace: nil, location: nil))
            }
        }
        if end.hasDeepLinks {
            if let violation = linkViolations.min(by: { $0.state < $1.state }) {
                let more = linkProblems > 1 ? " (\(linkProblems) problems in all)" : ""
                let location = violation.action.flatMap { action -> SourceLocation? in
                    if case .openLink(let sample) = action { return samples[sample].location }
                    return nil
                }
                verdicts.append(.init(kind: .deepLinks, name: "deep links", status: .failed, message: violation.message + more,
                                      trace: try trace(violation, "deep links"), location: location))
            } else {
                verdicts.append(.init(kind: .deepLinks, name: "deep links", status: .passed,
                                      message: "all \(samples.count) sample URLs do what they declare; resumed links land where planned",
                                      trace: nil, location: nil))
            }
        }
        if graph.hasRequests {
            if let violation = droppedRequest {
                let more = droppedRequestCount > 1 ? " (\(CheckProgress.grouped(droppedRequestCount)) dropped requests in all)" : ""
                verdicts.append(.init(kind: .droppedRequests, name: "dropped requests", status: .failed, message: violation.message + more,
                                      trace: try trace(violation, "dropped requests"), location: location(of: violation.action)))
            } else {
                verdicts.append(.init(kind: .droppedRequests, name: "dropped requests", status: .passed,
                                      message: "every request is presented by an owner", trace: nil, location: nil))
            }
            // A warning, not a failure: an owner that depends on the path may be meant. Said so,
            // with the trace to the second owner and the one to the first.
            if let violation = ambiguousOwner {
                var verdict = PropertyVerdict<R>(kind: .ambiguousOwners, name: "ambiguous owners", status: .warning, message: violation.message,
                                                 trace: try trace(violation, "ambiguous owners"), location: location(of: violation.action))
                if let first = ambiguousOwnerFirst { verdict.otherTrace = try trace(first, "ambiguous owners") }
                verdicts.append(verdict)
            } else {
                verdicts.append(.init(kind: .ambiguousOwners, name: "ambiguous owners", status: .passed,
                                      message: "each request is always presented by the same owner", trace: nil, location: nil))
            }
        }
        if graph.transitions.contains(where: { $0.reroute != nil }) {
            // Judged over every reachable state: an action is unhelped only if no state runs its
            // retry successfully, which a search cut short cannot tell. The nearest first reroute
            // among the unhelped; among equally near ones the first action by name.
            let unhelped = firstReroutes.filter { !helpedReroutes.contains($0.key) }
            if let (_, violation) = unhelped.min(by: { ($0.value.state, $0.key) < ($1.value.state, $1.key) }) {
                let more = unhelped.count > 1 ? " (and \(unhelped.count - 1) more move\(unhelped.count > 2 ? "s" : ""))" : ""
                verdicts.append(.init(kind: .reroutesNeverHelp, name: "reroutes that never help", status: end.complete ? .failed : .inconclusive,
                                      message: violation.message + more + (end.complete ? "" : " within the states explored"),
                                      trace: try trace(violation, "reroutes that never help"), location: location(of: violation.action)))
            } else {
                verdicts.append(.init(kind: .reroutesNeverHelp, name: "reroutes that never help", status: .passed,
                                      message: firstReroutes.isEmpty ? "no move ever reroutes"
                                          : "every move that reroutes is retried successfully on some path", trace: nil, location: nil))
            }
        }
        if end.checksPriorityFlows {
            if let trapped = end.priorityTrap {
                verdicts.append(.init(kind: .priorityTrap, name: "priority trap", status: end.complete ? .failed : .inconclusive,
                                      message: "from here no state without a high-priority flow can be reached again\(end.complete ? "" : " within the states explored")",
                                      trace: try trace(Violation(state: trapped, action: nil, message: ""), "priority trap"), location: nil))
            } else {
                verdicts.append(.init(kind: .priorityTrap, name: "priority trap", status: .passed,
                                      message: "every high-priority flow can be left", trace: nil, location: nil))
            }
        }
        if let violation = redirectViolations.first {
            verdicts.append(.init(kind: .redirects, name: "guard redirects", status: .failed, message: violation.message,
                                  trace: try trace(violation, "guard redirects"), location: nil))
        } else if !guarded.isEmpty {
            verdicts.append(.init(kind: .redirects, name: "guard redirects", status: .passed, message: "every guard redirect settles", trace: nil, location: nil))
        }
        /// Where the transition an action took, or the link sample it opened, was declared.
        func location(of action: ExplorerAction?) -> SourceLocation? {
            if case .openLink(let sample)? = action, samples.indices.contains(sample) { return samples[sample].location }
            guard case .transition(let index, _)? = action, graph.transitions.indices.contains(index) else { return nil }
            return graph.transitions[index].location
        }
        let routeNames = graph.routes.map(\.name)
        let routeCoverage = Coverage(reached: routeNames.filter(reachedRoutes.contains), unreached: routeNames.filter { !reachedRoutes.contains($0) })
        let labels = graph.transitions.map { "\($0.style.rawValue) \($0.from) → \($0.to)" }
        let transitionCoverage = Coverage(reached: graph.transitions.indices.filter { takenTransitions[$0] }.map { labels[$0] },
                                          unreached: graph.transitions.indices.filter { !takenTransitions[$0] }.map { labels[$0] })
        // What a depth bound cut, so a coverage failure says why instead of reading like a
        // modelling error: the successors cut per transition, and per route those of the
        // transitions into it.
        func depthNote(_ cut: Int) -> String {
            cut == 0 ? "" : " (\(CheckProgress.grouped(cut)) successor\(cut == 1 ? "" : "s") cut by the depth bounds)"
        }
        let unreachedRoutes = routeCoverage.unreached.map { name in
            name + depthNote(graph.transitions.indices.filter { graph.transitions[$0].to == name }.reduce(0) { $0 + depthCutTransitions[$1] })
        }
        let untaken = graph.transitions.indices.filter { !takenTransitions[$0] }.map { labels[$0] + depthNote(depthCutTransitions[$0]) }
        let never = end.depthScope.map { " \($0)" } ?? ""
        verdicts.append(.init(
            kind: .routeReachability, name: "every route reachable",
            status: routeCoverage.unreached.isEmpty ? .passed : (end.complete ? .failed : .inconclusive),
            message: routeCoverage.unreached.isEmpty ? "all \(routeCoverage.total) routes are shown"
                : "never shown\(never): \(unreachedRoutes.joined(separator: ", "))", trace: nil, location: nil))
        verdicts.append(.init(
            kind: .transitionCoverage, name: "every transition taken",
            status: transitionCoverage.unreached.isEmpty ? .passed : (end.complete ? .failed : .inconclusive),
            message: transitionCoverage.unreached.isEmpty ? "all \(transitionCoverage.total) transitions are taken"
                : "never taken\(never): \(untaken.joined(separator: "; "))", trace: nil, location: nil))
        if let cutoff = end.cutoff {
            verdicts = verdicts.map { $0.undecided(by: cutoff, states: end.states < 9.2e18 ? Int(end.states) : Int.max) }
        } else if let scope = end.depthScope {
            verdicts = verdicts.map { $0.scoped(scope) }
        }
        return (verdicts, routeCoverage, transitionCoverage)
    }

    /// A count for a message: the integer up to `Int.max`, `8.33e+44` past it, and past the
    /// largest double "more than 1.8e+308".
    package static func countText(_ value: Double) -> String {
        guard value.isFinite, value < .greatestFiniteMagnitude else { return "more than 1.8e+308" }
        guard value >= 9.2e18 else { return "\(Int(value))" }
        var mantissa = value, exponent = 0
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        let hundredths = Int((mantissa * 100).rounded())
        let digits = hundredths >= 1000 ? (100, exponent + 1) : (hundredths, exponent)
        let text = "\(digits.0 / 100).\(digits.0 % 100 < 10 ? "0" : "")\(digits.0 % 100)"
        return "\(text)e+\(digits.1)"
    }
}
