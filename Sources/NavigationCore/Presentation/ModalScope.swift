/// Whom a presented modal belongs to: the whole window, or the tab it was presented from.
///
/// A `window` modal (the default, and how a `.sheet` on a `TabView` behaves) sits above the tab
/// bar's content: selecting another tab dismisses it. A `tab` modal (a `.sheet` inside one tab's
/// `NavigationStack`, its router owning `presentedSheet`) belongs to the tab whose stack
/// presented it: selecting another tab keeps it, hidden, and selecting the tab again shows it.
/// ``ModalScopeRules`` says which scope each presented route gets; ``NavigationState/modals``
/// always holds the layers the user sees, and a hidden tab's own layers wait in the state
/// (``NavigationState/hiddenModals(of:)``).
///
/// ```swift
/// let rules = NavigationRules<AppRoute>(modalScope: ModalScopeRules(.tab))
/// ```
public enum ModalScope: String, Hashable, Sendable, Codable, CaseIterable {
    /// The modal belongs to the window: selecting another tab dismisses it.
    case window
    /// The modal belongs to the tab whose stack presented it: it stays with that tab.
    case tab
}
