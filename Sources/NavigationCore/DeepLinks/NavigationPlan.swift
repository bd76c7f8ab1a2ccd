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
/// Two options shape a plan further. ``underModals`` says what a ``NavigationPlanMode/push``
/// plan does with the modals presented when it runs on the selected tab: dismiss them first
/// (``NavigationPlanUnderModals/dismiss``, the default) or push under them, leaving them up
/// (``NavigationPlanUnderModals/keep``, as apps whose `onOpenURL` appends to the selected tab's
/// path while a sheet is showing do). ``flags`` are set or cleared first, in the same
/// transaction (a sign-in callback link that sets `signedIn`): the guards of the routes the
/// plan brings in judge them, and a plan that rolls back leaves them as they were.
///
/// ```swift
/// NavigationPlan(destination: route, stack: [route], mode: .push)   // onto the current tab
/// NavigationPlan(destination: route, stack: [route], mode: .push, underModals: .keep)
/// NavigationPlan(destination: .home, stack: [.home], flags: ["signedIn": true])
/// NavigationPlan.request(route)                                      // wherever its owner is
/// ```
public struct NavigationPlan<R: Route>: Hashable, Sendable {
    /// What the plan does with the tab's stack.
    public typealias Mode = NavigationPlanMode
    /// What a push plan does with the modals presented over the selected tab.
    public typealias UnderModals = NavigationPlanUnderModals

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
    /// For a ``NavigationPlanMode/push`` plan on the selected tab: whether the presented modals
    /// are dismissed first (the default) or stay up over the pushed routes. Selecting another
    /// tab dismisses them either way; other modes ignore it.
    public var underModals: UnderModals
    /// Flags the plan sets (`true`) or clears (`false`) before it navigates, in the same
    /// transaction; applied in name order (one change per flag).
    public var flags: [FlagName: Bool]

    /// Creates a plan. A ``NavigationPlanMode/request`` plan has no tab, stack or modal: make it
    /// with ``request(_:)``.
    ///
    /// - Parameters:
    ///   - destination: The route the link matched.
    ///   - tab: The tab to select; `nil` keeps the selected tab.
    ///   - stack: The tab's new stack, root first, or (``NavigationPlanMode/push``) the routes pushed.
    ///   - modal: A modal to present on top, if any.
    ///   - mode: Whether `stack` replaces the tab's stack, is pushed onto it, or the destination is requested.
    ///   - underModals: For a push on the selected tab, whether the modals are dismissed first or kept over it.
    ///   - flags: Flags set or cleared first, in the same transaction.
    public init(destination: R, tab: TabID? = nil, stack: [R], modal: Modal? = nil, mode: Mode = .replace,
                underModals: UnderModals = .dismiss, flags: [FlagName: Bool] = [:]) {
        precondition(mode != .request || (tab == nil && stack.isEmpty && modal == nil),
                     "a request plan names no tab, stack or modal: its route's owner decides where it shows; use NavigationPlan.request(_:)")
        self.destination = destination
        self.tab = tab
        self.stack = stack
        self.modal = modal
        self.mode = mode
        self.underModals = underModals
        self.flags = flags
    }

    /// A plan that requests `route` by ownership: its nearest visible owner presents it
    /// (selecting another tab first when the owner is there), or the request is dropped.
    public static func request(_ route: R) -> Self {
        Self(destination: route, stack: [], mode: .request)
    }

    /// The commands that carry the plan out from `state`, to run as one transaction: the flag
    /// changes first, then the navigation, decided on `state` as it is before them (the tab
    /// selected when the link is opened is the one a plan without a tab acts on).
    public func commands(in state: NavigationState<R>) -> [NavigationCommand<R>] {
        var commands: [NavigationCommand<R>] = flags.sorted { $0.key < $1.key }.map { .setFlag($0.key, $0.value) }
        switch mode {
        case .request:
            return commands + [.request(destination)]
        case .replace:
            commands.append(.selectTab(tab ?? state.selectedTab))
            if !stack.isEmpty { commands.append(.replace(stack)) }
        case .push:
            // Selecting another tab keeps its stack; the selected one is reached by dismissing,
            // or, kept under the modals, pushed onto as it is.
            if let tab, tab != state.selectedTab {
                commands.append(.selectTab(tab))
                if !stack.isEmpty { commands.append(.pushAll(stack)) }
            } else if state.modals.isEmpty || underModals == .dismiss {
                if !state.modals.isEmpty { commands.append(.dismissAll) }
                if !stack.isEmpty { commands.append(.pushAll(stack)) }
            } else if !stack.isEmpty {
                commands.append(.pushUnderModals(stack))
            }
        }
        if let modal, let first = modal.routes.first {
            commands.append(.present(first, style: modal.style, providesNavigation: modal.providesNavigation))
            if modal.routes.count > 1 { commands.append(.pushAll(Array(modal.routes.dropFirst()))) }
        }
        return commands
    }
}

/// What a ``NavigationPlanMode/push`` plan on the selected tab does with the modal layers
/// presented when it runs.
public enum NavigationPlanUnderModals: String, Hashable, Sendable, CaseIterable, Codable {
    /// Dismiss every modal, then push onto the tab's stack: the pushed route is what shows
    /// (the default).
    case dismiss
    /// Push onto the tab's stack under the modals, which stay up
    /// (``NavigationCommand/pushUnderModals(_:)``): the route shows once they are dismissed.
    /// The checker's deep-links property reports a link that lands under a modal this way.
    case keep
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
