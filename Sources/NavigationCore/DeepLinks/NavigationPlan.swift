/// Where a deep link takes the app: a tab, the stack to build in it, and optionally a modal.
///
/// A plan runs as **one transaction** through the executor (middleware included): it selects
/// the tab (which dismisses any modal, and pops the tab to its root when it is already
/// selected), replaces the tab's stack, then presents the modal and pushes its routes.
/// If any step fails or is cancelled, nothing changes.
public struct NavigationPlan<R: Route>: Hashable, Sendable {
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

    public init(destination: R, tab: TabID? = nil, stack: [R], modal: Modal? = nil) {
        self.destination = destination
        self.tab = tab
        self.stack = stack
        self.modal = modal
    }

    /// The commands that carry the plan out from `state`, to run as one transaction.
    public func commands(in state: NavigationState<R>) -> [NavigationCommand<R>] {
        var commands: [NavigationCommand<R>] = [.selectTab(tab ?? state.selectedTab)]
        if !stack.isEmpty { commands.append(.replace(stack)) }
        if let modal, let first = modal.routes.first {
            commands.append(.present(first, style: modal.style, providesNavigation: modal.providesNavigation))
            if modal.routes.count > 1 { commands.append(.pushAll(Array(modal.routes.dropFirst()))) }
        }
        return commands
    }
}
