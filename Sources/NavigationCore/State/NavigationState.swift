/// The whole navigation picture of an app, as one value.
///
/// A state holds every tab's stack and which tab is selected, the presented modal layers
/// (the last one is on top), the app flags that are set, at most one pending deep link and at
/// most one pending retry of an action that rerouted.
/// Commands act on the *active stack*: the topmost modal's stack when a modal is presented,
/// otherwise the selected tab's stack.
///
/// Under ``ModalScope/tab`` a modal can belong to a tab: ``modals`` are always the layers the
/// user sees (the selected tab's own first, ``selectedTabModalCount`` of them, then the
/// window's), and the layers of tabs that are not selected wait hidden
/// (``hiddenModals(of:)``) until their tab is selected again.
///
/// ```swift
/// var state = NavigationState<ShopRoute>(root: .catalog)
/// let engine = NavigationEngine<ShopRoute>()
/// engine.apply(.push(.product(id: 7)), to: &state)
/// state.top // .product(id: 7)
/// ```
public struct NavigationState<R: Route>: Hashable, Sendable {
    /// Every tab in declaration order.
    public internal(set) var tabs: [NavigationTab<R>]
    /// The index of the selected tab in ``tabs``.
    public internal(set) var selectedTabIndex: Int
    /// The presented modal layers the user sees, lowest first; the last is on top. The first
    /// ``selectedTabModalCount`` belong to the selected tab (``ModalScope/tab``), the rest to
    /// the window.
    public internal(set) var modals: [ModalLayer<R>]
    /// How many of ``modals``, from the bottom, belong to the selected tab; 0 unless some modal
    /// is tab-scoped (``ModalScopeRules``).
    public internal(set) var selectedTabModalCount: Int
    /// The tab-scoped layers of the tabs that are not selected, by tab position, hidden until
    /// their tab is selected again; empty (no array per tab) when no tab has any, so a state
    /// without tab-scoped modals is the state it was before modal scopes existed. Read it with
    /// ``hiddenModals(of:)``.
    @usableFromInline
    package internal(set) var hiddenTabModals: [[ModalLayer<R>]]
    /// The app flags that are set.
    public internal(set) var flags: FlagSet
    /// The deep link waiting for its requirement, if any.
    public internal(set) var pendingDeepLink: PendingDeepLink?
    /// The retry of an action that rerouted, waiting for the rerouted flow to end, if any
    /// (see ``NavigationExecutor/perform(_:on:)``).
    public internal(set) var pendingRetry: PendingRetry?

    /// Creates the state of an app without tabs: one stack holding `root`.
    public init(root: R, flags: FlagSet = []) {
        self.init(uncheckedTabs: [NavigationTab(id: .main, root: root)], selectedTabIndex: 0, flags: flags)
    }

    /// Creates the state of an app without tabs, whose stack holds `stack`.
    public init(stack: RouteStack<R>, flags: FlagSet = []) {
        self.init(uncheckedTabs: [NavigationTab(id: .main, stack: stack)], selectedTabIndex: 0, flags: flags)
    }

    /// Creates the state of a tabbed app.
    ///
    /// - Parameters:
    ///   - tabs: The tabs in the order the tab bar shows them; names must be unique.
    ///   - selected: The selected tab; it must be one of `tabs`.
    ///   - flags: The app flags that are set initially.
    /// - Throws: ``NavigationStateError`` when `tabs` is empty, names a tab twice, or does not
    ///   hold `selected`.
    public init(tabs: [NavigationTab<R>], selected: TabID, flags: FlagSet = []) throws(NavigationStateError) {
        guard !tabs.isEmpty else { throw .noTabs }
        var seen = Set<TabID>()
        for tab in tabs where !seen.insert(tab.id).inserted {
            throw .duplicateTab(tab.id)
        }
        guard let index = tabs.firstIndex(where: { $0.id == selected }) else {
            throw .unknownSelectedTab(selected, declared: tabs.map(\.id))
        }
        self.init(uncheckedTabs: tabs, selectedTabIndex: index, flags: flags)
    }

    init(uncheckedTabs tabs: [NavigationTab<R>], selectedTabIndex: Int, flags: FlagSet) {
        self.tabs = tabs
        self.selectedTabIndex = selectedTabIndex
        self.modals = []
        self.selectedTabModalCount = 0
        self.hiddenTabModals = []
        self.flags = flags
        self.pendingDeepLink = nil
        self.pendingRetry = nil
    }
}

extension NavigationState {
    /// The selected tab's name.
    @inlinable
    public var selectedTab: TabID { tabs[selectedTabIndex].id }

    /// The names of all tabs, in declaration order.
    @inlinable
    public var tabIDs: [TabID] { tabs.map(\.id) }

    /// The stack that commands act on: the topmost modal's, or else the selected tab's.
    @inlinable
    public var activeStack: RouteStack<R> {
        modals.last?.stack ?? tabs[selectedTabIndex].stack
    }

    /// Where the active stack lives.
    @inlinable
    public var activeLocation: StackLocation {
        modals.isEmpty ? .tab(selectedTab) : .modal(level: modals.count - 1)
    }

    /// The visible route: the top of the active stack.
    @inlinable
    public var top: R? {
        // Read in place: going through `activeStack` made a stack value (a retained array).
        modals.isEmpty ? tabs[selectedTabIndex].stack.routes.last : modals[modals.count - 1].stack.routes.last
    }

    /// The depth of the active stack.
    @inlinable
    public var depth: Int {
        modals.isEmpty ? tabs[selectedTabIndex].stack.routes.count : modals[modals.count - 1].stack.routes.count
    }

    /// The topmost modal layer, if any is presented.
    @inlinable
    public var topModal: ModalLayer<R>? { modals.last }

    /// The modal layers `tab` keeps while it is not selected (``ModalScope/tab``), lowest
    /// first: shown again, below the window's, when the tab is selected. Empty for the
    /// selected tab (its layers are the first ``selectedTabModalCount`` of ``modals``) and for
    /// a tab the state does not have.
    public func hiddenModals(of tab: TabID) -> [ModalLayer<R>] {
        guard !hiddenTabModals.isEmpty, let index = tabs.firstIndex(where: { $0.id == tab }) else { return [] }
        return hiddenTabModals[index]
    }

    /// Whether some layer is tab-scoped, shown or hidden: `false` in every state of an app
    /// whose modals all belong to the window.
    @inlinable
    public var hasTabScopedModals: Bool { selectedTabModalCount != 0 || !hiddenTabModals.isEmpty }

    /// The stack of `tab`, or `nil` when the state has no such tab.
    @inlinable
    public func stack(of tab: TabID) -> RouteStack<R>? {
        tabs.first { $0.id == tab }?.stack
    }

    /// Whether `flag` is set.
    @inlinable
    public func isSet(_ flag: FlagName) -> Bool { flags.contains(flag) }

    /// Every route on any stack (tabs first, then the modals shown, then those hidden with
    /// their tabs), for "is this route anywhere" checks.
    @inlinable
    public var allRoutes: [R] {
        tabs.flatMap(\.stack.routes) + modals.flatMap(\.stack.routes) + hiddenTabModals.flatMap { $0.flatMap(\.stack.routes) }
    }

    /// Edits the active stack's routes in place (a copy is made only when the storage is shared).
    mutating func withActiveRoutes<T>(_ body: (inout [R]) -> T) -> T {
        if modals.isEmpty {
            return body(&tabs[selectedTabIndex].stack.routes)
        } else {
            return body(&modals[modals.count - 1].stack.routes)
        }
    }
}

// MARK: - Rewriting in place, for this package's explorer

/// The explorer keeps the states it has yet to expand as short byte strings and rewrites one
/// working state from them, part by part: the working state owns its storage alone, so these
/// write in place and copy nothing. The tabs (their number, names and order) never change in a
/// state derived from another by commands, so only their stacks are rewritten.
extension NavigationState {
    /// Makes this state equal to `other`, writing only what differs into storage this state
    /// owns: the explorer decodes a parent once into a state of its own and resets its working
    /// state to it before each action, which costs a comparison per route and a write per route
    /// that changed. A state with other tabs is replaced whole.
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func reset(to other: NavigationState) {
        guard tabs.count == other.tabs.count else { self = other; return }
        selectedTabIndex = other.selectedTabIndex
        for index in other.tabs.indices {
            // Compared before anything is written, so that neither array is retained.
            let common = Self.commonPrefix(tabs[index].stack.routes, other.tabs[index].stack.routes)
            let wanted = other.tabs[index].stack.routes.count
            if common == wanted && common == tabs[index].stack.routes.count { continue }
            if common + 1 == wanted {
                // The usual difference after a pop: one route to put back, read before writing.
                let last = other.tabs[index].stack.routes[common]
                Self.keep(common, of: &tabs[index].stack.routes)
                tabs[index].stack.routes.append(last)
            } else if common == wanted {
                // After a push: routes to drop.
                Self.keep(common, of: &tabs[index].stack.routes)
            } else {
                Self.overwrite(&tabs[index].stack.routes, with: other.tabs[index].stack.routes)
            }
        }
        if !(modals.isEmpty && other.modals.isEmpty) { resetModals(to: other.modals) }
        if hasTabScopedModals || other.hasTabScopedModals {
            selectedTabModalCount = other.selectedTabModalCount
            hiddenTabModals = other.hiddenTabModals
        }
        flags.replace(with: other.flags)
        // Compared first: equal links usually share their strings, and then nothing is written.
        if pendingDeepLink != other.pendingDeepLink { pendingDeepLink = other.pendingDeepLink }
        if pendingRetry != nil || other.pendingRetry != nil { pendingRetry = other.pendingRetry }
    }

    /// The modal layers made equal to `wanted` in place, layer by layer, so that the next step
    /// on a modal's stack finds storage this state owns alone instead of copying a shared one.
    private mutating func resetModals(to wanted: [ModalLayer<R>]) {
        if modals.count > wanted.count { modals.removeLast(modals.count - wanted.count) }
        for level in wanted.indices {
            if level == modals.count {
                modals.append(wanted[level])
                continue
            }
            if modals[level].style != wanted[level].style || modals[level].providesNavigation != wanted[level].providesNavigation {
                modals[level] = ModalLayer(style: wanted[level].style, providesNavigation: wanted[level].providesNavigation,
                                           stack: modals[level].stack)
            }
            Self.overwrite(&modals[level].stack.routes, with: wanted[level].stack.routes)
        }
    }

    /// Makes `routes` equal to `target` in place: a step changes the end of a stack, so the
    /// routes after the common prefix are dropped and the target's rest appended.
    @inline(__always)
    private static func overwrite(_ routes: inout [R], with target: [R]) {
        let common = commonPrefix(routes, target)
        if common == routes.count && common == target.count { return }
        keep(common, of: &routes)
        routes.append(contentsOf: target[common...])
    }

    /// How many routes `routes` and `target` have in common from the root.
    @inline(__always)
    private static func commonPrefix(_ routes: [R], _ target: [R]) -> Int {
        var common = 0
        let shorter = min(routes.count, target.count)
        while common < shorter && routes[common] == target[common] { common += 1 }
        return common
    }

    /// Drops the routes after the first `count` (one or two after a step: removed one by one,
    /// which is cheaper than removing a range).
    @inline(__always)
    private static func keep(_ count: Int, of routes: inout [R]) {
        while routes.count > count { routes.removeLast() }
    }

    /// Removes the active stack's top route: the inverse of a push the engine made.
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func removeActiveTop() {
        withActiveRoutes { if !$0.isEmpty { $0.removeLast() } }
    }

    /// Puts `route` on top of the active stack: the inverse of a pop the engine made.
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func restoreActiveTop(_ route: R) {
        withActiveRoutes { $0.append(route) }
    }

    /// Selects the tab at `index`, which must be a valid index of ``tabs``.
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func restoreSelectedTabIndex(_ index: Int) {
        selectedTabIndex = index
    }

    /// Edits the routes of the tab at `index` in place.
    @_specialize(exported: true, where R == DynamicRoute, T == Void)
    package mutating func withRoutes<T>(ofTab index: Int, _ body: (inout [R]) -> T) -> T {
        body(&tabs[index].stack.routes)
    }

    /// Makes the modal layer at `level` (at most ``modals``' count: one past the end appends a
    /// layer) a layer of `style` and `providesNavigation`, and edits its routes in place. A layer
    /// that already has that style keeps its storage.
    @_specialize(exported: true, where R == DynamicRoute, T == Void)
    package mutating func withRoutes<T>(ofModal level: Int, style: ModalStyle, providesNavigation: Bool,
                                        _ body: (inout [R]) -> T) -> T {
        if level == modals.count {
            modals.append(ModalLayer(style: style, providesNavigation: providesNavigation, stack: RouteStack([])))
        } else if modals[level].style != style || modals[level].providesNavigation != providesNavigation {
            modals[level] = ModalLayer(style: style, providesNavigation: providesNavigation, stack: modals[level].stack)
        }
        return body(&modals[level].stack.routes)
    }

    /// Drops the modal layers from `count` on.
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func keepModals(_ count: Int) {
        if modals.count > count { modals.removeLast(modals.count - count) }
    }

    /// Replaces the flags, touching no array when neither set has flags beyond the inline word.
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func restoreFlags(_ other: FlagSet) {
        flags.replace(with: other)
    }

    /// Replaces the pending deep link (comparing first, so `nil` over `nil` writes nothing).
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func restorePendingDeepLink(_ link: PendingDeepLink?) {
        if pendingDeepLink != nil || link != nil { pendingDeepLink = link }
    }

    /// Replaces the pending retry (`nil` over `nil` writes nothing).
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func restorePendingRetry(_ retry: PendingRetry?) {
        if pendingRetry != nil || retry != nil { pendingRetry = retry }
    }
}

/// Why a ``NavigationState`` could not be created.
public enum NavigationStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No tab was given.
    case noTabs
    /// Two tabs share a name.
    case duplicateTab(TabID)
    /// The selected tab is not among the tabs.
    case unknownSelectedTab(TabID, declared: [TabID])

    public var description: String {
        switch self {
        case .noTabs:
            "a navigation state needs at least one tab; use NavigationState(root:) for an app without tabs"
        case .duplicateTab(let id):
            "tab '\(id)' is declared twice; give each tab a unique name"
        case .unknownSelectedTab(let id, let declared):
            "selected tab '\(id)' is not declared; choose one of: \(declared.map(\.name).joined(separator: ", "))"
        }
    }
}
