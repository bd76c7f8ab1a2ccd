import Foundation

/// Which of issue 30's options a random document uses: the census the differential and store
/// tests keep, so that a change to the drawing that stops drawing an option fails a test.
extension RandomGraphs {
    /// Issue 30's options, in the order the census lists them.
    public static let issue30Options = [
        "modalScope: tab (graph)", "modalScope: window (graph)", "modalScope on a route",
        "reselect: keep (tab bar)", "reselect: popToRoot (tab bar)", "reselect on a tab",
        "hiddenSelection: stay", "hiddenSelection: fallback", "tab hidden in a condition", "event selecting a tab that hides",
        "underModals: keep on a link", "underModals: keep by default", "underModals: dismiss on a link",
        "resetTabs (every tab)", "resetTabs: [named tabs]",
        "match: strict", "match: lenient", "caseSensitive: scheme", "caseSensitive: host", "unknownQuery: reject",
        "trailingSlash: reject", "parameter pattern", "link value outside its route's samples",
        "top == route value", "stack contains route value", "route value in an event precondition",
        "link with set:", "cover (not swipe-dismissable)", "inline list in from:", "inline list in to:",
    ]

    /// The options of ``issue30Options`` that `body`, a document ``document(using:)`` drew, uses.
    public static func issue30Options(in body: String) -> Set<String> {
        let lines = body.split(separator: "\n").map(String.init)
        let links = lines.filter { $0.hasPrefix("    - { pattern:") }
        let tabBar = lines.first { $0.hasPrefix("tabBar: {") } ?? ""
        let match = lines.first { $0.hasPrefix("  match: ") } ?? ""
        func has(_ pattern: String) -> Bool { body.range(of: pattern, options: .regularExpression) != nil }
        var options: Set<String> = []
        func note(_ option: String, _ holds: Bool) {
            precondition(issue30Options.contains(option), "an option the census does not list: \(option)")
            if holds { options.insert(option) }
        }
        note("modalScope: tab (graph)", lines.contains("modalScope: tab"))
        note("modalScope: window (graph)", lines.contains("modalScope: window"))
        note("modalScope on a route", body.contains("{ modalScope: "))
        note("reselect: keep (tab bar)", tabBar.contains("reselect: keep"))
        note("reselect: popToRoot (tab bar)", tabBar.contains("reselect: popToRoot"))
        note("reselect on a tab", lines.contains { $0.hasPrefix("  - { name: ") && $0.contains("reselect: ") })
        note("hiddenSelection: stay", tabBar.contains("hiddenSelection: stay"))
        note("hiddenSelection: fallback", tabBar.contains("hiddenSelection: fallback"))
        note("tab hidden in a condition", body.contains("tab hidden"))
        note("event selecting a tab that hides", lines.contains { $0.hasPrefix("  toTab: ") })
        note("underModals: keep on a link", links.contains { $0.contains("underModals: keep") })
        note("underModals: keep by default", lines.contains("  underModals: keep"))
        note("underModals: dismiss on a link", links.contains { $0.contains("underModals: dismiss") })
        note("resetTabs (every tab)", has("resetTabs[],]"))
        note("resetTabs: [named tabs]", body.contains("{ resetTabs: ["))
        note("match: strict", match == "  match: strict")
        note("match: lenient", match == "  match: lenient")
        note("caseSensitive: scheme", match.contains("caseSensitive: [scheme") || match == "  match: strict")
        note("caseSensitive: host", match.contains("host]") || match == "  match: strict")
        note("unknownQuery: reject", match.contains("unknownQuery: reject") || match == "  match: strict")
        note("trailingSlash: reject", match.contains("trailingSlash: reject") || match == "  match: strict")
        note("parameter pattern", body.contains("/:id("))
        note("link value outside its route's samples", links.contains { $0.contains("/:id") && ($0.contains("/3\"") || $0.contains("/9\"") || $0.contains("/12\"")) })
        note("top == route value", has("top [!=]= r[0-9]+\\(id: "))
        note("stack contains route value", has("stack contains r[0-9]+\\(id: "))
        note("route value in an event precondition", lines.contains { $0.hasPrefix("  onValue: ") })
        note("link with set:", links.contains { $0.contains("set: {") })
        note("cover (not swipe-dismissable)", body.contains("style: cover") || body.contains("{ cover: "))
        note("inline list in from:", body.contains("from: ["))
        note("inline list in to:", body.contains("to: ["))
        return options
    }
}
