import Foundation

/// Declared properties (`properties:`, issue 34), drawn into random graph documents: can-reach
/// (`{ from, canReach }`) and never-until (`{ after, never, until }`) over the routes, flags
/// and tabs the document declares, so both engines' verdicts and trace lengths are compared.
extension RandomGraphs {
    /// Adds, now and then, a `properties:` section of one to three properties. Drawn from a
    /// generator of its own, seeded by the document drawn so far, so the documents drawn after
    /// this one stay the ones drawn before properties were.
    static func drawProperties(into lines: inout [String], routes: [String], flags: [String], tabs: [String]) {
        // FNV-1a of the document so far: stable across runs, unlike `Hasher`.
        var seed: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in lines.joined(separator: "\n").utf8 { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var generator = SeededGenerator(seed: seed)
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        guard chance(60) else { return }
        func condition() -> String {
            var atoms = ["top == \(pick(routes))", "top == \(pick(routes))", "modal == none", "modalDepth >= 1", "depth >= 2",
                         "depth <= 1", "stack contains \(pick(routes))", "modals contains \(pick(routes))"]
            atoms += flags.flatMap { [$0, "not \($0)"] }
            if !tabs.isEmpty { atoms += ["tab == \(pick(tabs))"] }
            let atom = pick(atoms)
            return chance(20) ? "\(atom) \(pick(["and", "or"])) \(pick(atoms))" : atom
        }
        lines.append("properties:")
        for index in 0..<Int.random(in: 1...3, using: &generator) {
            if chance(50) {
                lines.append("  p\(index): { from: '\(condition())', canReach: '\(condition())' }")
            } else {
                let until = chance(70) ? ", until: '\(condition())'" : ""
                lines.append("  p\(index): { after: '\(condition())', never: '\(condition())'\(until) }")
            }
        }
    }
}
