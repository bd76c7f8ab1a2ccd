/// The whole navigation picture of an app, as one value.
///
/// A state holds every tab's stack and which tab is selected, the presented modal layers
/// (the last one is on top), the app flags that are set, and at most one pending deep link.
/// Commands act on the *active stack*: the topmost modal's stack when a modal is presented,
/// otherwise the selected tab's stack.
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
    /// Presented modal layers, lowest first; the last is on top.
    public internal(set) var modals: [ModalLayer<R>]
    /// The app flags that are set.
    public internal(set) var flags: FlagSet
    /// The deep link waiting for its requirement, if any.
    public internal(set) var pendingDeepLink: PendingDeepLink?

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
        self.flags = flags
        self.pendingDeepLink = nil
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
    public var top: R? { activeStack.top }

    /// The depth of the active stack.
    @inlinable
    public var depth: Int { activeStack.depth }

    /// The topmost modal layer, if any is presented.
    @inlinable
    public var topModal: ModalLayer<R>? { modals.last }

    /// The stack of `tab`, or `nil` when the state has no such tab.
    @inlinable
    public func stack(of tab: TabID) -> RouteStack<R>? {
        tabs.first { $0.id == tab }?.stack
    }

    /// Whether `flag` is set.
    @inlinable
    public func isSet(_ flag: FlagName) -> Bool { flags.contains(flag) }

    /// Every route on any stack (tabs first, then modals), for "is this route anywhere" checks.
    @inlinable
    public var allRoutes: [R] {
        tabs.flatMap(\.stack.routes) + modals.flatMap(\.stack.routes)
    }

    /// Edits the active stack's routes in place (a copy is made only when the storage is shared).
    mutating func withActiveRoutes<T>(_ body: (inout [R]) -> T) -> T {
        if modals.isEmpty {
            return body(&tabs[selectedTabIndex].stack.routes)
        } else {
            return body(&modals[modals.count - 1].stack.routes)
        }
    }

    /// Makes this state equal to `other`, rewriting in place the tab stacks that differ rather
    /// than sharing `other`'s: the explorer applies each action of a parent to one working state
    /// and resets it to the parent before the next, so a stack the working state owns alone is
    /// never copied.
    @_specialize(exported: true, where R == DynamicRoute)
    package mutating func reset(to other: NavigationState) {
        // Through buffer pointers: indexing the arrays would retain and release each stack.
        // First only compare, so an unchanged array of tabs is not made unique (copied) for nothing.
        let tabsDiffer: Bool? = other.tabs.withUnsafeBufferPointer { wanted in
            tabs.withUnsafeBufferPointer { current in
                guard wanted.count == current.count else { return nil }
                var differ = false
                for index in wanted.indices {
                    guard current[index].id == wanted[index].id else { return nil }
                    if current[index].stack.routes != wanted[index].stack.routes { differ = true }
                }
                return differ
            }
        }
        guard let tabsDiffer else { self = other; return }
        if tabsDiffer {
            other.tabs.withUnsafeBufferPointer { wanted in
                tabs.withUnsafeMutableBufferPointer { current in
                    for index in wanted.indices {
                        Self.overwrite(&current[index].stack.routes, with: wanted[index].stack.routes)
                    }
                }
            }
        }
        selectedTabIndex = other.selectedTabIndex
        if !(modals.isEmpty && other.modals.isEmpty) { modals = other.modals }
        flags.replace(with: other.flags)
        if pendingDeepLink != nil || other.pendingDeepLink != nil { pendingDeepLink = other.pendingDeepLink }
    }

    /// Makes `routes` equal to `target`, keeping the common prefix: a step changes the end of
    /// one stack, so this usually drops or writes one route, in place.
    private static func overwrite(_ routes: inout [R], with target: [R]) {
        let common = routes.withUnsafeBufferPointer { current in
            target.withUnsafeBufferPointer { wanted in
                let shorter = min(current.count, wanted.count)
                var index = 0
                while index < shorter && current[index] == wanted[index] { index += 1 }
                return index
            }
        }
        if common == routes.count && common == target.count { return }
        if common + 1 == routes.count {
            routes.removeLast()
        } else if common < routes.count {
            routes.removeLast(routes.count - common)
        }
        if common < target.count { routes.append(contentsOf: target[common...]) }
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
