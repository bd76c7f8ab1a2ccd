/// Where the selection goes when the selected tab stops being shown (its `when:` condition
/// turns false).
///
/// ```swift
/// let rules = TabBarRules<AppRoute>(conditions: conditions, hiddenSelection: .stay)
/// ```
public enum HiddenTabSelection: String, Hashable, Sendable, CaseIterable, Codable {
    /// The selection moves to ``TabBarRules/fallback`` when it is shown, else to the first tab
    /// shown: the default.
    case fallback
    /// The selection stays on the hidden tab, as a SwiftUI app's `@State selectedTab` does when
    /// the tab set changes: the state can then have a selected tab the tab bar does not show,
    /// which the condition `tab hidden` and the checker's *selected tab is shown* property read.
    case stay
}
