import NavigationCore

extension PropertyKind {
    /// The selected tab is always one the tab bar shows.
    public static let selectedTabShown = PropertyKind(
        id: "selected-tab-shown", name: "selected tab is shown",
        rule: "The selected tab is one the tab bar does not show",
        help: """
            With `tabBar: { hiddenSelection: stay }` the selection stays on a tab whose `when:` \
            condition turned false, as a SwiftUI app's `@State selectedTab` does when the tab set \
            changes: the app shows a tab its tab bar no longer offers (the Mastodon client's \
            Settings tab after signing in). The trace is the shortest way there. Fix it in the \
            event that hides the tab: add a `{ tab: t }` step after its `set:` that moves the \
            selection to a tab that is shown; or keep the tab shown, or declare \
            `hiddenSelection: fallback` if the app does move the selection itself.
            """,
        ruleListing: .whenJudged)
}

/// The selected tab is shown in every state; judged only for a graph whose tab bar declares
/// `hiddenSelection: stay` (under `fallback` the engine moves the selection off every hidden
/// tab, so the property holds by construction and is not reported: the reports of graphs
/// that do not declare `stay` stay as they were).
struct SelectedTabShownProperty: Property {
    static var kind: PropertyKind { .selectedTabShown }

    static func verdicts<R: Route, Failure: Error>(_ judging: PropertyJudging<R>, trace: Tracer<R, Failure>) throws(Failure) -> [PropertyVerdict<R>] {
        guard judging.checksSelectedTabShown else { return [] }
        guard let violation = judging.observations.hiddenSelection else {
            return passed("the selected tab is shown in all \(PropertyObservations<R>.countText(judging.end.states)) states")
        }
        return found(.failed, violation.message, trace: try trace(violation, kind.name), at: judging.graph.tabBar.location)
    }
}

extension PropertyJudging {
    /// Whether *selected tab is shown* is judged: a tabbed graph whose selection stays on a
    /// hidden tab (`hiddenSelection: stay`).
    var checksSelectedTabShown: Bool { PropertyObservations<R>.checksSelectedTabShown(graph) }
}
