import NavigationChecker
import NavigationCore
import NavigationGraph

/// Navigation states as sets of assignments of a ``SymbolicLayout``'s variables: the
/// predicates every other part of the symbolic engine is written in (a slot holds a route, a
/// stack is the active one, a stack is so deep), and the way back from one assignment to a
/// ``NavigationState``.
final class SymbolicEncoding<R: Route> {
    let layout: SymbolicLayout
    let diagrams: DecisionDiagrams
    /// The declared sample routes, then the values deep-link plans bring in that are none of
    /// their routes' samples (``SymbolicDeepLinks/extraRoutes``); a route's id is its index + 1
    /// (0 is an empty slot).
    let routes: [R]
    let routeIDs: [R: Int]
    /// The ids of the routes each name stands for (a route with parameters: one per sample).
    let idsByName: [String: [Int]]
    /// The graph's name for a route, for route values in conditions.
    let routeName: @Sendable (R) -> String
    let flagNames: [FlagName]
    let tabIDs: [TabID]
    /// The links that can be parked; a link's number in the pending slot is its index + 1.
    let pendingLinks: [PendingDeepLink]
    /// The state every decoded assignment is written into (it holds the tabs).
    let initialState: NavigationState<R>

    /// Every current-state variable, for counting and for picking one state.
    let currentSet: Diagram
    /// States with nothing in an overflow slot or layer: those the checker stores.
    let withinBounds: Diagram
    /// States whose overflow layer is present (cut by maxModalDepth).
    let pastModalBound: Diagram
    private var activeCache: [SymbolicLayout.Location: Diagram] = [:]
    private var depthCache: [SymbolicLayout.Location: [Diagram]] = [:]

    init(graph: NavigationGraph<R>, initialState: NavigationState<R>, diagrams: DecisionDiagrams, layout: SymbolicLayout,
         pendingLinks: [PendingDeepLink] = [], extraRoutes: [R] = []) {
        precondition(pendingLinks.count == layout.pendingCount, "the layout numbers every link that can park")
        self.layout = layout
        self.pendingLinks = pendingLinks
        self.diagrams = diagrams
        self.initialState = initialState
        routes = graph.routes.flatMap(\.samples) + extraRoutes
        routeName = graph.routeName
        var routeIDs: [R: Int] = [:]
        var idsByName: [String: [Int]] = [:]
        for (index, route) in routes.enumerated() {
            routeIDs[route] = index + 1
            idsByName[graph.routeName(route), default: []].append(index + 1)
        }
        self.routeIDs = routeIDs
        self.idsByName = idsByName
        flagNames = graph.flags.map(\.name)
        tabIDs = initialState.tabIDs
        currentSet = diagrams.set(of: layout.current)
        // Slots and layers fill as prefixes: the first overflow slot of a stack, and the first
        // overflow layer, are empty exactly when every later one is.
        var within = diagrams.true
        for location in layout.locations {
            if case .layer(let layer) = location, layer >= layout.modalBound { continue }
            if case .tabLayer(_, let layer) = location, layer >= layout.modalBound { continue }
            within = within && Self.empty(layout.slot(location, layout.stackBound), diagrams)
        }
        var overflowPresent = !Self.empty(layout.layerSlots[layout.modalBound][0], diagrams)
        if layout.scopesModalsToTabs {
            // More layers shown than the bound: a tab's own and the window's together (a tab's
            // own never pass it alone in a stored state, hidden or shown).
            for tab in 0..<layout.tabCount {
                overflowPresent = overflowPresent || !Self.empty(layout.tabLayerSlots[tab][layout.modalBound][0], diagrams)
                for own in 0...layout.modalBound {
                    let window = layout.modalBound - own
                    guard window < layout.layerCount else { continue }
                    var count = diagrams.cube(Self.bitsLiterals(layout.selected, tab))
                    count = count && (own > 0 ? !Self.empty(layout.tabLayerSlots[tab][own - 1][0], diagrams) : diagrams.true)
                        && Self.empty(layout.tabLayerSlots[tab][own][0], diagrams)
                    overflowPresent = overflowPresent || (count && !Self.empty(layout.layerSlots[window][0], diagrams))
                }
            }
        }
        pastModalBound = overflowPresent
        withinBounds = within.without(overflowPresent)
    }

    /// The literals of `bits` holding `value` (for building before `self` is whole).
    private static func bitsLiterals(_ bits: [Int], _ value: Int) -> [(variable: Int, value: Bool)] {
        bits.enumerated().map { position, variable in (variable, (value >> (bits.count - 1 - position)) & 1 == 1) }
    }

    private static func empty(_ bits: [Int], _ diagrams: DecisionDiagrams) -> Diagram {
        diagrams.cube(bits.map { ($0, false) })
    }

    // MARK: Values

    /// `bits` (most significant first) holding `value`, over the current variables or their
    /// next-state copies.
    func bits(_ bits: [Int], equal value: Int, next: Bool = false) -> Diagram {
        diagrams.cube(assignment(bits, value, next: next))
    }

    /// The literals of `bits` holding `value`.
    func assignment(_ bits: [Int], _ value: Int, next: Bool = false) -> [(variable: Int, value: Bool)] {
        bits.enumerated().map { position, variable in
            (variable + (next ? 1 : 0), (value >> (bits.count - 1 - position)) & 1 == 1)
        }
    }

    /// The slot (0-based) of `location` holding one of `ids`.
    func slot(_ location: SymbolicLayout.Location, _ slot: Int, in ids: [Int]) -> Diagram {
        var result = diagrams.false
        for id in ids { result = result || bits(layout.slot(location, slot), equal: id) }
        return result
    }

    func slotEmpty(_ location: SymbolicLayout.Location, _ slot: Int) -> Diagram {
        bits(layout.slot(location, slot), equal: 0)
    }

    func layerPresent(_ layer: Int) -> Diagram { !slotEmpty(.layer(layer), 0) }

    /// The layer at `location` (a window's or a tab's own) is presented.
    func present(_ location: SymbolicLayout.Location) -> Diagram { !slotEmpty(location, 0) }

    /// The style bits of the layer at `location` hold the code of one of `styles`.
    func style(of location: SymbolicLayout.Location, in styles: [ModalStyle]) -> Diagram {
        var result = diagrams.false
        for style in styles { result = result || bits(layout.style(location), equal: style.code) }
        return result
    }

    /// Tab `tab` has exactly `count` layers of its own (0…layerCount), shown or hidden.
    func ownLayerCount(_ tab: Int, is count: Int) -> Diagram {
        var holds = count > 0 ? present(.tabLayer(tab, count - 1)) : diagrams.true
        for layer in count..<layout.layerCount { holds = holds && !present(.tabLayer(tab, layer)) }
        return holds
    }

    /// The window has exactly `count` layers (0…layerCount).
    func windowLayerCount(is count: Int) -> Diagram {
        var holds = count > 0 ? layerPresent(count - 1) : diagrams.true
        for layer in count..<layout.layerCount { holds = holds && !layerPresent(layer) }
        return holds
    }

    /// The layers shown: the selected tab's own (with tab-scoped modals), then the window's.
    var shownLayers: [(selected: Int?, location: SymbolicLayout.Location)] {
        let own: [(selected: Int?, location: SymbolicLayout.Location)] = layout.scopesModalsToTabs
            ? (0..<layout.tabCount).flatMap { tab in (0..<layout.layerCount).map { (tab, SymbolicLayout.Location.tabLayer(tab, $0)) } } : []
        return own + (0..<layout.layerCount).map { (nil, .layer($0)) }
    }

    /// The layer at `location` is shown and presented: a window layer, or a layer of the selected tab's own.
    func shown(_ entry: (selected: Int?, location: SymbolicLayout.Location)) -> Diagram {
        (entry.selected.map { selected($0) } ?? diagrams.true) && present(entry.location)
    }

    /// Layer `layer`'s style bits holding the code of one of `styles`.
    func layerStyle(_ layer: Int, in styles: [ModalStyle]) -> Diagram {
        var result = diagrams.false
        for style in styles { result = result || bits(layout.layerStyle[layer], equal: style.code) }
        return result
    }

    func selected(_ tab: Int) -> Diagram { bits(layout.selected, equal: tab) }

    func flag(_ index: Int) -> Diagram { diagrams.variable(layout.flags[index]) }

    /// The pending slot holds link number `number` (0: no link is pending).
    func pending(_ number: Int) -> Diagram { bits(layout.pending, equal: number) }

    /// The stack at `location` is the active one: the selected tab's with no modal presented,
    /// or the topmost layer's.
    ///
    /// Like ``depth(_:is:)``, this asks every layer above to be absent, not only the next one:
    /// then exactly one context holds for *any* assignment, reachable or not. With "the next
    /// one absent" alone, an assignment with gaps matched several contexts, a part merging the
    /// contexts' pieces (presenting a sheet from any depth) had to carry every candidate
    /// target at once, and its diagram grew threefold per depth level (millions of nodes at
    /// depth 10).
    func isActive(_ location: SymbolicLayout.Location) -> Diagram {
        if let known = activeCache[location] { return known }
        let first: Int
        var active: Diagram
        switch location {
        case .tab(let tab):
            active = selected(tab)
            first = 0
            if layout.scopesModalsToTabs { active = active && !present(.tabLayer(tab, 0)) }
        case .layer(let layer):
            active = layerPresent(layer)
            first = layer + 1
        case .tabLayer(let tab, let layer):
            // The tab's topmost own layer, with no window layer above it.
            active = selected(tab) && present(location)
            for later in (layer + 1)..<layout.layerCount { active = active && !present(.tabLayer(tab, later)) }
            first = 0
        }
        for layer in first..<layout.layerCount { active = active && !layerPresent(layer) }
        activeCache[location] = active
        return active
    }

    /// The stack at `location` is `depth` routes deep (1…slotCount): its slot `depth` is the
    /// last that is not empty (every slot after it empty, so one depth holds for any
    /// assignment; see ``isActive(_:)``).
    func depth(_ location: SymbolicLayout.Location, is depth: Int) -> Diagram {
        if depthCache[location] == nil {
            var emptyFrom = [diagrams.true]  // emptyFrom[k]: slots k… are empty, built from the end
            for slot in stride(from: layout.slotCount - 1, through: 0, by: -1) {
                emptyFrom.insert(slotEmpty(location, slot) && emptyFrom[0], at: 0)
            }
            depthCache[location] = (1...layout.slotCount).map { depth in
                !slotEmpty(location, depth - 1) && emptyFrom[depth]
            }
        }
        return depthCache[location]?[depth - 1] ?? diagrams.false
    }

    /// How many modal layers are presented: exactly `count` (0…layerCount).
    /// (As in ``isActive(_:)``: every layer from `count` on absent.)
    func layerCount(is count: Int) -> Diagram {
        guard layout.scopesModalsToTabs else { return windowLayerCount(is: count) }
        // The selected tab's own and the window's, together.
        var holds = diagrams.false
        for tab in 0..<layout.tabCount {
            for own in 0...min(count, layout.layerCount) where count - own <= layout.layerCount {
                holds = holds || (selected(tab) && ownLayerCount(tab, is: own) && windowLayerCount(is: count - own))
            }
        }
        return holds
    }

    // MARK: States

    /// The assignment of `state`, which must hold only declared routes and fit the layout.
    func encode(_ state: NavigationState<R>) -> Diagram? {
        var literals = assignment(layout.selected, state.selectedTabIndex)
        for (index, name) in flagNames.enumerated() { literals.append((layout.flags[index], state.flags.contains(name))) }
        if let link = state.pendingDeepLink {
            guard let index = pendingLinks.firstIndex(of: link) else { return nil }
            literals += assignment(layout.pending, index + 1)
        } else {
            literals += assignment(layout.pending, 0)
        }
        // The window's layers: those shown above the selected tab's own.
        let window = Array(state.modals.dropFirst(state.selectedTabModalCount))
        for layer in 0..<layout.layerCount {
            let modal = window.indices.contains(layer) ? window[layer] : nil
            literals += assignment(layout.layerStyle[layer], modal?.style.code ?? 0)
            guard let rows = slotValues(modal?.stack.routes ?? []) else { return nil }
            for (slot, id) in rows.enumerated() { literals += assignment(layout.layerSlots[layer][slot], id) }
        }
        for tab in 0..<layout.tabCount {
            guard let rows = slotValues(state.tabs[tab].stack.routes) else { return nil }
            for (slot, id) in rows.enumerated() { literals += assignment(layout.tabSlots[tab][slot], id) }
            guard layout.scopesModalsToTabs else { continue }
            let own = tab == state.selectedTabIndex ? Array(state.modals.prefix(state.selectedTabModalCount)) : state.hiddenModals(of: state.tabs[tab].id)
            for layer in 0..<layout.layerCount {
                let modal = own.indices.contains(layer) ? own[layer] : nil
                literals += assignment(layout.tabLayerStyle[tab][layer], modal?.style.code ?? 0)
                guard let rows = slotValues(modal?.stack.routes ?? []) else { return nil }
                for (slot, id) in rows.enumerated() { literals += assignment(layout.tabLayerSlots[tab][layer][slot], id) }
            }
        }
        return diagrams.cube(literals)
    }

    private func slotValues(_ routes: [R]) -> [Int]? {
        guard routes.count <= layout.slotCount else { return nil }
        var values: [Int] = []
        for route in routes {
            guard let id = routeIDs[route] else { return nil }
            values.append(id)
        }
        return values + Array(repeating: 0, count: layout.slotCount - routes.count)
    }

    /// One state of `set` (which must not be empty), as a diagram of that state alone and as
    /// the runtime's value.
    func pick(_ set: Diagram) -> (diagram: Diagram, state: NavigationState<R>)? {
        guard let values = set.oneAssignment(over: currentSet) else { return nil }
        let single = diagrams.cube(layout.current.map { ($0, values[$0] ?? false) })
        return (single, decode(values))
    }

    /// The state an assignment of the current variables stands for.
    func decode(_ values: [Int: Bool]) -> NavigationState<R> {
        func number(_ bits: [Int]) -> Int { bits.reduce(0) { $0 << 1 | ((values[$1] ?? false) ? 1 : 0) } }
        func stack(_ slots: [[Int]]) -> [R] {
            slots.map(number).prefix { $0 != 0 }.compactMap { routes.indices.contains($0 - 1) ? routes[$0 - 1] : nil }
        }
        var state = initialState
        state.restoreSelectedTabIndex(min(number(layout.selected), state.tabs.count - 1))
        state.restoreFlags(FlagSet(flagNames.indices.filter { values[layout.flags[$0]] ?? false }.map { flagNames[$0] }))
        let pending = number(layout.pending)
        state.restorePendingDeepLink(pendingLinks.indices.contains(pending - 1) ? pendingLinks[pending - 1] : nil)
        for tab in 0..<layout.tabCount {
            let routes = stack(layout.tabSlots[tab])
            state.withRoutes(ofTab: tab) { $0 = routes }
        }
        state.keepModals(0)
        /// The layers of a block (the window's, or a tab's own), lowest first.
        func layers(_ styles: [[Int]], _ slots: [[[Int]]]) -> [ModalLayer<R>] {
            var result: [ModalLayer<R>] = []
            for layer in 0..<layout.layerCount {
                let routes = stack(slots[layer])
                guard !routes.isEmpty else { break }
                // Only codes of styles are ever encoded; the first style stands in for any other.
                let style = ModalStyle(code: number(styles[layer])) ?? ModalStyle.allCases[0]
                result.append(ModalLayer(style: style, stack: RouteStack(routes)))
            }
            return result
        }
        var own: [ModalLayer<R>] = []
        var hidden: [[ModalLayer<R>]] = []
        if layout.scopesModalsToTabs {
            for tab in 0..<layout.tabCount {
                let block = layers(layout.tabLayerStyle[tab], layout.tabLayerSlots[tab])
                if tab == state.selectedTabIndex { own = block; hidden.append([]) } else { hidden.append(block) }
            }
        }
        for (level, modal) in (own + layers(layout.layerStyle, layout.layerSlots)).enumerated() {
            state.withRoutes(ofModal: level, style: modal.style, providesNavigation: true) { $0 = modal.stack.routes }
        }
        state.restoreTabModals(selectedCount: own.count, hidden: hidden.contains { !$0.isEmpty } ? hidden : [])
        return state
    }
}
