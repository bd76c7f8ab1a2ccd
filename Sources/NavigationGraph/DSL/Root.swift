import NavigationCore

/// The root route of an app with one stack: `Root(.catalog)`.
public struct Root<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ route: R, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .root(route), file: fileID, line: line, column: column)]
    }
}

/// A tab and its root route: `Tab("feed", root: .feed)`. The first tab is selected at launch.
///
/// A tab the tab bar shows only in some states names its condition:
/// `Tab("notifications", root: .notifications, when: .flag(.signedIn))`. Selecting it is a step
/// only while the condition holds; when it stops holding while the tab is selected, the
/// selection moves to the ``TabBar`` fallback (by default the first tab shown), or stays with
/// `TabBar(hiddenSelection: .stay)`. A tab whose re-selection differs from the tab bar's says
/// so: `Tab("home", root: .timeline, reselect: .keep)`.
public struct Tab<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    /// - Parameters:
    ///   - name: The tab's name, as conditions write it (`tab == feed`).
    ///   - root: The route at the bottom of the tab's stack.
    ///   - condition: When the tab bar shows the tab; `nil` for always.
    ///   - reselect: What re-selecting the tab while it is selected does to its stack, where it
    ///     differs from the tab bar's (``TabBar``); `nil` to follow the tab bar.
    ///   - fileID: The declaring file, for messages (the default is the caller's).
    ///   - line: The declaring line, likewise.
    ///   - column: The declaring column, likewise.
    public init(_ name: String, root: R, when condition: GraphConditionSource<R>? = nil, reselect: TabReselection? = nil,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .tab(name, root: root, when: condition, reselect: reselect), file: fileID, line: line, column: column)]
    }
}

/// How the tab bar behaves: `TabBar(tappableUnder: [.sheet], fallback: .timeline)` (a ``TabKey``
/// or its name as a string).
///
/// Without one, a graph's tab bar is an iPhone's: no tab can be tapped while any modal is up (a
/// full-screen cover hides the tab bar, a sheet covers it), and a selected tab that stops being
/// shown gives way to the first tab shown. Declare `tappableUnder: [.sheet]` for an iPad-style
/// app whose tab bar stays tappable above sheets (`[.sheet, .cover]`: tappable under anything),
/// `reselect: .keep` for an app whose re-tap scrolls to the top instead of popping, and
/// `hiddenSelection: .stay` for one whose `@State selectedTab` stays when the tab set changes.
public struct TabBar<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    /// - Parameters:
    ///   - tappableUnder: The modal styles under which the user can still tap the tab bar.
    ///   - fallback: The tab selected when the selected tab stops being shown (if it is shown).
    ///   - reselect: What re-selecting the selected tab does to its stack (`.popToRoot` by default).
    ///   - hiddenSelection: Whether a selected tab that stops being shown gives way to the
    ///     fallback (`.fallback`, the default) or stays selected (`.stay`).
    ///   - fileID: The declaring file, for messages (the default is the caller's).
    ///   - line: The declaring line, likewise.
    ///   - column: The declaring column, likewise.
    public init(tappableUnder: Set<ModalStyle> = ModalStyle.tappableUnderByDefault, fallback: TabKey? = nil,
                reselect: TabReselection = .popToRoot, hiddenSelection: HiddenTabSelection = .fallback,
                fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .tabBar(tappableUnder: tappableUnder, fallback: fallback?.name, reselect: reselect,
                                                   hiddenSelection: hiddenSelection), file: fileID, line: line, column: column)]
    }
}

/// Whom presented modals belong to: `Modals(scope: .tab)` for the whole graph, and
/// `Modals(scope: .window, for: .signIn)` for routes that differ (see `ModalScope`).
///
/// By default every modal belongs to the window, as a `.sheet` on a `TabView`: selecting another
/// tab dismisses it. Under `.tab`, a modal presented from a tab's stack belongs to that tab, as a
/// `.sheet` inside the tab's `NavigationStack`: selecting another tab hides it, and selecting the
/// tab again shows it. A route's own scope decides when that route is presented.
///
/// ```swift
/// Modals(scope: .tab)                       // per-tab sheets, like each tab's router
/// Modals(scope: .window, for: .signIn)      // but the sign-in sheet is the app's
/// ```
public struct Modals<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    /// The graph's modal scope.
    ///
    /// - Parameters:
    ///   - scope: Whom a presented modal belongs to, unless its route says otherwise.
    ///   - fileID: The declaring file, for messages (the default is the caller's).
    ///   - line: The declaring line, likewise.
    ///   - column: The declaring column, likewise.
    public init(scope: ModalScope, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .modalScope(scope, routes: []), file: fileID, line: line, column: column)]
    }

    /// The modal scope of the routes named, when they are presented.
    ///
    /// - Parameters:
    ///   - scope: Whom each of `routes` belongs to when it is presented.
    ///   - routes: The routes (by value; their name counts) that take `scope`.
    ///   - fileID: The declaring file, for messages (the default is the caller's).
    ///   - line: The declaring line, likewise.
    ///   - column: The declaring column, likewise.
    public init(scope: ModalScope, for routes: R..., fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .modalScope(scope, routes: routes), file: fileID, line: line, column: column)]
    }
}

/// An app flag and its value at launch: `Flag("signedIn")`.
public struct Flag<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(_ name: String, initial: Bool = false, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        components = [GraphComponent(kind: .flag(name, initial: initial), file: fileID, line: line, column: column)]
    }
}

/// How far the explorer looks: `Bounds(maxStackDepth: 6)`.
public struct Bounds<R: GraphRoute>: GraphContent {
    public let components: [GraphComponent<R>]

    public init(maxStackDepth: Int = 8, maxModalDepth: Int = 2, maxStates: Int = 1_000_000, fileID: String = #fileID, line: Int = #line, column: Int = #column) {
        let bounds = GraphBounds(maxStackDepth: maxStackDepth, maxModalDepth: maxModalDepth, maxStates: maxStates)
        components = [GraphComponent(kind: .bounds(bounds), file: fileID, line: line, column: column)]
    }
}
