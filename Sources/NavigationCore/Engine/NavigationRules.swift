/// The rules ``NavigationEngine`` enforces on every command.
///
/// ```swift
/// let rules = NavigationRules<ShopRoute>(
///     stackValidator: .combined(.nonEmpty, .maxDepth(8)),
///     tabValidators: ["shop": .rooted(at: .catalog)],
///     maxModalDepth: 2,
///     tabBar: TabBarRules(tappableUnder: [.sheet])
/// )
/// ```
public struct NavigationRules<R: Route>: Sendable {
    /// Checked on every stack a command changes, tab or modal. Defaults to ``RouteStackValidator/nonEmpty``.
    public var stackValidator: RouteStackValidator<R>
    /// Checked, in addition, on the stack of the named tab when a command changes it.
    public var tabValidators: [TabID: RouteStackValidator<R>]
    /// Checked, in addition, on every modal stack a command changes.
    public var modalValidator: RouteStackValidator<R>?
    /// The most modal layers that may be presented at once; `nil` for no limit.
    public var maxModalDepth: Int?
    /// Which tabs are shown when, whether the user can tap the tab bar under each modal style,
    /// and where the selection goes when the selected tab stops being shown. Defaults to an
    /// iPhone's tab bar: every tab shown, none tappable while a modal is up.
    public var tabBar: TabBarRules<R>
    /// Who owns which routes, for ``NavigationCommand/request(_:)``; `nil` drops every request.
    public var ownership: RouteOwnership<R>?
    /// Whom each presented modal belongs to, the window or its tab (see ``ModalScope``).
    /// Defaults to the window for every modal.
    public var modalScope: ModalScopeRules<R>

    public init(
        stackValidator: RouteStackValidator<R> = .nonEmpty,
        tabValidators: [TabID: RouteStackValidator<R>] = [:],
        modalValidator: RouteStackValidator<R>? = nil,
        maxModalDepth: Int? = nil,
        tabBar: TabBarRules<R> = TabBarRules(),
        ownership: RouteOwnership<R>? = nil,
        modalScope: ModalScopeRules<R> = ModalScopeRules()
    ) {
        self.stackValidator = stackValidator
        self.tabValidators = tabValidators
        self.modalValidator = modalValidator
        self.maxModalDepth = maxModalDepth
        self.tabBar = tabBar
        self.ownership = ownership
        self.modalScope = modalScope
    }

    /// Whether the rules are known to accept every stack that holds a route, at any location:
    /// only stock validators that ask for no more than that, and none per tab or for modals.
    var acceptEveryNonEmptyStack: Bool {
        stackValidator.acceptsEveryNonEmptyStack && tabValidators.isEmpty && modalValidator == nil
    }

    /// The first violation of the rules for the stack at `location`, or `nil`.
    public func violation(of routes: [R], at location: StackLocation) -> RouteStackViolation<R>? {
        if let violation = stackValidator.violation(in: routes) { return violation }
        switch location {
        case .tab(let id):
            // Most apps name no tab: skip hashing the name then.
            guard !tabValidators.isEmpty else { return nil }
            return tabValidators[id]?.violation(in: routes)
        case .modal:
            return modalValidator?.violation(in: routes)
        }
    }
}
