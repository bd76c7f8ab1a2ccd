import Foundation

/// Random graph documents inside the symbolic engine's subset.
public enum RandomGraphs {
    public static func document(using generator: inout SeededGenerator) -> String {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        let tabCount = Int.random(in: 0...3, using: &generator)
        let routeCount = Int.random(in: 3...8, using: &generator)
        let routes = (0..<routeCount).map { "r\($0)" }
        let flags = (0..<Int.random(in: 0...3, using: &generator)).map { "f\($0)" }
        let tabs = (0..<tabCount).map { "t\($0)" }
        func condition(depth: Int = 0) -> String {
            var atoms = ["top == \(pick(routes))", "depth <= \(Int.random(in: 1...3, using: &generator))", "stack contains \(pick(routes))",
                         "count(\(pick(routes))) < 2", "modal == none", "modal == \(pick(routes))", "modalDepth >= 1", "true"]
            atoms += flags.flatMap { [$0, "not \($0)", $0] }
            if !tabs.isEmpty { atoms += ["tab == \(pick(tabs))", "stack(\(pick(tabs))) contains \(pick(routes))"] }
            atoms += ["modals contains \(pick(routes))", "below == \(pick(routes))", "below != \(pick(routes))"]
            if depth < 1 && chance(30) {
                return "(\(condition(depth: depth + 1))) \(pick(["and", "or", "implies"])) (\(condition(depth: depth + 1)))"
            }
            return pick(atoms)
        }
        var lines: [String] = []
        var plainRoutes: [String] = []
        if tabs.isEmpty {
            lines.append("root: r0")
        } else {
            lines.append("tabs:")
            for (index, tab) in tabs.enumerated() { lines.append("  - { name: \(tab), root: r\(index % routeCount) }") }
        }
        lines.append("routes:")
        for route in routes {
            var fields: [String] = []
            if chance(15) { fields.append("params: { id: [1, 2] }") } else { plainRoutes.append(route) }
            if chance(20) {
                fields.append("requires: '\(condition())'")
                if chance(60) { fields.append("otherwise: { redirect: \(pick(routes)), style: \(pick(["push", "sheet", "cover", "replace"])) }") }
            }
            lines.append("  \(route): { \(fields.joined(separator: ", ")) }")
        }
        if !flags.isEmpty {
            lines.append("flags:")
            for flag in flags { lines.append("  \(flag): \(chance(30))") }
        }
        var events: [String] = []
        for index in 0..<Int.random(in: 0...3, using: &generator) {
            var fields: [String] = []
            if chance(70) { fields.append("when: '\(condition())'") }
            if !flags.isEmpty && chance(80) { fields.append("set: { \(pick(flags)): \(chance(50)) }") }
            if chance(50) {
                var steps = [pick(["dismiss", "back", "popToRoot", "dismissAll"])]
                if !tabs.isEmpty && chance(30) { steps.append("{ tab: \(pick(tabs)) }") }
                if chance(50) { steps.append("{ \(pick(["push", "sheet", "cover", "replace"])): \(pick(routes)) }") }
                // Sometimes a second step that may grow a stack or the modal layers again.
                if chance(30) { steps.append("{ \(pick(["push", "sheet", "cover"])): \(pick(routes)) }") }
                fields.append("then: [\(steps.joined(separator: ", "))]")
            }
            events.append("  e\(index): { \(fields.joined(separator: ", ")) }")
        }
        if !events.isEmpty { lines += ["events:"] + events }
        lines.append("transitions:")
        for _ in 0..<Int.random(in: routeCount...(routeCount * 2), using: &generator) {
            var fields = ["from: \(pick(routes))", "to: \(pick(routes))", "style: \(pick(["push", "push", "push", "sheet", "cover", "replace"]))"]
            if chance(35) { fields.append("when: '\(condition())'") }
            lines.append("  - { \(fields.joined(separator: ", ")) }")
        }
        lines.append("invariants:")
        for index in 0..<Int.random(in: 1...3, using: &generator) { lines.append("  i\(index): '\(condition())'") }
        let maxStackDepth = Int.random(in: 2...4, using: &generator)
        lines.append("bounds: { maxStackDepth: \(maxStackDepth), maxModalDepth: \(Int.random(in: 0...2, using: &generator)), maxStates: 200000 }")
        // Drawn last, so the graphs above are the ones drawn before deep links were.
        if !plainRoutes.isEmpty && chance(40) {
            let requirements = [condition(), condition()]
            lines += deepLinks(routes: plainRoutes, tabs: tabs, requirements: requirements, conditions: [condition(), condition()],
                               using: &generator)
        }
        // Tabs shown only under a condition, drawn last too: on flags, or, in a graph without
        // route guards, on the selected tab or any condition (one on the stacks moves the
        // selection after the pushes and pops that change it).
        if tabs.count >= 2 && chance(45) {
            let guarded = lines.contains { $0.contains("requires:") && !$0.hasPrefix("    - ") }
            func tabCondition() -> String {
                var atoms = flags.flatMap { [$0, "not \($0)"] } + ["true"]
                if flags.count >= 2 { atoms.append("\(pick(flags)) or \(pick(flags))") }
                if !guarded { atoms += ["tab == \(pick(tabs))", "tab != \(pick(tabs))"] }
                if !guarded && chance(40) { return condition() }
                return pick(atoms)
            }
            for (index, tab) in tabs.enumerated() where chance(50) {
                guard let line = lines.firstIndex(of: "  - { name: \(tab), root: r\(index % routeCount) }") else { continue }
                lines[line] = "  - { name: \(tab), root: r\(index % routeCount), when: '\(tabCondition())' }"
            }
            if chance(50) { lines.append("tabBar: { fallback: \(pick(tabs)) }") }
        }
        lines = withValuesAndLists(lines, using: &generator)
        drawTabSelection(&lines, tabs: tabs, flags: flags, using: &generator)
        drawModalScopes(into: &lines, tabs: tabs, routes: routes, using: &generator)
        lines = linkOptions(lines, flags: flags, using: &generator)
        drawProperties(into: &lines, routes: routes, flags: flags, tabs: tabs)
        drawTapLimits(into: &lines, routes: routes, using: &generator)
        drawOverrides(into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `deepLinks:` section whose samples plan (a stack of `routes`, on a tab or the selected
    /// one, replacing its stack or pushed onto it, or no stack at all, now and then deeper than
    /// the stack bound; now and then a modal
    /// on top, a last route with a guard, a requirement that parks the link or rejects it),
    /// or that the pipeline rejects (a scheme
    /// or host it does not allow) or leaves unhandled (no pattern matches), each declared as it
    /// behaves or, now and then, as something else (a failing expectation), now and then with
    /// an outcome under one of `requirements` or `conditions` first.
    public static func deepLinks(routes: [String], tabs: [String], requirements: [String], conditions: [String],
                          using generator: inout SeededGenerator) -> [String] {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        var lines = ["deepLinks:", "  schemes: [app, https]", "  hosts: [app.example]", "  links:"]
        // One pattern per route: a second one for the same route would be a lint error.
        for route in routes.shuffled(using: &generator).prefix(Int.random(in: 1...2, using: &generator)) {
            var samples: [String] = []
            var plan = ""
            if !chance(15) {
                let stack = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(routes) }
                plan += ", stack: [\(stack.joined(separator: ", "))]"
            }
            if !tabs.isEmpty && chance(60) { plan += ", tab: \(pick(tabs))" }
            if plan.contains("stack:") && chance(30) { plan += ", mode: push" }
            if chance(30) {
                let modal = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(routes) }
                plan += ", modal: { style: \(pick(["sheet", "cover"])), routes: [\(modal.joined(separator: ", "))] }"
            }
            var planned = ["plan"]
            if chance(40) {
                plan += ", requires: '\(pick(requirements))'"
                if chance(25) {
                    plan += ", whenUnmet: reject"
                    planned.append("rejected")
                } else {
                    planned.append("pending")
                }
            }
            var urls = [("ftp://\(route)", ["rejected"]), ("https://elsewhere.example/\(route)", ["rejected"]),
                        ("app://nowhere/\(route)", ["unhandled"]), ("https://app.example/\(route)/\(route)", ["unhandled"])]
            urls += [("app://\(route)", planned), ("https://app.example/\(route)", planned), ("app://\(route)", planned)]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let (url, outcomes) = pick(urls)
                let expect = chance(85) ? pick(outcomes) : pick(["plan", "pending", "rejected", "unhandled"])
                if chance(25) {
                    // An outcome by state: the requirement (or another condition) decides, declared
                    // as it behaves or, now and then, the other way round.
                    let when = pick(requirements + conditions)
                    let other = chance(80) ? pick(outcomes) : pick(["plan", "pending", "rejected", "unhandled"])
                    samples.append("{ url: \"\(url)\", expect: [{ when: '\(when)', outcome: \(other) }, { outcome: \(expect) }] }")
                } else {
                    samples.append("{ url: \"\(url)\", expect: \(expect) }")
                }
            }
            lines.append("    - { pattern: /\(route), route: \(route)\(plan), samples: [\(samples.joined(separator: ", "))] }")
        }
        return lines
    }
}
