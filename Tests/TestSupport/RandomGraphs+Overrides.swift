import Foundation

/// Issue 30's overrides the other drawings leave out, drawn into random graph documents: a link
/// that pushes with its own `underModals: dismiss` under a `keep` default, host case sensitivity
/// (`match: { caseSensitive: [host] }`, with a sample whose host has case), and route values in
/// events' preconditions (`when: 'top == r2(id: 1)'`). Drawn from a generator of its own, seeded
/// by the document drawn so far, so the documents drawn after this one stay the ones drawn
/// before these were.
extension RandomGraphs {
    /// Adds the overrides to `lines`, now and then; a document without what an override needs
    /// (a `deepLinks:` section, a route with values) is left as it is for that override.
    static func drawOverrides(into lines: inout [String]) {
        // FNV-1a of the document so far (stable across runs, unlike `Hasher`), from another
        // offset than the properties' so the two draws are not the same numbers.
        var seed: UInt64 = 0xCBF2_9CE4_8422_2325 ^ 0x30
        for byte in lines.joined(separator: "\n").utf8 { seed = (seed ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var generator = SeededGenerator(seed: seed)
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }

        if let section = lines.firstIndex(of: "deepLinks:") {
            // A push link of its own mind under the section's `keep`: it dismisses.
            if lines.contains("  underModals: keep") {
                for index in lines.indices where lines[index].hasPrefix("    - { pattern:") && lines[index].contains("mode: push")
                    && !lines[index].contains("underModals:") && chance(60) {
                    guard let samples = lines[index].range(of: ", samples:") else { continue }
                    lines[index].insert(contentsOf: ", underModals: dismiss", at: samples.lowerBound)
                }
            }
            // The host compared with case (the scheme now and then too): a web URL whose host
            // has case is rejected, declared so (or, now and then, as something else).
            if !lines.contains(where: { $0.hasPrefix("  match: ") }), chance(20) {
                let match = pick(["{ caseSensitive: [host] }", "{ caseSensitive: [scheme, host], trailingSlash: reject }"])
                lines.insert("  match: \(match)", at: section + 1)
                for index in lines.indices where lines[index].hasPrefix("    - { pattern: /r") {
                    guard let samples = lines[index].range(of: "samples: ["),
                          let route = lines[index].dropFirst("    - { pattern: /".count).split(separator: ",").first else { continue }
                    let expect = chance(85) ? "rejected" : pick(["plan", "unhandled", "pending"])
                    lines[index].insert(contentsOf: "{ url: \"https://App.Example/\(route)\", expect: \(expect) }, ", at: samples.upperBound)
                }
            }
        }

        // An event whose precondition names a route value: it fires on one value's screen only.
        guard let (routes, valued) = declaredRoutes(in: lines) else { return }
        guard !valued.isEmpty, chance(40) else { return }
        let value = "\(pick(valued))(id: \(pick([1, 2])))"
        let precondition = pick(["top == \(value)", "stack contains \(value)", "not (stack contains \(value))", "below == \(value)",
                                 "top == \(value) or modal == \(value)"])
        let step = pick(["{ push: \(pick(routes)) }", "{ sheet: \(pick(routes)) }", "back", "dismiss", "popToRoot"])
        let event = "  onValue: { when: '\(precondition)', then: [\(step)] }"
        if let header = lines.firstIndex(of: "events:") {
            lines.insert(event, at: header + 1)
        } else if let transitions = lines.firstIndex(of: "transitions:") {
            lines.insert(contentsOf: ["events:", event], at: transitions)
        }
    }
}
