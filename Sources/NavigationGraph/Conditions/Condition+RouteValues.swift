import NavigationCore

extension Condition {
    /// Every route value the condition writes (`accountDetail(id: me)`), in the order written.
    public var routeValues: [Name] {
        routeNames.filter { !$0.arguments.isEmpty }
    }

    /// Checks that every route value the condition writes is one of its route's declared
    /// samples, so `top == accountDetail(id: mee)` is refused where it is written instead of
    /// silently never holding.
    ///
    /// A route value gives every parameter of its route, each one of the values the route
    /// declares for it (`params:`), and the combination is a declared sample. A route the graph
    /// does not declare is left to lint (`unknown-route`).
    ///
    /// - Parameter samples: The parameter values of each declared sample of the route with
    ///   that name, in declaration order; `nil` for a name that is not a declared route.
    /// - Throws: ``ConditionError`` at the offending name or value, with the closest declared
    ///   name or value when one is close.
    public func checkRouteValues(samples: (String) -> [[DynamicRoute.Argument]]?) throws(ConditionError) {
        for route in routeValues {
            guard let declared = samples(route.text) else { continue }
            let parameters = declared.first?.map(\.name) ?? []
            guard !parameters.isEmpty else {
                throw ConditionError(message: "route '\(route.text)' has no parameters to give values for", location: route.location,
                                     remedy: "write '\(route.text)' without '(…)'")
            }
            for argument in route.arguments where !parameters.contains(argument.name.text) {
                throw ConditionError(message: "route '\(route.text)' has no parameter '\(argument.name.text)'", location: argument.name.location,
                                     remedy: NameSuggestion.hint(for: argument.name.text, in: parameters, kind: "parameters of '\(route.text)'"))
            }
            for parameter in parameters where !route.arguments.contains(where: { $0.name.text == parameter }) {
                throw ConditionError(message: "'\(route.written)' gives no value for parameter '\(parameter)' of route '\(route.text)'",
                                     location: route.location,
                                     remedy: "add '\(parameter): <value>'; a route named without values stands for each of its samples")
            }
            for argument in route.arguments {
                var values: [String] = []
                for sample in declared {
                    for value in sample where value.name == argument.name.text && !values.contains(value.value) { values.append(value.value) }
                }
                guard values.contains(argument.value.text) else {
                    let hint = NameSuggestion.closest(to: argument.value.text, in: values).map { "did you mean '\($0)'? " } ?? ""
                    throw ConditionError(
                        message: "'\(argument.value.text)' is not a sample value of parameter '\(argument.name.text)' of route '\(route.text)'",
                        location: argument.value.location,
                        remedy: "\(hint)use one of \(values.map(Condition.writtenValue).joined(separator: ", ")), or add it to the route's samples ('params:')")
                }
            }
            let matchesASample = declared.contains { sample in
                route.arguments.allSatisfy { written in sample.contains { $0.name == written.name.text && $0.value == written.value.text } }
            }
            guard matchesASample else {
                throw ConditionError(message: "'\(route.written)' is not one of the samples of route '\(route.text)'", location: route.location,
                                     remedy: "use a combination of values the route declares as a sample")
            }
        }
    }
}

extension NavigationGraph {
    /// The parameter values of each sample of the route called `name`, for
    /// ``Condition/checkRouteValues(samples:)``; `nil` for an undeclared route.
    func sampleArguments(of name: String) -> [[DynamicRoute.Argument]]? {
        route(named: name).map { $0.samples.map(Condition.routeArguments) }
    }

    /// Every condition of the graph written in the language, with where it was written: route
    /// guards, transitions and their reroutes, events, invariants, properties, tabs and deep links.
    var writtenConditions: [GraphCondition<R>] {
        var conditions: [GraphCondition<R>] = routes.compactMap { $0.entryGuard?.condition }
        for transition in transitions {
            if let condition = transition.condition { conditions.append(condition) }
            if let reroute = transition.reroute { conditions.append(reroute.condition) }
        }
        conditions += events.compactMap(\.precondition)
        conditions += invariants.map(\.condition)
        conditions += properties.flatMap { $0.conditions.map(\.condition) }
        conditions += tabs.compactMap(\.condition)
        for link in deepLinks?.links ?? [] {
            if let requirement = link.requirement { conditions.append(requirement) }
            conditions += link.samples.flatMap { $0.conditional.map(\.condition) }
        }
        return conditions.filter { $0.expression != nil }
    }
}
