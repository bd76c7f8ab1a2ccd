import NavigationCore
import NavigationGraph

/// A path from the initial state: each step is an action and the state it produced. The first
/// step has no action; it is the initial state. Replaying ``actions`` through the runtime
/// reproduces every state (``Checker/replay(_:)``).
public struct CheckTrace<R: Route>: Sendable {
    public struct Step: Sendable {
        /// The action taken, or `nil` for the initial state.
        public let action: ExplorerAction?
        /// The action as a person reads it, e.g. `push catalog → product`.
        public let label: String
        public let state: NavigationState<R>
    }

    public let steps: [Step]

    /// The actions, in order, without the initial state.
    public var actions: [ExplorerAction] { steps.compactMap(\.action) }
    /// The state the trace ends in.
    public var finalState: NavigationState<R>? { steps.last?.state }

    /// One line describing `state` whole.
    public static func describe(_ state: NavigationState<R>) -> String { StateDiff.parts(of: state).joined(separator: "; ") }

    /// The parts of ``describe(_:)`` (stacks, modals, flags, pending link), one per element.
    public static func describeParts(_ state: NavigationState<R>) -> [String] { StateDiff.parts(of: state) }

    /// One line with only what changed from `old` to `new`.
    public static func change(from old: NavigationState<R>, to new: NavigationState<R>) -> String { StateDiff.describe(from: old, to: new) }

    /// The trace as numbered lines, each showing only what changed, e.g.
    /// `3. Back: stack catalog › orders; -signedIn`.
    public var formatted: String { formattedLines.joined(separator: "\n") }

    /// The lines of ``formatted``, one a step (a name with a newline in it stays in its step's
    /// line, for whoever prints them to escape).
    public var formattedLines: [String] {
        var lines: [String] = []
        var previous: NavigationState<R>?
        for (index, step) in steps.enumerated() {
            let change = previous.map { StateDiff.describe(from: $0, to: step.state) }
                ?? Self.describe(step.state)
            lines.append("\(index). \(step.label): \(change)")
            previous = step.state
        }
        return lines
    }
}

/// Describes states and their differences in a line.
enum StateDiff {
    static func parts<R: Route>(of state: NavigationState<R>) -> [String] {
        var parts: [String] = []
        if state.tabs.count > 1 { parts.append("tab \(state.selectedTab.name)") }
        for tab in state.tabs where state.tabs.count == 1 || tab.stack.depth > 1 || tab.id == state.selectedTab {
            parts.append("\(state.tabs.count > 1 ? "\(tab.id.name) " : "")stack \(path(tab.stack.routes))")
        }
        for (level, modal) in state.modals.enumerated() { parts.append("\(modal.style) \(level + 1) \(path(modal.stack.routes))") }
        parts += hiddenModals(of: state)
        parts.append(state.flags.isEmpty ? "no flags" : "flags " + state.flags.map(\.name).sorted().joined(separator: ", "))
        if let pending = state.pendingDeepLink { parts.append("pending \(pending.url)") }
        if let retry = state.pendingRetry { parts.append("retry of \(retry.action) pending") }
        return parts
    }

    static func describe<R: Route>(from old: NavigationState<R>, to new: NavigationState<R>) -> String {
        var parts: [String] = []
        if old.selectedTabIndex != new.selectedTabIndex { parts.append("tab \(new.selectedTab.name)") }
        for (index, tab) in new.tabs.enumerated() where index < old.tabs.count && old.tabs[index].stack != tab.stack {
            parts.append("\(new.tabs.count > 1 ? "\(tab.id.name) " : "")stack \(path(tab.stack.routes))")
        }
        if old.modals != new.modals {
            if new.modals.isEmpty {
                parts.append("no modal")
            } else {
                for (level, modal) in new.modals.enumerated() where level >= old.modals.count || old.modals[level] != modal {
                    parts.append("\(modal.style) \(level + 1) \(path(modal.stack.routes))")
                }
                if new.modals.count < old.modals.count { parts.append("\(new.modals.count) modal\(new.modals.count == 1 ? "" : "s") left") }
            }
        }
        if old.hiddenTabModals != new.hiddenTabModals {
            let hidden = hiddenModals(of: new)
            parts += hidden.isEmpty ? ["no hidden modal"] : hidden
        }
        for flag in new.flags.subtracting(old.flags).map(\.name).sorted() { parts.append("+\(flag)") }
        for flag in old.flags.subtracting(new.flags).map(\.name).sorted() { parts.append("-\(flag)") }
        if old.pendingDeepLink != new.pendingDeepLink {
            parts.append(new.pendingDeepLink.map { "pending \($0.url)" } ?? "no pending link")
        }
        if old.pendingRetry != new.pendingRetry {
            parts.append(new.pendingRetry.map { "retry of \($0.action) pending" } ?? "no pending retry")
        }
        return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
    }

    /// The modal layers hidden with tabs that are not selected (`ModalScope.tab`), tab by tab:
    /// none in a graph whose modals are the window's.
    static func hiddenModals<R: Route>(of state: NavigationState<R>) -> [String] {
        var parts: [String] = []
        for (index, layers) in state.hiddenTabModals.enumerated() {
            for modal in layers { parts.append("\(modal.style) hidden with \(state.tabs[index].id.name) \(path(modal.stack.routes))") }
        }
        return parts
    }

    static func path<R: Route>(_ routes: [R]) -> String {
        routes.map { "\($0)" }.joined(separator: " › ")
    }
}
