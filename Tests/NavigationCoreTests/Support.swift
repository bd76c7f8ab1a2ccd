import Foundation
import NavGraphTestSupport
import NavigationCore

/// A route for tests: a screen named by a small number, written as an integer literal.
struct Screen: Route, Codable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    let id: Int
    init(_ id: Int) { self.id = id }
    init(integerLiteral value: Int) { self.id = value }
    var description: String { "s\(id)" }
}

/// A state with one tab whose stack is `routes`.
func stackState(_ routes: [Screen], flags: FlagSet = []) -> NavigationState<Screen> {
    NavigationState(stack: RouteStack(routes), flags: flags)
}

/// Three tabs rooted at 1, 2 and 3; tab "a" selected.
func tabbedState() throws -> NavigationState<Screen> {
    try NavigationState(
        tabs: [NavigationTab(id: "a", root: 1), NavigationTab(id: "b", root: 2), NavigationTab(id: "c", root: 3)],
        selected: "a")
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
