/// Where a deep link takes the app: a tab, the stack to build in it, and optionally a modal.
///
/// A plan runs as **one transaction** through the executor (middleware included). In the
/// default ``NavigationPlanMode/replace`` mode it selects the tab (which dismisses any modal, and
/// pops the tab to its root when it is already selected), replaces the tab's stack, then
/// presents the modal and pushes its routes. In ``NavigationPlanMode/push`` mode it keeps the
/// tab's stack and pushes ``stack`` onto it, as apps open a profile link on the current tab:
/// it selects ``tab`` when one is given and not selected (its stack is kept), or else dismisses
/// every modal, then pushes the routes and presents the modal. In ``NavigationPlanMode/request``
/// mode it names no tab, stack or modal: it requests ``destination`` by ownership
/// (``NavigationCommand/request(_:)``), so the route's nearest visible owner presents it, as a
/// screen's request would; a drop is the transaction's result (``DeepLinkOutcome/requestResolution``).
/// If any step fails or is cancelled, nothing changes.
///
/// ```swift
/// NavigationPlan(destination: route, stack: [route], mode: .push)   // onto the current tab
/// NavigationPlan.request(route)                                      // wherever its owner is
/// ```
public struct NavigationPlan<R: Route>: Hashable, Sendable {
    /// What the plan does with the tab's stack.
    public typealias Mode = NavigationPlanMode

    /// A modal to present on top of the planned stack.
    public struct Modal: Hashable, Sendable {
        public var style: ModalStyle
        /// The modal's routes, the presented one first.
        public var routes: [R]
        public var providesNavigation: Bool

        public init(style: ModalStyle, routes: [R], providesNavigation: Bool = true) {
            self.style = style
            self.routes = routes
            self.providesNavigation = providesNavigation
        }
    }

    /// The route the link matched.
    public var destination: R
    /// The tab to select; `nil` keeps the selected tab.
    public var tab: TabID?
    /// The tab's new stack, root first; empty keeps the tab at its root.
    public var stack: [R]
    /// A modal to present on top, if any.
    public var modal: Modal?
    /// Whether ``stack`` replaces the tab's stack (the default) or is pushed onto it.
    public var mode: Mode

    /// Creates a plan. A ``NavigationPlanMode/request`` plan has no tab, stack or modal: make it
    /// with ``request(_:)``.
    public init(destination: R, tab: TabID? = nil, stack: [R], modal: Modal? = nil, mode: Mode = .replace) {
        precondition(mode != .request || (tab == nil && stack.isEmpty && modal == nil),
                     "a request plan names no tab, stack or modal: its route's owner decides where it shows; use NavigationPlan.request(_:)")
        self.destination = destination
        self.tab = tab
        self.stack = stack
        self.modal = modal
        self.mode = mode
    }

    /// A plan that requests `route` by ownership: its nearest visible owner presents it
    /// (selecting another tab first when the owner is there), or the request is dropped.
    public static func request(_ route: R) -> Self {
        Self(destination: route, stack: [], mode: .request)
    }

    /// The commands that carry the plan out from `state`, to run as one transaction.
    public func commands(in state: NavigationState<R>) -> [NavigationCommand<R>] {
        var commands: [NavigationCommand<R>]
        switch mode {
        case .request:
            return [.request(destination)]
        case .replace:
            commands = [.selectTab(tab ?? state.selectedTab)]
            if !stack.isEmpty { commands.append(.replace(stack)) }
        case .push:
            // Selecting another tab keeps its stack; the selected one is reached by dismissing.
            if let tab, tab != state.selectedTab {
                commands = [.selectTab(tab)]
            } else {
                commands = state.modals.isEmpty ? [] : [.dismissAll]
            }
            if !stack.isEmpty { commands.append(.pushAll(stack)) }
        }
        if let modal, let first = modal.routes.first {
            commands.append(.present(first, style: modal.style, providesNavigation: modal.providesNavigation))
            if modal.routes.count > 1 { commands.append(.pushAll(Array(modal.routes.dropFirst()))) }
        }
        return commands
    }
}

/// What a ``NavigationPlan`` does with the tab's stack: replace it, push onto it, or leave
/// where the route shows to its owner.
public enum NavigationPlanMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// Select the tab (re-selecting pops it to its root) and replace its stack with the plan's.
    case replace
    /// Keep the tab's stack and push the plan's routes onto it.
    case push
    /// Request the plan's destination by ownership (``NavigationCommand/request(_:)``): its
    /// nearest visible owner presents it, or the request is dropped and nothing changes.
    case request
}
