import Foundation

/// Modal scopes and reset steps, drawn into random graph documents (issue 30): a graph's or a
/// route's `modalScope` and `resetTabs` steps for ``RandomGraphs/document(using:)``, and always
/// tab-scoped for ``RandomGraphs/tabScopedDocument(using:)``; deep links among them.
extension RandomGraphs {
    /// Adds, now and then, an event with a reset step (every tab, or some named), the graph's
    /// `modalScope` and routes' own. Drawn after everything else, so the graphs drawn before
    /// these options were are drawn as they were.
    static func drawModalScopes(into lines: inout [String], tabs: [String], routes: [String], using generator: inout SeededGenerator) {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        if chance(35) {
            var steps = [tabs.isEmpty || chance(50) ? "resetTabs" : "{ resetTabs: [\(Set((0..<2).map { _ in pick(tabs) }).sorted().joined(separator: ", "))] }"]
            if chance(40) { steps.append("{ \(pick(["push", "sheet", "cover"])): \(pick(routes)) }") }
            if chance(30) { steps.insert(pick(["dismiss", "dismissAll"]), at: 0) }
            let event = "  reset: { \(chance(50) ? "when: 'depth >= 2', " : "")then: [\(steps.joined(separator: ", "))] }"
            if let header = lines.firstIndex(of: "events:") {
                var end = header + 1
                while end < lines.count && lines[end].hasPrefix("  e") { end += 1 }
                lines.insert(event, at: end)
            } else if let transitions = lines.firstIndex(of: "transitions:") {
                lines.insert(contentsOf: ["events:", event], at: transitions)
            }
        }
        // Tab scope, deep links and all. The scope is read off the document drawn so far, not
        // drawn: the graphs drawn after this one stay the ones drawn before tab scopes were
        // modelled.
        let tabScoped = !tabs.isEmpty && lines.count % 3 != 0
        if !tabs.isEmpty && chance(25) { lines.append("modalScope: \(tabScoped ? "tab" : "window")") }
        let routeLines = Set(routes.map { "  \($0): " })
        for index in lines.indices where routeLines.contains(where: lines[index].hasPrefix) && chance(12) {
            let line = lines[index]
            guard let open = line.firstIndex(of: "{") else { continue }
            let empty = line.hasSuffix("{  }") || line.hasSuffix("{ }")
            let scope = tabScoped && index % 2 == 0 ? "tab" : "window"
            lines[index] = String(line[...open]) + " modalScope: \(scope)" + (empty ? " }" : "," + line[line.index(after: open)...])
        }
    }

    /// A random document whose modals belong to their tabs (`modalScope: tab`; routes drawn
    /// with `modalScope: window` keep the window's), or `nil` for a drawn graph without tabs.
    public static func tabScopedDocument(using generator: inout SeededGenerator) -> String? {
        let body = document(using: &generator)
        guard body.contains("\ntabs:\n") || body.hasPrefix("tabs:\n") else { return nil }
        var lines = body.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("modalScope: ") }
        // A tab bar tappable under sheets (and now and then covers): the user then switches
        // tabs with sheets up, as events do, and tabs keep layers hidden.
        let under = Int.random(in: 0..<100, using: &generator) < 70 ? "[sheet]" : "[sheet, cover]"
        if let tabBar = lines.firstIndex(where: { $0.hasPrefix("tabBar: {") }) {
            lines[tabBar] = lines[tabBar].replacingOccurrences(of: "tabBar: {", with: "tabBar: { tappableUnder: \(under),")
        } else {
            lines.append("tabBar: { tappableUnder: \(under) }")
        }
        return (lines + ["modalScope: tab"]).joined(separator: "\n") + "\n"
    }
}
