/// Issue 30's tab selection options drawn into random documents: what re-selecting a tab does
/// (`reselect: popToRoot | keep`, per graph and per tab), whether a hidden selection falls back
/// or stays (`hiddenSelection`), and the `tab hidden` condition in an invariant or an event's
/// precondition. Events' `{ tab: t }` steps on conditional tabs are drawn by the document
/// itself; with these options they meet hidden tabs that stay selected too.
extension RandomGraphs {
    /// Adds the options to the document `lines` (tabs `tabs`, flags `flags`), drawn from
    /// `generator`; a graph without tabs is left as it is.
    static func drawTabSelection(_ lines: inout [String], tabs: [String], flags: [String], using generator: inout SeededGenerator) {
        guard !tabs.isEmpty else { return }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        var barFields: [String] = []
        if chance(40) { barFields.append("reselect: \(chance(70) ? "keep" : "popToRoot")") }
        let conditional = lines.contains { $0.hasPrefix("  - { name: ") && $0.contains("when:") }
        // Under `stay` most often where a tab can hide: that is where it differs.
        if chance(conditional ? 60 : 15) { barFields.append("hiddenSelection: \(chance(85) ? "stay" : "fallback")") }
        // A tab of its own mind now and then.
        for index in lines.indices where lines[index].hasPrefix("  - { name: ") && chance(20) {
            let line = lines[index]
            lines[index] = String(line.dropLast(2)) + ", reselect: \(chance(50) ? "keep" : "popToRoot") }"
        }
        if !barFields.isEmpty {
            if let bar = lines.firstIndex(where: { $0.hasPrefix("tabBar: { ") }) {
                lines[bar] = String(lines[bar].dropLast(2)) + ", \(barFields.joined(separator: ", ")) }"
            } else {
                lines.append("tabBar: { \(barFields.joined(separator: ", ")) }")
            }
        }
        // `tab hidden` read by an invariant (sometimes with a flag) and an event's precondition.
        if conditional, chance(50), let invariants = lines.firstIndex(of: "invariants:") {
            let flag = flags.isEmpty || chance(50) ? "" : " or \(flags[Int.random(in: 0..<flags.count, using: &generator)])"
            lines.insert("  shownTab: 'not tab hidden\(flag)'", at: invariants + 1)
        }
        if conditional, chance(30), let events = lines.firstIndex(of: "events:") {
            let tab = tabs[Int.random(in: 0..<tabs.count, using: &generator)]
            lines.insert("  leaveHidden: { when: 'tab hidden', then: [{ tab: \(tab) }] }", at: events + 1)
        }
        // An event selecting a tab that can hide: refused where it is hidden (an intent that
        // selects a tab the bar does not show), the finding *event step refused*.
        let hiding = lines.compactMap { line -> String? in
            guard line.hasPrefix("  - { name: "), line.contains("when:") else { return nil }
            return line.dropFirst("  - { name: ".count).split(separator: ",").first.map(String.init)
        }
        if !hiding.isEmpty, chance(35) {
            let step = "  toTab: { when: 'modal == none', then: [{ tab: \(hiding[Int.random(in: 0..<hiding.count, using: &generator)]) }] }"
            if let events = lines.firstIndex(of: "events:") {
                lines.insert(step, at: events + 1)
            } else if let transitions = lines.firstIndex(of: "transitions:") {
                lines.insert(contentsOf: ["events:", step], at: transitions)
            }
        }
    }
}
