import NavigationCore

/// A tab's name, declared once as a static constant so a typo is a compile error, as
/// ``FlagKey`` does for flags:
///
/// ```swift
/// extension TabKey {
///     static let home = TabKey("home")
///     static let profile = TabKey("profile")
/// }
///
/// Tab(.home, root: .timeline)
/// Push(.timeline, .settings, when: .tab(is: .home))
/// Event("logout", set: [.signedIn: false], then: [.selectTab(.home)])
/// DeepLink("/@:user", …, tab: .home, stack: [.timeline, .account(handle: "me")])
/// ```
///
/// Strings keep working wherever a tab is named (`Tab("home", root: .timeline)`,
/// `.tab(is: "home")`), and documents write the name. A key is a string literal too, so a
/// deep link's `tab: "home"` still compiles.
public struct TabKey: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The tab's name, as documents, conditions and reports write it.
    public let name: String

    /// A tab called `name`.
    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral name: String) {
        self.name = name
    }

    public var description: String { name }
}

extension Tab {
    /// A tab named by a ``TabKey`` constant: `Tab(.home, root: .timeline)`, or
    /// `Tab(.notifications, root: .notifications, when: .flag(.signedIn))` for a tab the tab bar
    /// shows only while the condition holds.
    public init(_ key: TabKey, root: R, when condition: GraphConditionSource<R>? = nil,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        self.init(key.name, root: root, when: condition, fileID: fileID, line: line, column: column)
    }
}

extension GraphConditionSource where R: GraphRoute {
    /// The tab `key` names is selected (`tab == name`).
    public static func tab(is key: TabKey) -> Self { tab(is: key.name) }
    /// The tab `key` names is not selected (`tab != name`).
    public static func tab(isNot key: TabKey) -> Self { tab(isNot: key.name) }
}

extension GraphEventStep {
    /// Selects the tab `key` names: `.selectTab(.home)`.
    public static func selectTab(_ key: TabKey) -> Self { .selectTab(key.name) }
    /// Puts the tabs `keys` name back to their roots, dismissing their own modals and keeping
    /// the selection: `.resetTabs(.home, .search)`; with no tab, every tab: `.resetTabs()`.
    public static func resetTabs(_ keys: TabKey...) -> Self { .resetTabs(keys.isEmpty ? nil : keys.map(\.name)) }
}
