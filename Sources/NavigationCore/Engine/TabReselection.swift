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
