import NavigationCore

/// One thing a user or the system can do in a state, in the explorer's fixed order: declared
/// transitions from the visible top, system Back, swiping a sheet away, selecting a tab,
/// declared events, opening a deep-link sample URL, resuming the pending link.
public enum ExplorerAction: Hashable, Sendable, Codable {
    /// The graph's transition at this index in `NavigationGraph.transitions`, to the target
    /// route's sample at index `sample` (a route with parameters is tried with each sample).
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

    /// A compact code for parent links: the kind in the top 3 bits, the index below.
    var code: UInt32 {
        switch self {
        case .transition(let index, let sample): UInt32(index & 0xFFFF) | UInt32(sample & 0x1FFF) << 16
        case .back: 1 << 29
        case .dismissSheet: 2 << 29
        case .selectTab(let index): 3 << 29 | UInt32(index)
        case .event(let index): 4 << 29 | UInt32(index)
        case .openLink(let index): 5 << 29 | UInt32(index)
        case .resumePending: 6 << 29
        }
    }

    init(code: UInt32) {
        let index = Int(code & ((1 << 29) - 1))
        switch code >> 29 {
        case 0: self = .transition(index & 0xFFFF, sample: index >> 16)
        case 1: self = .back
        case 2: self = .dismissSheet
        case 3: self = .selectTab(index)
        case 4: self = .event(index)
        case 5: self = .openLink(index)
        default: self = .resumePending
        }
    }
}
