import NavigationCore

/// Checks a graph before any exploration.
///
/// Rules, each with a stable id:
///
/// | rule | severity | finds |
/// |---|---|---|
/// | `unknown-route` | error | a route name that is not declared (transitions, tabs, root, events, guards, deep links, conditions, `within:`) |
/// | `unknown-flag` | error | a flag that is not declared (guards, invariants, event preconditions and changes, requirements) |
/// | `unknown-tab` | error | a tab that is not declared (conditions, events, deep links) |
/// | `deep-link-pattern` | error | a deep-link pattern that is duplicated, shadowed or malformed (two parameters in one segment included) |
/// | `deep-link-parameter` | warning | a deep-link pattern that captures a parameter its route does not have (dropped; no reverse routing) |
/// | `deep-link-without-samples` | warning | a deep link with no sample URLs: the deep links property passes without opening it |
/// | `deep-link-scheme` | error | a link's preferred scheme or host that the graph does not accept, or a host with a custom scheme |
/// | `unreachable-route` | warning | a route no edge leads to from any root |
/// | `duplicate-transition` | warning | the same transition declared twice |
/// | `dead-transition` | warning | a transition out of a route that can never be on top |
/// | `unevaluable-invariant` | warning | an invariant that is constant, or names something undeclared |
/// | `vacuous-property` | warning | a property that would pass without checking anything: an invariant true in every state, a `from:`, `after:` or `never:` that no state satisfies, an `until:` every state satisfies |
/// | `invariant-name` | error | an invariant with the name of a built-in property or of another invariant |
/// | `property-name` | error | a declared property (`properties:`) with the name of a built-in property, an invariant or another property |
/// | `unknown-group` | error | a transition written over a group the graph does not declare |
/// | `group-name` | error | a group with the name of a route (conditions and transitions read the name as the route) |
/// | `tab-never-shown` | warning | a tab whose condition (over flags) holds for no values the flags can take |
/// | `initial-tab-hidden` | warning | a first tab (selected at launch) whose condition does not hold at launch |
/// | `unknown-owner` | error | an owner (`owner:`) that is no declared route or tab |
/// | `unowned-request` | error | a request (transition, event step, guard redirect, reroute, deep link) for a route nobody owns: it is always dropped |
///
/// A group's members are checked like any route name (`unknown-route`). Transitions written
/// from `*` are not reported as dead or duplicated: they stand for every route on purpose.
///
/// Every finding of a graph loaded from a document carries the document's line and column.
public enum GraphLinter {
    /// Every finding, sorted by location, then rule.
    ///
    /// - Parameters:
    ///   - graph: The graph to check.
    ///   - reservedPropertyNames: the names the checker gives its built-in properties,
    ///   which an invariant may not take (reports and `navgraph trace --property` find a
    ///   property by its name). They are the checker's to say, and the checker sits above this
    ///   module, so they come in here: NavigationChecker's `GraphLinter.lint(_:)` passes its
    ///   registry's, the one list of them.
    public static func lint<R: Route>(_ graph: NavigationGraph<R>, reservedPropertyNames: [String]) -> [LintFinding] {
        WorkTally.record(.lint)
        let reservedPropertyNames = Set(reservedPropertyNames)
        var findings: [LintFinding] = []
        let routeNames = graph.routes.map(\.name)
        let flagNames = graph.flags.map(\.name.name)
        let tabNames = graph.tabs.map(\.id.name)
        let declaredRoutes = Set(routeNames)
        let declaredFlags = Set(flagNames)
        let declaredTabs = Set(tabNames)

        let groupNames = graph.groups.map(\.name)
        let features = FeatureLookup(graph)
        /// The feature of a route (or a transition from it): exact by its name, which only qualification dots.
        func owner(_ name: String) -> String? { features.feature(of: name) }
        /// The feature of a declaration with a free-text name (an invariant, a group): by the document it is
        /// written in, by its name only when it has no location (an app invariant may be called `people.x`).
        func owner(_ name: String, _ location: SourceLocation?) -> String? { features.feature(of: name, declaredAt: location) }
        /// Runs `check`, attributing the findings it adds to `feature`.
        func about(_ feature: String?, _ check: () -> Void) {
            let start = findings.count
            check()
            guard let feature else { return }
            for index in start..<findings.count { findings[index] = findings[index].about(feature) }
        }
        func checkRoute(_ name: String, _ context: String, _ location: SourceLocation?, orGroup: Bool = false) {
            guard !declaredRoutes.contains(name) else { return }
            // Where a group could have been meant, say so and suggest groups too.
            let withGroups = orGroup && !groupNames.isEmpty
            findings.append(LintFinding(rule: "unknown-route", severity: .error,
                                        message: "\(context) names \(withGroups ? "route or group" : "route") '\(name)', which is not declared",
                                        remedy: NameSuggestion.hint(for: name, in: routeNames + (withGroups ? groupNames : []),
                                                                    kind: withGroups ? "routes and groups" : "routes"),
                                        location: location))
        }
        func checkGroup(_ name: String?, _ context: String, _ location: SourceLocation?) {
            guard let name, name != NavigationGraph<R>.Group.everyRoute, !groupNames.contains(name) else { return }
            findings.append(LintFinding(rule: "unknown-group", severity: .error, message: "\(context) is written over group '\(name)', which is not declared",
                                        remedy: groupNames.isEmpty ? "declare it under 'groups:'" : NameSuggestion.hint(for: name, in: groupNames, kind: "groups"),
                                        location: location))
        }
        func checkFlag(_ name: String, _ context: String, _ location: SourceLocation?) {
            guard !declaredFlags.contains(name) else { return }
            findings.append(LintFinding(rule: "unknown-flag", severity: .error, message: "\(context) names flag '\(name)', which is not declared",
                                        remedy: NameSuggestion.hint(for: name, in: flagNames, kind: "flags"), location: location))
        }
        func checkTab(_ name: String, _ context: String, _ location: SourceLocation?) {
            guard !declaredTabs.contains(name) else { return }
            findings.append(LintFinding(rule: "unknown-tab", severity: .error, message: "\(context) names tab '\(name)', which is not declared",
                                        remedy: NameSuggestion.hint(for: name, in: tabNames, kind: "tabs"), location: location))
        }
        func checkCondition(_ condition: GraphCondition<R>?, _ context: String) {
            guard let condition, let expression = condition.expression else { return }
            func place(_ name: Condition.Name) -> SourceLocation? { condition.location.map { $0.offset(by: name.location) } }
            for name in expression.routeNames { checkRoute(name.text, context, place(name)) }
            for name in expression.flagNames { checkFlag(name.text, context, place(name)) }
            for name in expression.tabNames { checkTab(name.text, context, place(name)) }
        }

        // Names.
        if let root = graph.root { checkRoute(root, "the root", nil) }
        for tab in graph.tabs {
            checkRoute(tab.root, "tab '\(tab.id)'", tab.location)
            checkCondition(tab.condition, "the condition of tab '\(tab.id)'")
        }
        for route in graph.routes {
            guard let entryGuard = route.entryGuard else { continue }
            about(owner(route.name)) {
                checkCondition(entryGuard.condition, "the guard of '\(route.name)'")
                if case .redirect(let target, _) = entryGuard.otherwise { checkRoute(target, "the guard of '\(route.name)'", route.location) }
            }
        }
        for route in graph.routes {
            for owner in route.ownership?.owners ?? [] {
                switch owner {
                case .route(let name):
                    guard !declaredRoutes.contains(name) else { continue }
                    findings.append(LintFinding(rule: "unknown-owner", severity: .error,
                                                message: "route '\(route.name)' is owned by route '\(name)', which is not declared",
                                                remedy: NameSuggestion.hint(for: name, in: routeNames, kind: "routes") + "; or write 'tab:<tab>' or 'app'",
                                                location: route.location))
                case .tab(let tab):
                    guard !declaredTabs.contains(tab.name) else { continue }
                    findings.append(LintFinding(rule: "unknown-owner", severity: .error,
                                                message: "route '\(route.name)' is owned by tab '\(tab.name)', which is not declared",
                                                remedy: NameSuggestion.hint(for: tab.name, in: tabNames, kind: "tabs"), location: route.location))
                case .app:
                    continue
                }
            }
        }
        func checkRequest(_ name: String, _ context: String, _ location: SourceLocation?) {
            guard declaredRoutes.contains(name), graph.route(named: name)?.ownership == nil else { return }
            findings.append(LintFinding(rule: "unowned-request", severity: .error,
                                        message: "\(context) requests route '\(name)', which no scope owns, so the request is always dropped",
                                        remedy: "give '\(name)' an owner ('owner: <route>', 'owner: tab:<tab>' or 'owner: app'), or show it with a \(SpokenList.joined(OwnershipStyle.allCases.map(\.rawValue)))",
                                        location: location))
        }
        for transition in graph.transitions where transition.style == .request {
            checkRequest(transition.to, "the transition \(transition.label)", transition.location)
        }
        for transition in graph.transitions {
            guard let reroute = transition.reroute else { continue }
            checkRoute(reroute.route, "the reroute of \(transition.label)", transition.location)
            checkRequest(reroute.route, "the reroute of \(transition.label)", transition.location)
            checkCondition(reroute.condition, "the reroute of \(transition.label)")
        }
        for event in graph.events {
            for case .go(let route, .request) in event.navigation { checkRequest(route, "event '\(event.name)'", event.location) }
        }
        for route in graph.routes {
            if case .redirect(let target, .request)? = route.entryGuard?.otherwise { checkRequest(target, "the guard of '\(route.name)'", route.location) }
        }
        for group in graph.groups {
            about(owner(group.name, group.location)) {
                for member in group.members { checkRoute(member, "group '\(group.name)'", group.location) }
                if declaredRoutes.contains(group.name) {
                    findings.append(LintFinding(rule: "group-name", severity: .error, message: "group '\(group.name)' has the name of a route",
                                                remedy: "rename the group: conditions and transitions read '\(group.name)' as the route, never as the group",
                                                location: group.location))
                }
            }
        }
        for transition in graph.transitions {
            // A feature's transitions start at its routes: the including graph cannot leave a feature.
            about(owner(transition.from)) {
                // A transition written over a group names the group, so the finding is found where it was written.
                let context = transition.sourceGroup == nil && transition.targetGroup == nil ? "a transition" : "the transition \(transition.label)"
                checkRoute(transition.from, context, transition.location, orGroup: transition.sourceGroup == nil)
                checkRoute(transition.to, context, transition.location, orGroup: transition.targetGroup == nil)
                checkGroup(transition.sourceGroup, "the transition \(transition.label)", transition.location)
                checkGroup(transition.targetGroup, "the transition \(transition.label)", transition.location)
                checkCondition(transition.condition, "the transition \(transition.label)")
            }
        }
        for event in graph.events {
            checkCondition(event.precondition, "event '\(event.name)'")
            for change in event.flagChanges { checkFlag(change.flag.name, "event '\(event.name)'", event.location) }
            for step in event.navigation {
                switch step {
                case .go(let route, _): checkRoute(route, "event '\(event.name)'", event.location)
                case .selectTab(let tab): checkTab(tab.name, "event '\(event.name)'", event.location)
                case .resetTabs(let tabs?): for tab in tabs { checkTab(tab.name, "event '\(event.name)'", event.location) }
                default: break
                }
            }
        }
        for link in graph.deepLinks?.links ?? [] {
            checkRoute(link.routeName, "deep link '\(link.mapping.patternText)'", link.location)
            if link.plan.mode == .request { checkRequest(link.routeName, "deep link '\(link.mapping.patternText)'", link.location) }
            for name in link.plannedRouteNames { checkRoute(name, "deep link '\(link.mapping.patternText)'", link.location) }
            checkCondition(link.requirement, "the requirement of deep link '\(link.mapping.patternText)'")
            for change in link.plan.flagChanges { checkFlag(change.flag.name, "deep link '\(link.mapping.patternText)'", link.location) }
            for sample in link.samples {
                for entry in sample.conditional {
                    checkCondition(entry.condition, "the expectation of \(sample.url) (deep link '\(link.mapping.patternText)')")
                }
            }
            if link.plan.mode == .push && link.plan.stack.isEmpty && link.plan.modal == nil {
                findings.append(LintFinding(rule: "deep-link-plan", severity: .error,
                                            message: "deep link '\(link.mapping.patternText)' pushes onto the current tab but names nothing to push",
                                            remedy: "give 'stack:' the routes to push (e.g. [\(link.routeName)]) or a 'modal:', or drop 'mode: push'",
                                            location: link.location))
            }
        }
        for invariant in graph.invariants {
            about(owner(invariant.name, invariant.location)) { checkCondition(invariant.condition, "invariant '\(invariant.name)'") }
        }
        for property in graph.properties {
            for (key, condition) in property.conditions { checkCondition(condition, "'\(key)' of property '\(property.name)'") }
        }
        // `within:` names a route, a group or `all`.
        for limit in graph.tapLimits where limit.target != NavigationGraph<R>.TapLimit.everyRoute && !groupNames.contains(limit.target) {
            checkRoute(limit.target, "'within:'", limit.location, orGroup: true)
        }

        // Deep-link patterns.
        if let links = graph.deepLinks?.links {
            let matcher = DeepLinkMatcher(links.map(\.mapping))
            for diagnostic in matcher.diagnostics {
                findings.append(LintFinding(rule: "deep-link-pattern", severity: .error, message: diagnostic.description,
                                            remedy: "fix or reorder the patterns", location: links[diagnostic.mappingIndex].location))
            }
            let configuration = graph.deepLinks?.configuration
            for link in links {
                let pattern = link.mapping.patternText
                // A capture the route does not have is thrown away, and reverse routing (the
                // route's URL) cannot fill it in.
                // Documents' routes name their parameters; a Swift route type's are its own.
                let sample = graph.route(named: link.routeName)?.samples.first.flatMap { $0 as? DynamicRoute }
                let routeParameters = Set(sample?.arguments.map(\.name) ?? [])
                let parsed = DeepLinkPattern.parse(pattern)
                if parsed.problems.isEmpty, sample != nil {
                    // A trailing wildcard (`*`) captures the rest of the path for the app, not a route parameter.
                    for parameter in parsed.pattern?.parameterNames ?? [] where parameter != "*" && !routeParameters.contains(parameter) {
                        findings.append(LintFinding(rule: "deep-link-parameter", severity: .warning,
                                                    message: "deep link '\(pattern)' captures ':\(parameter)', which route '\(link.routeName)' does not have: the value is dropped, and the route's URL cannot be made with it (reverse routing)",
                                                    remedy: "remove ':\(parameter)' from the pattern, or give route '\(link.routeName)' a parameter '\(parameter)'",
                                                    location: link.location))
                    }
                }
                // The deep links property opens only samples: without any, it passes ("all 0
                // sample URLs do what they declare") having tested nothing of this link.
                if link.samples.isEmpty {
                    findings.append(LintFinding(rule: "deep-link-without-samples", severity: .warning,
                                                message: "deep link '\(pattern)' has no samples, so the deep links property never opens it and passes without testing it",
                                                remedy: sampleRemedy(for: link, in: graph),
                                                location: link.location))
                }
                if let scheme = link.mapping.preferredScheme, !(configuration?.schemes.contains(scheme) ?? false) {
                    findings.append(LintFinding(rule: "deep-link-scheme", severity: .error,
                                                message: "deep link '\(pattern)' prefers scheme '\(scheme)', which the graph does not accept",
                                                remedy: NameSuggestion.hint(for: scheme, in: configuration?.schemes ?? [], kind: "schemes"), location: link.location))
                }
                if let host = link.mapping.preferredHost {
                    let scheme = link.mapping.preferredScheme ?? configuration?.schemes.first ?? ""
                    if !(configuration?.hosts.contains(host) ?? false) {
                        findings.append(LintFinding(rule: "deep-link-scheme", severity: .error,
                                                    message: "deep link '\(pattern)' prefers host '\(host)', which the graph does not accept",
                                                    remedy: NameSuggestion.hint(for: host, in: configuration?.hosts ?? [], kind: "hosts"), location: link.location))
                    } else if scheme != "http" && scheme != "https" {
                        findings.append(LintFinding(rule: "deep-link-scheme", severity: .error,
                                                    message: "deep link '\(pattern)' prefers host '\(host)', but its URLs use custom scheme '\(scheme)', which has no host",
                                                    remedy: "add 'scheme: https' to the link, or remove 'host'", location: link.location))
                    }
                }
            }
        }

        // Reachability by edges alone.
        let reachable = reachableRoutes(graph)
        for route in graph.routes where !reachable.contains(route.name) {
            // A feature's route: most often an entry the app graph never leads to.
            if let feature = FeatureNames.feature(of: route.name) {
                findings.append(LintFinding(rule: "unreachable-route", severity: .warning,
                                            message: "route '\(route.name)' of feature '\(feature)' cannot be reached: no transition, event, guard or deep link leads to it",
                                            remedy: "lead to it from the including graph if it is one of the feature's entries, or from within the feature; else remove it",
                                            location: route.location, feature: owner(route.name)))
                continue
            }
            findings.append(LintFinding(rule: "unreachable-route", severity: .warning,
                                        message: "route '\(route.name)' cannot be reached: no transition, event, guard or deep link leads to it",
                                        remedy: "add a transition to it, or remove it", location: route.location))
        }
        for transition in graph.transitions where declaredRoutes.contains(transition.from) && !reachable.contains(transition.from)
            && transition.sourceGroup != NavigationGraph<R>.Group.everyRoute {
            findings.append(LintFinding(rule: "dead-transition", severity: .warning,
                                        message: "the transition \(transition.label) starts at a route that can never be on top",
                                        remedy: "make '\(transition.from)' reachable, or remove the transition", location: transition.location,
                                        feature: owner(transition.from)))
        }

        // Duplicates.
        var seenTransitions = Set<String>()
        for transition in graph.transitions where transition.sourceGroup != NavigationGraph<R>.Group.everyRoute {
            let value = transition.value.map { "\($0)" } ?? ""
            let key = "\(transition.from)\u{0}\(transition.to)\u{0}\(value)\u{0}\(transition.style.rawValue)\u{0}\(transition.condition?.text ?? "")"
            if !seenTransitions.insert(key).inserted {
                findings.append(LintFinding(rule: "duplicate-transition", severity: .warning,
                                            message: "the transition \(transition.label) (\(transition.style.rawValue)) is declared twice",
                                            remedy: "remove one of them", location: transition.location, feature: owner(transition.from)))
            }
        }

        var invariantNames: Set<String> = []
        for invariant in graph.invariants {
            if reservedPropertyNames.contains(invariant.name) || !invariantNames.insert(invariant.name).inserted {
                findings.append(LintFinding(rule: "invariant-name", severity: .error,
                                            message: "invariant '\(invariant.name)' has the name of \(reservedPropertyNames.contains(invariant.name) ? "a built-in property" : "another invariant")",
                                            remedy: "give it a name of its own: reports and `navgraph trace --property` find properties by name",
                                            location: invariant.location, feature: owner(invariant.name, invariant.location)))
            }
        }

        var propertyNames: Set<String> = []
        for property in graph.properties {
            let clash = reservedPropertyNames.contains(property.name) ? "a built-in property"
                : invariantNames.contains(property.name) ? "an invariant"
                : propertyNames.insert(property.name).inserted ? nil : "another property"
            if let clash {
                findings.append(LintFinding(rule: "property-name", severity: .error,
                                            message: "property '\(property.name)' has the name of \(clash)",
                                            remedy: "give it a name of its own: reports and `navgraph trace --property` find properties by name",
                                            location: property.location))
            }
        }

        findings += tabFindings(graph)
        findings += modalScopeFindings(graph)
        findings += vacuousPropertyFindings(graph, reachable: reachable)
        findings += confusableFindings(graph)

        // A feature verified alone keeps the app's flags at their initial values: an invariant
        // over one holds (or fails) by that alone, so it says nothing about the feature.
        if let fixed = graph.standaloneFeature.map({ Set($0.fixedFlags) }), !fixed.isEmpty {
            for invariant in graph.invariants {
                let read = Set(invariant.condition.expression?.flagNames.map(\.text) ?? []).intersection(fixed).sorted()
                guard !read.isEmpty else { continue }
                findings.append(LintFinding(rule: "invariant-over-fixed-flag", severity: .warning,
                                            message: "invariant '\(invariant.name)' reads \(read.count == 1 ? "flag" : "flags") \(read.map { "'\($0)'" }.joined(separator: ", ")), "
                                                + "which \(read.count == 1 ? "keeps its" : "keep their") initial value while the feature is verified alone: "
                                                + "its verdict here says nothing about the feature",
                                            remedy: "verify the invariant with the app that includes the feature (its events change the flag); with --strict this warning fails the run",
                                            location: invariant.location, feature: owner(invariant.name, invariant.location)))
            }
        }

        // Invariants that cannot tell anything.
        for invariant in graph.invariants {
            guard let expression = invariant.condition.expression else { continue }
            let unknown = expression.routeNames.contains { !declaredRoutes.contains($0.text) }
                || expression.flagNames.contains { !declaredFlags.contains($0.text) }
                || expression.tabNames.contains { !declaredTabs.contains($0.text) }
            if case .constant(let value) = expression {
                findings.append(LintFinding(rule: "unevaluable-invariant", severity: .warning,
                                            message: "invariant '\(invariant.name)' is always \(value)",
                                            remedy: "state a condition over routes, flags, tabs or depth", location: invariant.location, feature: owner(invariant.name, invariant.location)))
            } else if unknown {
                findings.append(LintFinding(rule: "unevaluable-invariant", severity: .warning,
                                            message: "invariant '\(invariant.name)' names something undeclared, so it can never be evaluated as meant",
                                            remedy: "fix the names reported above", location: invariant.location, feature: owner(invariant.name, invariant.location)))
            }
        }

        // A finding written in a feature's document that no declaration attributed is that feature's.
        findings = findings.map { finding in finding.feature == nil ? finding.about(features.feature(at: finding.location)) : finding }
        return findings.sorted { lhs, rhs in
            let left = lhs.location ?? SourceLocation(line: 0, column: 0)
            let right = rhs.location ?? SourceLocation(line: 0, column: 0)
            return left != right ? left < right : (lhs.rule, lhs.message) < (rhs.rule, rhs.message)
        }
    }

    /// Route names reachable from the roots through transitions (and their reroutes), event
    /// navigation, guard redirects and deep-link plans, ignoring every condition.
    static func reachableRoutes<R: Route>(_ graph: NavigationGraph<R>) -> Set<String> {
        var reachable = Set(graph.tabs.map(\.root) + (graph.root.map { [$0] } ?? []))
        for link in graph.deepLinks?.links ?? [] { reachable.formUnion([link.routeName] + link.plannedRouteNames) }
        var edges: [String: [String]] = [:]
        for transition in graph.transitions {
            edges[transition.from, default: []].append(transition.to)
            // A move that reroutes requests its reroute's route from where it starts.
            if let reroute = transition.reroute { edges[transition.from, default: []].append(reroute.route) }
        }
        for route in graph.routes {
            if case .redirect(let target, _)? = route.entryGuard?.otherwise { edges[route.name, default: []].append(target) }
        }
        let eventTargets = graph.events.flatMap { event in
            event.navigation.compactMap { if case .go(let route, _) = $0 { route } else { nil } }
        }
        reachable.formUnion(eventTargets)
        var queue = Array(reachable).sorted()
        while let next = queue.popLast() {
            for target in edges[next] ?? [] where reachable.insert(target).inserted { queue.append(target) }
        }
        return reachable
    }
}
