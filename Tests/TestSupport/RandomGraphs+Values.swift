extension RandomGraphs {
    /// The routes a drawn document declares (as `  r3: { … }` between `routes:` and the next
    /// section), and those of them with values (`params: { id: [1, 2] }`); `nil` without `routes:`.
    static func declaredRoutes(in lines: [String]) -> (routes: [String], valued: [String])? {
        guard let routesStart = lines.firstIndex(of: "routes:") else { return nil }
        var routes: [String] = []
        var valued: [String] = []
        for line in lines[(routesStart + 1)...] {
            guard line.hasPrefix("  r"), let colon = line.firstIndex(of: ":") else { break }
            let name = String(line[line.index(line.startIndex, offsetBy: 2)..<colon])
            routes.append(name)
            if line.contains("params: { id: [1, 2] }") { valued.append(name) }
        }
        return (routes, valued)
    }

    /// `lines` (a document `document(using:)` drew) with, now and then, conditions that name
    /// route values (`top == r2(id: 1)`, `stack contains r2(id: 2)`, `count(r2(id: 1)) < 2`, …)
    /// in invariants and transitions, and transitions written with inline lists in `from:` and
    /// `to:` (`- { from: [r0, r3], to: [r1, r2] }`). Drawn after everything else, so the
    /// documents drawn before these existed keep their first part.
    static func withValuesAndLists(_ lines: [String], using generator: inout SeededGenerator) -> [String] {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        guard let (routes, valued) = declaredRoutes(in: lines), let invariantsStart = lines.firstIndex(of: "invariants:") else { return lines }
        guard !routes.isEmpty else { return lines }
        var result = lines
        var transitions: [String] = []
        var invariants: [String] = []
        if !valued.isEmpty && chance(50) {
            func value() -> String { "\(pick(valued))(id: \(pick([1, 2])))" }
            func valueCondition() -> String {
                pick(["top == \(value())", "top != \(value())", "stack contains \(value())", "count(\(value())) < 2",
                      "modal == \(value())", "modals contains \(value())", "below == \(value())", "below != \(value())",
                      "top == \(value()) implies stack contains \(value())"])
            }
            for index in 0..<Int.random(in: 1...2, using: &generator) { invariants.append("  v\(index): '\(valueCondition())'") }
            if chance(60) {
                transitions.append("  - { from: \(pick(routes)), to: \(pick(routes)), style: \(pick(["push", "sheet", "cover"])), when: '\(valueCondition())' }")
            }
        }
        if routes.count >= 2 && chance(50) {
            func list() -> String { "[\(Array(Set((0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(routes) })).sorted().joined(separator: ", "))]" }
            let from = chance(70) ? list() : pick(routes)
            let to = chance(70) ? list() : pick(routes)
            transitions.append("  - { from: \(from), to: \(to), style: \(pick(["push", "push", "sheet", "cover", "replace"])) }")
        }
        // The transitions section ends where the invariants begin; invariants end at `bounds:`.
        if let boundsLine = result.firstIndex(where: { $0.hasPrefix("bounds:") }) { result.insert(contentsOf: invariants, at: boundsLine) }
        result.insert(contentsOf: transitions, at: invariantsStart)
        return result
    }
}
