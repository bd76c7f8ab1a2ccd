extension RouteOwnership {
    /// What a request for `route` resolves to in `state`: the one resolution the engine, the
    /// store and the explorer share.
    ///
    /// The request walks from the active scope outwards and the first scope that owns the
    /// route presents it:
    ///
    /// 1. each modal layer from the top down, its stack from its top down;
    /// 2. the selected tab's stack from its top down, then the selected tab itself;
    /// 3. the app root;
    /// 4. then each other tab in declaration order, its stack from the top down and then the
    ///    tab: that tab is selected first (which dismisses every modal).
    ///
    /// Presenting from an owner dismisses the modal layers above the owner's layer and pops
    /// the routes above an owning route, then pushes or presents in the route's style. A
    /// high-priority sheet or cover is instead presented above everything, leaving what is up
    /// in place. While a high-priority flow is up (a modal rooted at a high-priority route), a
    /// normal request whose walk would reach below it is dropped. If no scope owns the route,
    /// the request is dropped.
    ///
    /// ```swift
    /// switch ownership.resolve(.article, in: state) {
    /// case .presented(let presentation): print(presentation.owner)   // route("feed")
    /// case .dropped(let drop): print(drop)
    /// }
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of routes on all stacks.
    @_specialize(exported: true, where R == DynamicRoute)
    public func resolve(_ route: R, in state: NavigationState<R>) -> RequestResolution<R> {
        let name = routeName(route)
        guard let declaration = declaration(of: name) else { return .dropped(RequestDrop(route: name, reason: .notOwned)) }
        let owners = declaration.owners
        let barrier = declaration.priority == .normal ? highPriorityLevel(in: state) : nil
        let covers = declaration.priority == .high && declaration.style != .push
        func presented(_ owner: OwnerScope, at location: StackLocation?, routeIndex: Int?, keepingModals keep: Int,
                       selecting tab: TabID?) -> RequestResolution<R> {
            var steps: [NavigationCommand<R>] = []
            if let tab { steps.append(.selectTab(tab)) }
            let stack = location.map { Self.routes(at: $0, in: state) } ?? []
            if !covers {
                if tab == nil { steps += repeatElement(.dismiss, count: state.modals.count - keep) }
                if let routeIndex, routeIndex < stack.count - 1 { steps.append(.popTo(stack[routeIndex])) }
            }
            // An owner's style is never a replace, so the state is not read for it.
            steps.append(declaration.style.presentation.command(showing: route, in: state))
            return .presented(RequestPresentation(route: route, owner: owner, ownerLocation: location, style: declaration.style,
                                                  selectedTab: tab, command: steps.count == 1 ? steps[0] : .sequence(steps)))
        }
        func owningRoute(in routes: [R]) -> Int? {
            routes.indices.last { owners.contains(.route(routeName(routes[$0]))) }
        }
        for level in state.modals.indices.reversed() {
            if let index = owningRoute(in: state.modals[level].stack.routes) {
                return presented(.route(routeName(state.modals[level].stack.routes[index])), at: .modal(level: level),
                                 routeIndex: index, keepingModals: level + 1, selecting: nil)
            }
            if level == barrier {
                let flow = state.modals[level].stack.root.map(routeName) ?? name
                return .dropped(RequestDrop(route: name, reason: .blockedByHighPriorityFlow(flow)))
            }
        }
        let selected = state.tabs[state.selectedTabIndex]
        if let index = owningRoute(in: selected.stack.routes) {
            return presented(.route(routeName(selected.stack.routes[index])), at: .tab(selected.id), routeIndex: index,
                             keepingModals: 0, selecting: nil)
        }
        if owners.contains(.tab(selected.id)) {
            return presented(.tab(selected.id), at: .tab(selected.id), routeIndex: nil, keepingModals: 0, selecting: nil)
        }
        if owners.contains(.app) {
            return presented(.app, at: nil, routeIndex: nil, keepingModals: 0, selecting: nil)
        }
        for (position, tab) in state.tabs.enumerated() where position != state.selectedTabIndex {
            if let index = owningRoute(in: tab.stack.routes) {
                return presented(.route(routeName(tab.stack.routes[index])), at: .tab(tab.id), routeIndex: index,
                                 keepingModals: 0, selecting: tab.id)
            }
            if owners.contains(.tab(tab.id)) {
                return presented(.tab(tab.id), at: .tab(tab.id), routeIndex: nil, keepingModals: 0, selecting: tab.id)
            }
        }
        return .dropped(RequestDrop(route: name, reason: .noVisibleOwner(owners: owners)))
    }

    /// The routes of the stack at `location` in `state`.
    private static func routes(at location: StackLocation, in state: NavigationState<R>) -> [R] {
        switch location {
        case .tab(let id): state.stack(of: id)?.routes ?? []
        case .modal(let level): state.modals.indices.contains(level) ? state.modals[level].stack.routes : []
        }
    }
}
