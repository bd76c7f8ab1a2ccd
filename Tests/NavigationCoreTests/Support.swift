import Foundation
import NavigationCore

/// A route for tests: a screen named by a small number, written as an integer literal.
struct Screen: Route, Codable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    let id: Int
    init(_ id: Int) { self.id = id }
    init(integerLiteral value: Int) { self.id = value }
    var description: String { "s\(id)" }
}

/// A state with one tab whose stack is `routes`.
func stackState(_ routes: [Screen], flags: Set<FlagName> = []) -> NavigationState<Screen> {
    NavigationState(stack: RouteStack(routes), flags: flags)
}

/// Three tabs rooted at 1, 2 and 3; tab "a" selected.
func tabbedState() throws -> NavigationState<Screen> {
    try NavigationState(
        tabs: [NavigationTab(id: "a", root: 1), NavigationTab(id: "b", root: 2), NavigationTab(id: "c", root: 3)],
        selected: "a")
}

/// A deterministic random number generator (SplitMix64), so property tests replay from a seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Records what middleware saw, across the `Sendable` boundary.
final class Journal: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func write(_ line: String) { lock.withLock { lines.append(line) } }
    var entries: [String] { lock.withLock { lines } }
}

/// Counts observation callbacks, which may arrive off the main actor.
final class ChangeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func bump() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}
