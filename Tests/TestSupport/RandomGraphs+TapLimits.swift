import Foundation

/// `within:` limits, drawn into random graph documents (issue 34): so the differential tests
/// judge the `within` property in both engines, beside the tap distances every run computes.
extension RandomGraphs {
    /// Adds, now and then, a `within:` section: `all` and a route or two, each with a small
    /// limit, so that some hold and some fail. Drawn after everything else, so the graphs
    /// drawn before it are drawn as they were.
    static func drawTapLimits(into lines: inout [String], routes: [String], using generator: inout SeededGenerator) {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        guard !routes.isEmpty, chance(40) else { return }
        var entries: [String] = []
        if chance(50) { entries.append("  all: \(Int.random(in: 0...4, using: &generator))") }
        for route in Set((0..<2).map { _ in pick(routes) }).sorted() {
            entries.append("  \(route): \(Int.random(in: 0...3, using: &generator))")
        }
        lines += ["within:"] + entries
    }
}
