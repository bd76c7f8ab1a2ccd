/// The one place where navigation commands get their meaning.
///
/// The engine is pure: it takes a command and a state and produces the next state, or a typed
/// failure and the state untouched. It knows nothing of middleware (see ``NavigationExecutor``),
/// so the app and the explorer share exactly these semantics.
///
/// ```swift
/// let engine = NavigationEngine<ShopRoute>(rules: .init(stackValidator: .maxDepth(4)))
/// var state = NavigationState<ShopRoute>(root: .catalog)
/// let result = engine.apply(.push(.cart), to: &state)   // .success
/// engine.canExecute(.popCount(3), in: state)           // false: only one route above the root
/// ```
public struct NavigationEngine<R: Route>: Sendable {
    /// The validators and limits checked on every command.
    public var rules: NavigationRules<R> {
        get { box.rules }
        set { self = Self(rules: newValue) }
    }

    /// The rules, boxed: they are read on every command and changed hardly ever, and an engine
    /// of two words is passed in registers where one holding the rules' dictionaries and
    /// closures was copied onto the stack at every call.
    private let box: RulesBox
    /// Whether the rules accept every stack that holds a route (see
    /// ``NavigationRules/acceptEveryNonEmptyStack``), decided once: a push or a pop then asks
    /// them nothing.
    private let acceptsEveryNonEmptyStack: Bool
    /// Whether some tab is shown only under a condition: then selecting a hidden tab is refused.
    private let hasTabConditions: Bool
    /// Whether every step ends by moving the selection off a tab that stopped being shown
    /// (``TabBarRules/settlesAfterSteps``, ``TabBarRules/settleSelection(_:)``).
    private let settlesSelection: Bool
    /// Whether a presented modal may belong to a tab (``ModalScopeRules/mayScopeToTab``),
    /// decided once: otherwise every modal is the window's and no route's scope is asked.
    private let scopesModalsToTabs: Bool

    private final class RulesBox: Sendable {
        let rules: NavigationRules<R>
        init(_ rules: NavigationRules<R>) { self.rules = rules }
    }

    public init(rules: NavigationRules<R> = NavigationRules()) {
        box = RulesBox(rules)
        acceptsEveryNonEmptyStack = rules.acceptEveryNonEmptyStack
        hasTabConditions = !rules.tabBar.conditions.isEmpty
        settlesSelection = rules.tabBar.settlesAfterSteps
        scopesModalsToTabs = rules.modalScope.mayScopeToTab
    }

    /// Applies `command` to `state`.
    ///
    /// A single step either succeeds or fails leaving `state` unchanged. A `sequence` applies its
    /// steps in order and keeps the ones that succeeded (no rollback). A `whenCancelled` runs its
    /// primary command: the engine alone never cancels, so the fallback only runs under middleware.
    ///
    /// - Complexity: O(*n*) in the size of the stacks the command touches.
    @discardableResult
    @_specialize(exported: true, where R == DynamicRoute)
    public func apply(_ command: NavigationCommand<R>, to state: inout NavigationState<R>) -> NavigationResult<R> {
        switch command {
        case .sequence(let commands):
            return .sequence(commands.map { apply($0, to: &state) })
        case .whenCancelled(let primary, _):
            return apply(primary, to: &state)
        case .request(let route):
            return request(route, &state)
        default:
            // A single step checks everything before it writes, so a failure leaves `state` as
            // it was without a working copy of the whole state.
            if let failure = step(command, &state) {
                return .failure(failure)
            }
            if settlesSelection { box.rules.tabBar.settleSelection(&state) }
            return .success
        }
    }

    /// The state `command` would produce, and its result, without touching `state`.
    @_specialize(exported: true, where R == DynamicRoute)
    public func preview(_ command: NavigationCommand<R>, in state: NavigationState<R>) -> (result: NavigationResult<R>, state: NavigationState<R>) {
        var copy = state
        let result = apply(command, to: &copy)
        return (result, copy)
    }

    /// The first failure `command` would meet in `state`, or `nil` when it would succeed.
    public func validate(_ command: NavigationCommand<R>, in state: NavigationState<R>) -> NavigationFailure<R>? {
        preview(command, in: state).result.firstFailure
    }

    /// Whether the user can tap tab `index` of `state` in the tab bar: the tab bar is not
    /// covered by a modal (``TabBarRules/isTappable(in:)``) and shows the tab
    /// (``TabBarRules/isShown(_:in:)``). The explorer offers selecting a tab exactly then.
    @inline(__always)
    public func canTapTab(at index: Int, in state: NavigationState<R>) -> Bool {
        guard isTabBarTappable(in: state) else { return false }
        return !hasTabConditions || box.rules.tabBar.isShown(state.tabs[index].id, in: state)
    }

    /// Whether the user can tap the tab bar in `state` (``TabBarRules/isTappable(in:)``),
    /// reading the rules in place.
    @inline(__always)
    public func isTabBarTappable(in state: NavigationState<R>) -> Bool {
        state.modals.isEmpty || box.rules.tabBar.isTappable(in: state)
    }

    /// Whether a single push, pop or flag change this engine runs is exactly an edit of the
    /// active stack or the flags and nothing else: the rules accept every stack that holds a
    /// route (so a push or a pop that leaves a route asks them nothing) and no step ends by
    /// settling the tab selection. The explicit checker then computes those steps on its packed
    /// states without running them (a push still needs a navigable top layer, a pop a route
    /// below the top).
    package var editsActiveStackAlone: Bool { acceptsEveryNonEmptyStack && !settlesSelection }

    /// Whether `command` would succeed in `state`.
    public func canExecute(_ command: NavigationCommand<R>, in state: NavigationState<R>) -> Bool {
        validate(command, in: state) == nil
    }

    // MARK: - Single steps

    /// Applies one non-composite command; on failure `state` is untouched.
    @inline(__always)
    private func step(_ command: NavigationCommand<R>, _ state: inout NavigationState<R>) -> NavigationFailure<R>? {
        switch command {
        case .push(let route):
            // In place, undone if the rules refuse it: a push copies no stack it owns alone.
            if let failure = Self.navigability(of: state) { return failure }
            state.withActiveRoutes { $0.append(route) }
            if let failure = failureAfterInPlaceEdit(of: &state) {
                state.withActiveRoutes { _ = $0.removeLast() }
                return failure
            }
            return nil
        case .pushAll(let routes):
            return editActiveStack(&state) { $0.append(contentsOf: routes); return nil }
        case .pushUnderModals(let routes):
            // The tab's stack is always navigable: the modals above it stay as they are.
            guard !state.modals.isEmpty else { return editActiveStack(&state) { $0.append(contentsOf: routes); return nil } }
            let index = state.selectedTabIndex
            let tabRoutes = state.tabs[index].stack.routes + routes
            if let failure = rulesFailure(tabRoutes, at: .tab(state.tabs[index].id)) { return failure }
            state.tabs[index].stack.routes = tabRoutes
            return nil
        case .pop:
            // In place too, the popped route kept to put back if the rules refuse the result.
            if let failure = Self.navigability(of: state) { return failure }
            if let failure = Self.popFailure(1, depth: state.depth) { return failure }
            let popped = state.withActiveRoutes { $0.removeLast() }
            if let failure = failureAfterInPlaceEdit(of: &state) {
                state.withActiveRoutes { $0.append(popped) }
                return failure
            }
            return nil
        case .popCount(let count):
            guard count >= 1 else { return .invalidPopCount(count) }
            return editActiveStack(&state) { Self.pop(count, from: &$0) }
        case .popTo(let route):
            return editActiveStack(&state) { routes in
                guard let index = routes.lastIndex(of: route) else { return .routeNotFound(route) }
                routes.removeSubrange((index + 1)...)
                return nil
            }
        case .popToRoot:
            return editActiveStack(&state) { routes in
                guard !routes.isEmpty else { return .emptyStack }
                routes.removeSubrange(1...)
                return nil
            }
        case .replace(let routes):
            return editActiveStack(&state) { $0 = routes; return nil }
        case .present(let route, let style, let providesNavigation):
            if let limit = box.rules.maxModalDepth, state.modals.count >= limit {
                return .modalDepthExceeded(limit: limit)
            }
            if let failure = rulesFailure([route], at: .modal(level: state.modals.count)) { return failure }
            let layer = ModalLayer(style: style, providesNavigation: providesNavigation, stack: RouteStack(root: route))
            state.presentModal(layer, tabScoped: scopesModalsToTabs && box.rules.modalScope.scope(of: route) == .tab)
            return nil
        case .dismiss:
            guard !state.modals.isEmpty else { return .noModalPresented }
            state.dismissTopModal()
            return nil
        case .dismissAll:
            guard !state.modals.isEmpty else { return .noModalPresented }
            state.dismissShownModals()
            return nil
        case .selectTab(let id):
            guard let index = state.tabs.firstIndex(where: { $0.id == id }) else {
                return .unknownTab(id, declared: state.tabIDs)
            }
            if hasTabConditions, let condition = box.rules.tabBar.conditions[id], !condition.holds(state) {
                return .tabHidden(id, condition: condition.text)
            }
            guard index == state.selectedTabIndex else {
                state.moveSelection(to: index, dismissingWindowModals: true)
                return nil
            }
            // Re-selecting the selected tab pops it to its root, as a tab bar does, unless the
            // tab bar keeps it (`TabReselection.keep`); the modals go either way.
            var routes = state.tabs[index].stack.routes
            if routes.count > 1, box.rules.tabBar.reselection(of: id) == .popToRoot { routes.removeSubrange(1...) }
            if let failure = rulesFailure(routes, at: .tab(id)) { return failure }
            state.dismissShownModals()
            state.tabs[index].stack.routes = routes
            return nil
        case .resetTabs(let ids):
            return resetTabs(ids, &state)
        case .setFlag(let flag, let value):
            if value { state.flags.insert(flag) } else { state.flags.remove(flag) }
            return nil
        case .setPendingDeepLink(let link):
            state.pendingDeepLink = link
            return nil
        case .sequence, .whenCancelled, .request:
            preconditionFailure("composite commands and requests are expanded by apply(_:to:)")
        }
    }

    /// Puts the named tabs (every tab for `nil`) back to their roots and dismisses their own
    /// modal layers, keeping the selection and the window's layers; every root is checked
    /// against the rules before anything is written. Hidden tabs are reset too.
    private func resetTabs(_ ids: [TabID]?, _ state: inout NavigationState<R>) -> NavigationFailure<R>? {
        var indices: [Int] = []
        if let ids {
            for id in ids {
                guard let index = state.tabs.firstIndex(where: { $0.id == id }) else {
                    return .unknownTab(id, declared: state.tabIDs)
                }
                if !indices.contains(index) { indices.append(index) }
            }
        } else {
            indices = Array(state.tabs.indices)
        }
        for index in indices {
            if let failure = rulesFailure(Array(state.tabs[index].stack.routes.prefix(1)), at: .tab(state.tabs[index].id)) { return failure }
        }
        state.resetTabs(at: indices)
        return nil
    }

    /// Resolves a request by the rules' ownership and runs the presentation's steps on a copy,
    /// kept only when every step succeeds: a request is presented whole or not at all.
    private func request(_ route: R, _ state: inout NavigationState<R>) -> NavigationResult<R> {
        guard let ownership = box.rules.ownership else {
            return .requested(.dropped(RequestDrop(route: "\(route)", reason: .notOwned)))
        }
        let resolution = ownership.resolve(route, in: state)
        guard let presentation = resolution.presentation else { return .requested(resolution) }
        var working = state
        if let failure = apply(presentation.command, to: &working).firstFailure { return .failure(failure) }
        state = working
        return .requested(resolution)
    }

    private static func pop(_ count: Int, from routes: inout [R]) -> NavigationFailure<R>? {
        if let failure = popFailure(count, depth: routes.count) { return failure }
        routes.removeLast(count)
        return nil
    }

    /// Why `count` routes cannot be popped from a stack `depth` routes deep (the root stays).
    private static func popFailure(_ count: Int, depth: Int) -> NavigationFailure<R>? {
        guard depth > 0 else { return .emptyStack }
        guard count <= depth - 1 else { return .insufficientDepth(requested: count, available: depth - 1) }
        return nil
    }

    /// Why the active stack cannot be edited: a modal on top that provides no navigation.
    private static func navigability(of state: NavigationState<R>) -> NavigationFailure<R>? {
        if let modal = state.modals.last, !modal.providesNavigation { return .modalNotNavigable }
        return nil
    }

    /// The rules' verdict on `routes` as the stack at `location`.
    private func rulesFailure(_ routes: [R], at location: StackLocation) -> NavigationFailure<R>? {
        box.rules.violation(of: routes, at: location).map { .validatorRejected($0, at: location) }
    }

    /// The rules' verdict on the active stack after a push, or a pop that left a route: stock
    /// rules that only forbid an empty stack are not asked.
    /// (`state` is `inout` only so that it is not copied to be read: the caller's is being edited.)
    @inline(__always)
    private func failureAfterInPlaceEdit(of state: inout NavigationState<R>) -> NavigationFailure<R>? {
        guard !acceptsEveryNonEmptyStack else { return nil }
        return rulesFailureForActiveStack(of: &state)
    }

    /// The rules' verdict on the active stack; kept out of line, so that a push or pop the
    /// rules need not see reads nothing of the state for it (`inout` only to read it in place).
    @inline(never)
    private func rulesFailureForActiveStack(of state: inout NavigationState<R>) -> NavigationFailure<R>? {
        rulesFailure(state.activeStack.routes, at: state.activeLocation)
    }

    /// Edits a copy of the active stack, checks the rules for its location, and only then
    /// stores it, so a failed edit leaves `state` untouched.
    private func editActiveStack(
        _ state: inout NavigationState<R>,
        _ edit: (inout [R]) -> NavigationFailure<R>?
    ) -> NavigationFailure<R>? {
        if let failure = Self.navigability(of: state) { return failure }
        var routes = state.activeStack.routes
        if let failure = edit(&routes) ?? rulesFailure(routes, at: state.activeLocation) { return failure }
        state.withActiveRoutes { $0 = routes }
        return nil
    }
}
