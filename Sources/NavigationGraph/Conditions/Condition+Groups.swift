extension Condition {
    /// The condition with every route group it names replaced by its members, so engines that
    /// know only routes evaluate it unchanged.
    ///
    /// `top == editors` becomes `top == newStatus or top == reply or …`, `top != editors` the
    /// `and` of the `!=`s, `modal == editors`, `below == editors`, `stack contains editors`, `stack(home) contains
    /// editors` and `modals contains editors` likewise an `or` over
    /// the members. A name that is a declared route (in `routes`) is never read as a group. A
    /// group with no members makes `==` and `contains` false and `!=` true.
    ///
    /// - Parameters:
    ///   - groups: Member route names by group name.
    ///   - routes: The declared route names, which win over a group of the same name.
    /// - Throws: ``ConditionError`` for `count(group)`, which counts one route: write the sum
    ///   of the members' counts out, or compare each.
    public func expandingGroups(_ groups: [String: [String]], routes: Set<String>) throws(ConditionError) -> Condition {
        func members(_ name: Name) throws(ConditionError) -> [Name]? {
            guard !routes.contains(name.text), let members = groups[name.text] else { return nil }
            guard name.arguments.isEmpty else {
                throw ConditionError(message: "'\(name.written)' gives values to '\(name.text)', which is a route group",
                                     location: name.location, remedy: "write the member route with its values, e.g. '\(members[0])(…)'")
            }
            return members.map { Name(text: $0, location: name.location) }
        }
        func any(_ names: [Name], _ make: (Name) -> Condition) -> Condition {
            names.dropFirst().reduce(names.first.map(make) ?? .constant(false)) { .or($0, make($1)) }
        }
        func all(_ names: [Name], _ make: (Name) -> Condition) -> Condition {
            names.dropFirst().reduce(names.first.map(make) ?? .constant(true)) { .and($0, make($1)) }
        }
        switch self {
        case .constant, .flag, .noModal, .compare(.depth, _, _), .compare(.modalDepth, _, _), .isNamed(.tab, _, _), .selectedTabHidden:
            return self
        case .not(let inner): return .not(try inner.expandingGroups(groups, routes: routes))
        case .and(let a, let b): return .and(try a.expandingGroups(groups, routes: routes), try b.expandingGroups(groups, routes: routes))
        case .or(let a, let b): return .or(try a.expandingGroups(groups, routes: routes), try b.expandingGroups(groups, routes: routes))
        case .implies(let a, let b): return .implies(try a.expandingGroups(groups, routes: routes), try b.expandingGroups(groups, routes: routes))
        case .isNamed(let subject, let name, let equal):
            guard let members = try members(name) else { return self }
            return equal ? any(members) { .isNamed(subject, $0, equal: true) } : all(members) { .isNamed(subject, $0, equal: false) }
        case .stackContains(let name):
            guard let members = try members(name) else { return self }
            return any(members) { .stackContains($0) }
        case .tabStackContains(let tab, let name):
            guard let members = try members(name) else { return self }
            return any(members) { .tabStackContains(tab: tab, route: $0) }
        case .modalsContain(let name):
            guard let members = try members(name) else { return self }
            return any(members) { .modalsContain($0) }
        case .compare(.count(let name), _, _):
            guard try members(name) == nil else {
                throw ConditionError(message: "count(\(name.text)) counts one route, and '\(name.text)' is a route group",
                                     location: name.location, remedy: "compare each member's count, or use 'stack contains \(name.text)'")
            }
            return self
        }
    }
}
