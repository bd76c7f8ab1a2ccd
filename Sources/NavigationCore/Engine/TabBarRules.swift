/// What the tab bar offers: which tabs it shows in a state, whether the user can tap it while
/// modals are presented, and which tab is selected when the selected one stops being shown.
///
/// The default is an iPhone's tab bar: every tab always shown, and no tab tappable while any
/// modal is up (a full-screen cover hides the tab bar, a sheet covers it). An iPad-style app,
/// whose tab bar stays tappable above its sheets, says so:
///
/// ```swift
/// let rules = NavigationRules<AppRoute>(tabBar: TabBarRules(
///     tappableUnder: [.sheet],
///     conditions: ["notifications": .init("signedIn") { $0.isSet("signedIn") }],
///     fallback: "timeline"))
/// ```
///
/// ``NavigationEngine`` refuses selecting a tab that is not shown
/// (``NavigationFailure/tabHidden(_:condition:)``) and, after every step, moves the selection
/// off a tab that stopped being shown. ``NavigationExecutor/reconcile(_:on:)`` refuses a tab the
/// user tapped while the tab bar is covered (``NavigationFailure/tabBarCovered(by:)``); the
/// explorer offers a tab selection exactly when both allow it.
public struct TabBarRules<R: Route>: Sendable {
    /// When a tab is shown: a readable condition and the test itself.
    public typealias Condition = StatePredicate<R>

    /// The modal styles under which the tab bar can still be tapped: the tab bar is tappable
    /// when every presented modal has one of these styles. By default the styles that do not
    /// cover it (``ModalStyle/tappableUnderByDefault``: none today, as on an iPhone).
    public var tappableUnder: Set<ModalStyle>
    /// When each named tab is shown; a tab not named here is always shown.
    public var conditions: [TabID: Condition]
    /// The tab selected when the selected tab stops being shown, if it is shown then; otherwise
    /// (and when `nil`) the first tab shown, in declaration order.
    public var fallback: TabID?
    /// What re-selecting the selected tab does to its stack, for a tab not in ``reselectByTab``.
    public var reselect: TabReselection
    /// What re-selecting each named tab does to its stack, where it differs from ``reselect``.
    public var reselectByTab: [TabID: TabReselection]
    /// Whether the selection leaves a tab that stops being shown (``HiddenTabSelection/fallback``)
    /// or stays on it (``HiddenTabSelection/stay``).
    public var hiddenSelection: HiddenTabSelection

    /// Rules for a tab bar.
    ///
    /// - Parameters:
    ///   - tappableUnder: The modal styles under which the user can still tap the tab bar.
    ///   - conditions: When each named tab is shown; unnamed tabs are always shown.
    ///   - fallback: The tab to select when the selected one stops being shown.
    ///   - reselect: What re-selecting the selected tab does to its stack.
    ///   - reselectByTab: Per tab, what re-selecting it does, where it differs from `reselect`.
    ///   - hiddenSelection: Whether the selection leaves a tab that stops being shown.
    public init(tappableUnder: Set<ModalStyle> = ModalStyle.tappableUnderByDefault, conditions: [TabID: Condition] = [:], fallback: TabID? = nil,
                reselect: TabReselection = .popToRoot, reselectByTab: [TabID: TabReselection] = [:],
                hiddenSelection: HiddenTabSelection = .fallback) {
        self.tappableUnder = tappableUnder
        self.conditions = conditions
        self.fallback = fallback
        self.reselect = reselect
        self.reselectByTab = reselectByTab
        self.hiddenSelection = hiddenSelection
    }

    /// What re-selecting `tab` while it is selected does to its stack.
    @inlinable
    public func reselection(of tab: TabID) -> TabReselection {
        reselectByTab.isEmpty ? reselect : reselectByTab[tab] ?? reselect
    }

    /// Whether every step ends by moving the selection off a tab that stopped being shown: some
    /// tab has a condition and ``hiddenSelection`` is ``HiddenTabSelection/fallback``.
    public var settlesAfterSteps: Bool { !conditions.isEmpty && hiddenSelection == .fallback }

    /// Whether the selected tab of `state` is one the tab bar does not show: only possible
    /// under ``HiddenTabSelection/stay`` (or at launch with no tab shown).
    public func selectedTabIsHidden(in state: NavigationState<R>) -> Bool {
        !conditions.isEmpty && !isShown(state.selectedTab, in: state)
    }

    /// Whether the user can tap the tab bar in `state`: no modal is presented, or every one
    /// presented has a style in ``tappableUnder``.
    @inlinable
    public func isTappable(in state: NavigationState<R>) -> Bool {
        coveringStyle(in: state) == nil
    }

    /// The style of the topmost presented modal that covers the tab bar, or `nil` when the tab
    /// bar can be tapped.
    public func coveringStyle(in state: NavigationState<R>) -> ModalStyle? {
        if state.modals.isEmpty { return nil }
        for layer in state.modals.reversed() where !tappableUnder.contains(layer.style) { return layer.style }
        return nil
    }

    /// Whether the tab bar shows `tab` in `state`.
    public func isShown(_ tab: TabID, in state: NavigationState<R>) -> Bool {
        guard !conditions.isEmpty, let condition = conditions[tab] else { return true }
        return condition.holds(state)
    }

    /// The tabs the tab bar shows in `state`, in declaration order: what a tab bar draws.
    public func shownTabs(in state: NavigationState<R>) -> [TabID] {
        state.tabIDs.filter { isShown($0, in: state) }
    }

    /// Moves the selection off a tab that is not shown in `state`, to ``fallback`` when it is
    /// shown, else to the first tab shown; nothing changes when the selected tab is shown or no
    /// tab is. The window's modals stay as they are (the tab bar changes under them); the
    /// layers of a tab-scoped modal (``ModalScope/tab``) go and come with their tabs.
    ///
    /// The engine calls it after every step only when ``settlesAfterSteps``; a graph's initial
    /// state is settled whatever ``hiddenSelection`` says (the app launches on a shown tab).
    ///
    /// - Returns: Whether the selection moved.
    @discardableResult
    public func settleSelection(_ state: inout NavigationState<R>) -> Bool {
        guard !conditions.isEmpty, !isShown(state.selectedTab, in: state) else { return false }
        if let fallback, let index = state.tabs.firstIndex(where: { $0.id == fallback }), isShown(fallback, in: state) {
            state.moveSelection(to: index, dismissingWindowModals: false)
            return true
        }
        guard let index = state.tabs.firstIndex(where: { isShown($0.id, in: state) }) else { return false }
        state.moveSelection(to: index, dismissingWindowModals: false)
        return true
    }
}
