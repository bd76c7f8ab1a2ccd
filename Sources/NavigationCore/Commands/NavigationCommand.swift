/// One thing to do to the navigation state.
///
/// Stack commands act on the active stack (the topmost modal's, or else the selected tab's).
/// Every command goes through ``NavigationEngine``, which checks it against the state and the
/// stack validators, and, when run by ``NavigationExecutor`` or ``NavigationStore``, through
/// the middleware chain first.
///
/// ```swift
/// let command: NavigationCommand<ShopRoute> = .sequence([.popToRoot, .push(.product(id: 7))])
/// ```
public enum NavigationCommand<R: Route>: Hashable, Sendable {
    /// Pushes `route` onto the active stack.
    case push(R)
    /// Pushes `routes` in order onto the active stack, as one step.
    case pushAll([R])
    /// Pushes `routes` in order onto the selected tab's stack, as one step, **under** the
    /// presented modal layers, which stay up: a deep link opened while a sheet is showing, as
    /// apps whose `onOpenURL` appends to the selected tab's path do
    /// (``NavigationPlanUnderModals/keep``). With no modal presented it is ``pushAll(_:)``.
    /// A route guard judges the last route (not the visible top) on the state it produces.
    case pushUnderModals([R])
    /// Pops the top route; the root is never popped.
    case pop
    /// Pops `count` routes (at least 1); the root is never popped.
    case popCount(Int)
    /// Pops until the nearest occurrence of `route` is on top.
    case popTo(R)
    /// Pops everything above the root.
    case popToRoot
    /// Replaces the active stack's routes with `routes`.
    case replace([R])
    /// Runs each command in order. No rollback: steps that succeeded stay applied when a later
    /// one fails. Use a transaction for all-or-nothing.
    case sequence([NavigationCommand<R>])
    /// Runs the first command; when middleware cancels it, runs `fallback` instead.
    indirect case whenCancelled(NavigationCommand<R>, fallback: NavigationCommand<R>)
    /// Presents `route` as a new modal layer on top of everything. It belongs to the selected
    /// tab when the rules scope it there (``ModalScopeRules``) and no window-level layer is up.
    case present(R, style: ModalStyle, providesNavigation: Bool = true)
    /// Dismisses the topmost modal layer the user sees.
    case dismiss
    /// Dismisses every modal layer the user sees: the window's and the selected tab's own
    /// (layers hidden with other tabs stay).
    case dismissAll
    /// Selects `tab`, dismissing the window's modals; the selected tab's own modals
    /// (``ModalScope/tab``) are hidden with it, and `tab`'s shown again. Selecting the selected
    /// tab pops it to its root and dismisses the modals shown.
    /// Refused with ``NavigationFailure/tabHidden(_:condition:)`` when the tab bar does not show
    /// the tab (``TabBarRules/conditions``). This is the app selecting a tab; the user tapping
    /// one is ``UIChange/tabSelected(_:)``, which is refused while a modal covers the tab bar.
    case selectTab(TabID)
    /// Puts the named tabs (every tab for `nil`) back to their roots and dismisses their own
    /// modal layers (``ModalScope/tab``), shown or hidden, keeping the selection and the
    /// window's modals: what an app rebuilding its tabs does (`.id(account)` on a `TabView`).
    /// A hidden tab is reset too; an unknown tab fails with ``NavigationFailure/unknownTab(_:declared:)``.
    case resetTabs([TabID]?)
    /// Sets or clears an app flag.
    case setFlag(FlagName, Bool)
    /// Parks a deep link until its requirement holds; `nil` clears the slot.
    case setPendingDeepLink(PendingDeepLink?)
    /// Asks for `route` without saying how: the nearest visible scope that owns it presents it,
    /// in the style its ownership declares (see ``RouteOwnership/resolve(_:in:)``), or the
    /// request is dropped (``NavigationResult/requested(_:)`` says which). Middleware sees the
    /// request before it is resolved, so a guard can redirect or cancel it; its parts (select a
    /// tab, dismiss, pop to the owner, push or present) run in the engine, all or nothing.
    case request(R)
}

extension NavigationCommand {
    /// Whether the command is a composition of other commands rather than one step.
    ///
    /// Middleware only ever sees single steps: ``NavigationExecutor`` runs the parts of a
    /// `sequence` or `whenCancelled` through the chain one by one.
    public var isComposite: Bool {
        switch self {
        case .sequence, .whenCancelled: true
        default: false
        }
    }
}

extension NavigationCommand: CustomStringConvertible {
    public var description: String {
        switch self {
        case .push(let route): "push(\(route))"
        case .pushAll(let routes): "pushAll(\(routes.map { "\($0)" }.joined(separator: ", ")))"
        case .pushUnderModals(let routes): "pushUnderModals(\(routes.map { "\($0)" }.joined(separator: ", ")))"
        case .pop: "pop"
        case .popCount(let count): "popCount(\(count))"
        case .popTo(let route): "popTo(\(route))"
        case .popToRoot: "popToRoot"
        case .replace(let routes): "replace(\(routes.map { "\($0)" }.joined(separator: ", ")))"
        case .sequence(let commands): "sequence(\(commands.map(\.description).joined(separator: ", ")))"
        case .whenCancelled(let command, let fallback): "whenCancelled(\(command), fallback: \(fallback))"
        case .present(let route, let style, let navigable):
            "present(\(route), \(style.rawValue)\(navigable ? "" : ", single screen"))"
        case .dismiss: "dismiss"
        case .dismissAll: "dismissAll"
        case .selectTab(let tab): "selectTab(\(tab))"
        case .resetTabs(let tabs): tabs.map { "resetTabs(\($0.map(\.name).joined(separator: ", ")))" } ?? "resetTabs"
        case .setFlag(let flag, let value): value ? "set(\(flag))" : "clear(\(flag))"
        case .setPendingDeepLink(let link): link.map { "park(\($0.url))" } ?? "clearPendingDeepLink"
        case .request(let route): "request(\(route))"
        }
    }
}
