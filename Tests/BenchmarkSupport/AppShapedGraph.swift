/// A graph document shaped like a real tabbed app (issue 20's Mastodon-client case): five tabs
/// with their own stacks, destinations that reach each other from every pushed screen, sheets
/// (some presenting further sheets), three flags, sign-in and a logout that resets every tab.
///
/// `Benchmarks/Graphs/AppShaped.navgraph.yaml` is its default at stack depth 8
/// (``checkedIn``), checked in so `navgraph verify` runs it; a test keeps the two equal.
public enum AppShapedGraph {
    /// The checked-in document: the defaults at stack depth 8.
    public static var checkedIn: String { document(maxStackDepth: 8) }

    /// The document: `tabs` tabs, `destinations` push destinations reachable from every root
    /// and pushed screen, `sheets` sheets; `violated` makes an invariant fail 5 steps deep.
    public static func document(tabs: Int = 5, destinations: Int = 17, sheets: Int = 21, maxStackDepth: Int, maxModalDepth: Int = 2, events: Bool = true, logout: Bool = true, violated: Bool = false) -> String {
        let tabNames = (0..<tabs).map { "tab\($0)" }
        let roots = (0..<tabs).map { "root\($0)" }
        let screens = (0..<destinations).map { "screen\($0)" }
        let sheetNames = (0..<sheets).map { "sheet\($0)" }
        var lines = ["navgraph: 1", "name: AppShaped", "summary: \(tabs) tabs, \(destinations) destinations, \(sheets) sheets, 3 flags, logout", "tabs:"]
        for (tab, root) in zip(tabNames, roots) { lines.append("  - { name: \(tab), root: \(root) }") }
        lines.append("routes:")
        for route in roots + screens + sheetNames { lines.append("  \(route): {}") }
        // The last destination needs sign-in; entering it signed out is cancelled.
        lines[lines.count - sheets - 1] = "  \(screens[destinations - 1]): { requires: signedIn }"
        lines += ["flags:", "  signedIn: true", "  darkMode: false", "  notifications: true"]
        var logoutSteps = ["dismissAll"]
        for tab in tabNames { logoutSteps += ["{ tab: \(tab) }", "popToRoot"] }
        logoutSteps.append("{ tab: \(tabNames[0]) }")
        lines.append("events:")
        if logout {
            lines += ["  logout: { when: signedIn and modal == none, set: { signedIn: false }, then: [\(logoutSteps.joined(separator: ", "))] }",
                      "  login: { when: not signedIn, set: { signedIn: true } }"]
        }
        if events {
            lines += ["  toggleDarkMode: { when: top == \(sheetNames[0]), set: { darkMode: true } }",
                      "  lightMode: { when: darkMode and top == \(sheetNames[0]), set: { darkMode: false } }",
                      "  muteNotifications: { when: notifications and top == \(sheetNames[1]), set: { notifications: false } }"]
        }
        if !logout && !events { lines.removeLast() }
        lines.append("transitions:")
        for source in roots + screens {
            for target in screens { lines.append("  - { from: \(source), to: \(target) }") }
        }
        for (index, sheet) in sheetNames.enumerated() {
            let source = index < destinations ? screens[index] : roots[index % tabs]
            lines.append("  - { from: \(source), to: \(sheet), style: sheet }")
            // Every third sheet opens the next one on top of it.
            if index % 3 == 0 && index + 1 < sheets { lines.append("  - { from: \(sheet), to: \(sheetNames[index + 1]), style: sheet }") }
        }
        lines += ["invariants:", "  sign-in screen needs sign-in: top == \(screens[destinations - 1]) implies signedIn",
                  // Back after logout must not land on the sign-in screen: holds because logout pops every tab.
                  violated ? "  dark mode only on top: darkMode implies depth <= 2" : "  signed out, no stack holds the sign-in screen: stack contains \(screens[destinations - 1]) implies signedIn",
                  "bounds: { maxStackDepth: \(maxStackDepth), maxModalDepth: \(maxModalDepth), maxStates: 100000000 }"]
        return lines.joined(separator: "\n") + "\n"
    }
}
