/// What selecting the tab that is already selected does to its stack: a tap on the selected
/// tab, an event's `{ tab: t }` step, or a deep link's plan for the selected tab.
///
/// ```swift
/// let rules = TabBarRules<AppRoute>(reselect: .keep, reselectByTab: ["search": .popToRoot])
/// ```
///
/// Either way, re-selecting a tab dismisses the modals as selecting any tab does: the option
/// says what happens to the tab's own stack.
public enum TabReselection: String, Hashable, Sendable, CaseIterable, Codable {
    /// The tab's stack goes back to its root, as UIKit's tab bar controller does: the default.
    case popToRoot
    /// The tab's stack stays as it is (an app whose re-tap scrolls to the top, as a SwiftUI
    /// `TabView` does by itself). Not `none`: a Swift case named `none` is read as
    /// `Optional.none` wherever the value is optional, as a per-tab override is.
    case keep
}

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
