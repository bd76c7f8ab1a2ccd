import NavigationCore

/// One thing a user or the system can do in a state, in the explorer's fixed order: declared
/// transitions from the visible top, system Back, swiping a sheet away, selecting a tab,
/// declared events, opening a deep-link sample URL, resuming the pending link.
public enum ExplorerAction: Hashable, Sendable, Codable {
    /// The graph's transition at this index in `NavigationGraph.transitions`, to the route at
    /// index `sample` of `NavigationGraph.targets(of:)`: the transition's written value alone,
    /// or each sample of a route it names without a value.
    case transition(Int, sample: Int)
    /// System Back: pop the visible stack when it is deeper than its root.
    case back
    /// Swipe the topmost sheet away (covers are closed only by declared transitions or events).
    case dismissSheet
    /// Tap the tab at this index (re-selecting pops it to its root).
    case selectTab(Int)
    /// The graph's event at this index in `NavigationGraph.events`.
    case event(Int)
    /// Open the deep-link sample URL at this index of the checker's flattened sample list.
    case openLink(Int)
    /// Resume the pending deep link.
    case resumePending
}
