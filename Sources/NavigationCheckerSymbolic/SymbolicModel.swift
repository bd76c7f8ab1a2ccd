import NavigationChecker
import NavigationCore
import NavigationGraph

/// The graph's steps as decision diagrams, with the meaning ``GraphModel`` gives them through
/// NavigationCore's engine and the graph's guard middleware: for every action the states where
/// it is enabled, and what each command writes in each *context* (which stack is active and
/// how deep it is: the engine's commands act on the active stack's top).
///
/// Actions of one command (transitions, Back, swiping a sheet away, selecting a tab, events
/// that only set flags) go into one partitioned relation, ``global``. An event that also
/// navigates runs its commands one after another on the state the previous one left, so it
/// keeps its own sequence of steps (``EventFacts/steps``); a command that fails or is cancelled
/// leaves the state as it was, as the runtime does.
final class SymbolicModel<R: Route> {
    /// Where the active stack is and how deep it is.
    struct Context {
        let location: SymbolicLayout.Location
        let depth: Int
        let diagram: Diagram
        /// The window's modal layers presented (the active layer's included, when it is one).
        let layers: Int
        /// Whether a stored state can be in this context (nothing in an overflow slot or layer).
        let stored: Bool
        /// With tab-scoped modals: the selected tab, and how many layers of its own are shown
        /// (below the window's); `nil` and 0 otherwise.
        var tab: Int? = nil
        var ownLayers = 0
    }

    /// A single command on the active stack (or on the modal layers).
    enum Command: Equatable {
        case push(Int)
        case present(Int, ModalStyle)
        case replace(Int)
        case pop, popToRoot, dismiss, dismissAll
    }

    /// A route's entry guard: where it holds (judged on the state a command would produce) and
    /// where it redirects when it does not.
    struct EntryGuard {
        let condition: Diagram
        let redirect: (id: Int, style: TransitionStyle)?
    }

    /// A declared transition, judged against the reachable states: how often it was applied,
    /// whether it was taken, what the depth bounds cut, where its redirects never settle.
    struct TransitionFacts {
        /// Reachable states × target samples where it is offered (its source route on top and
        /// its condition true): the actions the explicit engine applies.
        var applied: Double = 0
        /// Whether it succeeds into a different state within the bounds from a reachable state.
        var taken = false
        /// Successors from reachable states cut by the stack or the modal bound.
        var cutByStack: Double = 0
        var cutByModal: Double = 0
        /// Per sample: the reachable states where a guard redirect never settles.
        var redirectFailure: [Diagram] = []
    }

    /// A declared event: where it is enabled, and its steps when it navigates.
    struct EventFacts {
        let enabled: Diagram
        /// The flag changes then each navigation command; `nil` when the event only sets flags
        /// (then it is part of ``SymbolicModel/global``).
        let steps: [SymbolicStep]?
    }

    let graph: NavigationGraph<R>
    let encoding: SymbolicEncoding<R>
    let contexts: [Context]
    let guards: [Int: EntryGuard]
    let maxRedirects: Int
    /// Whom each presented route belongs to (`ModalScope`), as the runtime's rules say.
    let modalScopes: ModalScopeRules<R>
    private(set) var events: [EventFacts] = []
    /// The deep-link actions whose plans run as transactions of several commands.
    private(set) var linkTransactions: [LinkTransaction] = []
    /// The graph's deep links, as the engine models them.
    let links: SymbolicDeepLinks<R>
    /// Every single-command action's in-bounds steps, partitioned by what they write.
    private(set) var global: SymbolicRelation
    /// The pieces of ``global`` that are user actions (declared transitions, Back, swiping a
    /// sheet away, selecting a tab), apart from events and deep links: tap distances search
    /// them alone (see `SymbolicSearch+TapDistances.swift`).
    private(set) var userPieces: [SymbolicPiece] = []
    /// The variables written by each piece of ``global`` that is not a user action (deep links
    /// that commit in one write, flag-only events): a part of ``global`` writing other
    /// variables holds user actions alone, and tap distances reuse it.
    private(set) var nonUserWrites: Set<[Int]> = []
    /// Where Back is enabled (the active stack deeper than its root).
    let backEnabled: Diagram
    /// Where swiping a sheet away is enabled (the topmost layer is a sheet).
    let dismissEnabled: Diagram
    /// Where the user can tap the tab bar, so select a tab.
    let tabBarTappable: Diagram
    /// Per tab, where the tab bar shows it; empty when every tab is always shown (then no step
    /// moves the selection). See ``settled(_:)``.
    let tabShown: [Diagram]
    /// The tab the selection moves to when the selected one stops being shown, if it is shown.
    let fallbackTab: Int?
    /// Whether the selection moves off a tab that stops being shown (`hiddenSelection:
    /// fallback`); under `stay` no piece is settled.
    let settlesSelection: Bool
    /// Per tab, what re-selecting it does to its stack.
    let reselections: [TabReselection]
    /// Whether a tab's condition reads the selected tab: then a reachable state may be left
    /// unsettled, and every command's piece is settled.
    let tabConditionsReadSelection: Bool
    /// The flag and selection variables, when the tab conditions read nothing else (then a
    /// piece that writes none of them needs no settling); `nil` when they read the navigation.
    let tabConditionVariables: Set<Int>?

    init(graph: NavigationGraph<R>, encoding: SymbolicEncoding<R>, links: SymbolicDeepLinks<R>) {
        self.graph = graph
        self.links = links
        self.encoding = encoding
        let layout = encoding.layout
        let diagrams = encoding.diagrams
        var contexts: [Context] = []
        for location in layout.locations {
            for depth in 1...layout.slotCount {
                let overflowLayer: Bool = if case .layer(let layer) = location { layer >= layout.modalBound } else { false }
                let active = encoding.isActive(location) && encoding.depth(location, is: depth)
                let layers = layout.layersPresent(whenActive: location)
                guard layout.scopesModalsToTabs else {
                    contexts.append(Context(location: location, depth: depth, diagram: active, layers: layers,
                                            stored: depth <= layout.stackBound && !overflowLayer))
                    continue
                }
                // With tab-scoped modals a context also knows the selected tab and how many of
                // its own layers are shown (under a window layer: split by both).
                switch location {
                case .tab(let tab):
                    contexts.append(Context(location: location, depth: depth, diagram: active, layers: 0,
                                            stored: depth <= layout.stackBound, tab: tab, ownLayers: 0))
                case .tabLayer(let tab, let layer):
                    contexts.append(Context(location: location, depth: depth, diagram: active, layers: 0,
                                            stored: depth <= layout.stackBound && layer < layout.modalBound, tab: tab, ownLayers: layer + 1))
                case .layer:
                    for tab in 0..<layout.tabCount {
                        for own in 0...layout.layerCount {
                            let diagram = active && encoding.selected(tab) && encoding.ownLayerCount(tab, is: own)
                            guard !diagram.isFalse else { continue }
                            contexts.append(Context(location: location, depth: depth, diagram: diagram, layers: layers,
                                                    stored: depth <= layout.stackBound && layers + own <= layout.modalBound, tab: tab, ownLayers: own))
                        }
                    }
                }
            }
        }
        self.contexts = contexts
        modalScopes = graph.makeModalScopeRules()
        var guards: [Int: EntryGuard] = [:]
        for route in graph.routes {
            guard let entryGuard = route.entryGuard else { continue }
            var redirect: (id: Int, style: TransitionStyle)?
            if case .redirect(_, let style) = entryGuard.otherwise, let destination = graph.redirectDestination(of: entryGuard),
               let id = encoding.routeIDs[destination] {
                redirect = (id, style)
            }
            let condition = encoding.compile(entryGuard.condition)
            for sample in route.samples { if let id = encoding.routeIDs[sample] { guards[id] = EntryGuard(condition: condition, redirect: redirect) } }
            // A value only a deep link brings in is guarded by its route's name, as the guard middleware judges it.
            for extra in links.extraRoutes where graph.routeName(extra) == route.name {
                if let id = encoding.routeIDs[extra] { guards[id] = EntryGuard(condition: condition, redirect: redirect) }
            }
        }
        self.guards = guards
        maxRedirects = graph.makeExecutor().maxRedirects
        backEnabled = contexts.filter { $0.depth > 1 }.reduce(diagrams.false) { $0 || $1.diagram }
        var dismissEnabled = diagrams.false
        for layer in 0..<layout.layerCount { dismissEnabled = dismissEnabled || (encoding.isActive(.layer(layer)) && encoding.layerStyle(layer, in: Self.swipeDismissable)) }
        for entry in encoding.shownLayers where entry.selected != nil {
            dismissEnabled = dismissEnabled || (encoding.isActive(entry.location) && encoding.style(of: entry.location, in: Self.swipeDismissable))
        }
        self.dismissEnabled = dismissEnabled
        tabBarTappable = Self.tabBarTappable(graph.tabBar.tappableUnder, encoding)
        tabShown = graph.tabs.contains { $0.condition != nil } ? graph.tabs.map { encoding.compile($0.condition) } : []
        fallbackTab = graph.tabBar.fallback.flatMap { encoding.tabIDs.firstIndex(of: $0) }
        settlesSelection = graph.tabBar.hiddenSelection == .fallback
        let tabBarRules = graph.makeTabBarRules()
        reselections = encoding.tabIDs.map { tabBarRules.reselection(of: $0) }
        tabConditionsReadSelection = graph.tabs.contains { $0.condition?.expression?.readsSelectedTab ?? false }
        tabConditionVariables = graph.tabs.contains { $0.condition?.expression?.readsNavigation ?? false }
            ? nil : Set(layout.flags + layout.selected)
        global = SymbolicRelation([], diagrams)
        global = SymbolicRelation(buildGlobalPieces(), diagrams)
    }

    /// The route values with an entry guard: the guarded routes' samples and the values deep
    /// links bring in (`extras`) of a guarded route's name.
    static func guardedRoutes(of graph: NavigationGraph<R>, extras: [R]) -> Set<R> {
        let names = Set(graph.routes.filter { $0.entryGuard != nil }.map(\.name))
        return Set(graph.routes.filter { $0.entryGuard != nil }.flatMap(\.samples) + extras.filter { names.contains(graph.routeName($0)) })
    }

    // MARK: Building

    private func buildGlobalPieces() -> [SymbolicPiece] {
        let diagrams = encoding.diagrams
        let layout = encoding.layout
        let stored = contexts.filter(\.stored)
        var pieces: [SymbolicPiece] = []
        forEachTransitionStep { _, _, piece, _ in
            if let piece, piece.effect.cut == nil { pieces += settled(piece) }
        }
        // Stopped by a budget: the relation would be meaningless, and building it takes seconds.
        if diagrams.isStopped { return [] }
        // System Back and swiping a sheet away: never guarded, never past a bound.
        for context in stored where context.depth > 1 {
            if let effect = effect(of: .pop, in: context) { pieces += settled(SymbolicPiece(domain: context.diagram, effect: effect)) }
        }
        for layer in 0..<layout.modalBound {
            let domain = encoding.isActive(.layer(layer)) && encoding.layerStyle(layer, in: Self.swipeDismissable)
            pieces += settled(SymbolicPiece(domain: domain, effect: SymbolicEffect(clearing: layout.layerVariables(layer))))
        }
        for case (_?, let location) in encoding.shownLayers {
            guard case .tabLayer(_, let layer) = location, layer < layout.modalBound else { continue }
            let domain = encoding.isActive(location) && encoding.style(of: location, in: Self.swipeDismissable)
            pieces += settled(SymbolicPiece(domain: domain, effect: SymbolicEffect(clearing: layout.variables(ofLayer: location))))
        }
        if !graph.tabs.isEmpty {
            for tab in 0..<layout.tabCount { pieces += selecting(tab, tapped: true).flatMap(settled) }
        }
        // Every piece so far is a user action; links and events follow.
        userPieces = pieces
        // Deep links: parking, and the plans that commit in one write; the other plans run as
        // transactions of their own.
        let links = linkSteps()
        pieces += links.pieces.flatMap(settled)
        linkTransactions = links.transactions
        // Events: the flag changes, then the navigation commands one after another.
        for event in graph.events {
            let enabled = encoding.compile(event.precondition)
            if event.navigation.isEmpty {
                pieces += flagPieces(event, where: enabled)
                events.append(EventFacts(enabled: enabled, steps: nil))
                continue
            }
            var steps = [SymbolicStep(relation: SymbolicRelation(flagPieces(event, where: diagrams.true), diagrams),
                                      redirectFailure: diagrams.false)]
            for (index, navigation) in event.navigation.enumerated() {
                if let step = step(for: navigation, destination: graph.destination(ofStep: index, in: event)) { steps.append(step) }
            }
            events.append(EventFacts(enabled: enabled, steps: steps))
        }
        nonUserWrites = Set(pieces[userPieces.count...].map(\.effect.changed))
        return pieces
    }

    /// Calls `body` with every step of every declared transition from every stored context:
    /// the transition's index, the target sample, a piece (the command that runs after the
    /// guards, `nil` when cancelled or failing) and where the redirects never settle. Run once
    /// to build the relation and once against the reachable states, so that nothing per
    /// transition is kept in between (per-transition diagrams over every context added up to
    /// millions of nodes on a five-tab app).
    func forEachTransitionStep(_ body: (Int, Int, SymbolicPiece?, Diagram) -> Void) {
        let stored = contexts.filter(\.stored)
        var atSource: [String: [Diagram]] = [:]
        for (index, transition) in graph.transitions.enumerated() {
            // A budget that passed ends the walk: with 10,000 transitions it ran on for a
            // minute after the time limit (the caller's checkpoint throws).
            if encoding.diagrams.isStopped { return }
            let targets = graph.targets(of: transition).compactMap { encoding.routeIDs[$0] }
            guard !targets.isEmpty else { continue }
            if atSource[transition.from] == nil {
                let sources = encoding.idsByName[transition.from] ?? []
                atSource[transition.from] = stored.map { $0.diagram && encoding.slot($0.location, $0.depth - 1, in: sources) }
            }
            let condition = encoding.compile(transition.condition)
            for (position, context) in stored.enumerated() {
                if encoding.diagrams.isStopped { return }
                let domain = (atSource[transition.from]?[position] ?? encoding.diagrams.false) && condition
                guard !domain.isFalse else { continue }
                for (sample, target) in targets.enumerated() {
                    let chain = guarded(target, transition.style, in: context, domain: domain)
                    if chain.pieces.isEmpty { body(index, sample, nil, chain.redirectFailure) }
                    for piece in chain.pieces { body(index, sample, piece, chain.redirectFailure) }
                }
            }
        }
    }

    /// Every declared transition judged against `reached`, counting states with `count`.
    ///
    /// Each transition's pieces (one per stored context and sample) are gathered over every
    /// encoded state first, and conjoined with `reached` once per transition and sample, not
    /// once per piece: `A ∧ R ∨ B ∧ R` is `(A ∨ B) ∧ R`, and each conjunction with the
    /// reachable set walks it, where the pieces are small. With tab-scoped modals there are
    /// dozens of contexts (each tab's depths and own layers), and conjoining every piece was
    /// most of the judging (Benchmarks/README.md, issue 30).
    /// `meets` says whether a set meets `reached` (by default, conjoined with it).
    func transitionFacts(within reached: Diagram, count: (Diagram) -> Double, meets: ((Diagram) -> Bool)? = nil) -> [TransitionFacts] {
        let diagrams = encoding.diagrams
        var facts = graph.transitions.map { transition in
            TransitionFacts(redirectFailure: graph.targets(of: transition).map { _ in diagrams.false })
        }
        // Per transition and sample: one successor per state and sample, so samples add up.
        var cutByStack = facts.map { $0.redirectFailure.map { _ in diagrams.false } }
        var cutByModal = cutByStack
        // Per transition, the states where a piece that is not cut changes the state: the
        // pieces' domains gathered and joined pairwise after the walk (joined one by one into
        // a growing set, each piece cost time in that set's size; a transition of the router
        // pattern has hundreds of pieces with tab-scoped modals).
        var changingTerms = graph.transitions.map { _ in [Diagram]() }
        forEachTransitionStep { index, sample, piece, redirectFailure in
            if !redirectFailure.isFalse { facts[index].redirectFailure[sample] = facts[index].redirectFailure[sample] || redirectFailure }
            guard let piece else { return }
            switch piece.effect.cut {
            case .maxStackDepth?: cutByStack[index][sample] = cutByStack[index][sample] || piece.domain
            case .maxModalDepth?, .maxStates?: cutByModal[index][sample] = cutByModal[index][sample] || piece.domain
            case nil:
                guard piece.effect.unchangedWhere != nil else {
                    changingTerms[index].append(piece.domain)
                    return
                }
                // A replace by the route on top changes the state only where settling then moves
                // the selection (a tab condition that reads the selected tab can leave a reachable
                // state unsettled): judged on the settled pieces, as the relation has them.
                for settledPiece in settled(piece) {
                    changingTerms[index].append(settledPiece.effect.unchangedWhere.map { settledPiece.domain.without($0) } ?? settledPiece.domain)
                }
            }
        }
        let changing = changingTerms.map { SymbolicRelation.disjunction($0, diagrams) }
        for (index, transition) in graph.transitions.enumerated() {
            if diagrams.isStopped { break }
            facts[index].redirectFailure = facts[index].redirectFailure.map { $0 && reached }
            facts[index].taken = meets.map { $0(changing[index]) } ?? !(changing[index] && reached).isFalse
            let samples = graph.targets(of: transition).count
            let offered = encoding.top(in: encoding.idsByName[transition.from] ?? []) && encoding.compile(transition.condition)
            facts[index].applied = samples == 0 ? 0 : Double(samples) * count(offered)
            facts[index].cutByStack = cutByStack[index].reduce(0) { $0 + ($1.isFalse ? 0 : count($1)) }
            facts[index].cutByModal = cutByModal[index].reduce(0) { $0 + ($1.isFalse ? 0 : count($1)) }
        }
        return facts
    }

    /// The flags an event sets and clears (the last change of a flag wins, as in order).
    func flagEffect(_ event: EventDeclaration<R>) -> SymbolicEffect {
        var values: [Int: Bool] = [:]
        for change in event.flagChanges {
            guard let index = encoding.flagNames.firstIndex(of: change.flag) else { continue }
            values[encoding.layout.flags[index]] = change.value
        }
        return SymbolicEffect(values.map { ($0.key, $0.value) })
    }

    /// One navigation command of an event, in every context (the event's earlier commands may
    /// have left a state past a bound, which only the final state is cut for).
    /// `destination` is the route a `.go` step brings in (its written value or first sample).
    private func step(for navigation: EventNavigationStep, destination: R?) -> SymbolicStep? {
        let diagrams = encoding.diagrams
        var pieces: [SymbolicPiece] = []
        var redirectFailure = diagrams.false
        var refused = diagrams.false
        switch navigation {
        case .selectTab(let tab):
            guard let index = encoding.tabIDs.firstIndex(of: tab) else { return nil }
            pieces = selecting(index, tapped: false)
            refused = !shown(index)
        case .resetTabs(let tabs):
            // Every tab's stack (or each named one's) back to its root, and its own modal
            // layers cleared, in every state: the root is always a valid stack. The window's
            // layers stay.
            let layout = encoding.layout
            var indices: [Int] = []
            if let tabs {
                for tab in tabs {
                    guard let index = encoding.tabIDs.firstIndex(of: tab) else { return nil }
                    if !indices.contains(index) { indices.append(index) }
                }
            } else {
                indices = Array(0..<layout.tabCount)
            }
            let cleared = indices.flatMap { tab in (1..<layout.slotCount).flatMap { layout.slot(.tab(tab), $0) } + layout.ownLayerVariables(ofTab: tab) }
            pieces = [SymbolicPiece(domain: diagrams.true, effect: SymbolicEffect(cleared.map { ($0, false) }))]
        case .go(_, let style):
            guard let route = destination, let id = encoding.routeIDs[route] else { return nil }
            for context in contexts {
                let chain = guarded(id, style, in: context, domain: context.diagram)
                pieces += chain.pieces
                redirectFailure = redirectFailure || chain.redirectFailure
                // Where the engine takes the command and no piece runs, and the redirects do not
                // loop, a guard cancelled it (the first command's or a redirect's).
                if effect(of: Self.command(id, style), in: context) != nil {
                    let ran = chain.pieces.reduce(diagrams.false) { $0 || $1.domain }
                    refused = refused || context.diagram.without(ran).without(chain.redirectFailure)
                }
            }
        case .back, .popToRoot, .dismiss, .dismissAll:
            let command: Command = switch navigation {
            case .back: .pop
            case .popToRoot: .popToRoot
            case .dismiss: .dismiss
            default: .dismissAll
            }
            for context in contexts {
                if let effect = effect(of: command, in: context) { pieces.append(SymbolicPiece(domain: context.diagram, effect: effect)) }
            }
        }
        return SymbolicStep(relation: SymbolicRelation(pieces.flatMap(settled), diagrams), redirectFailure: redirectFailure,
                            refused: refused.isFalse ? nil : refused)
    }

    /// Where the user can tap the tab bar: every presented layer has a style the tab bar stays
    /// tappable under (`TabBarRules.tappableUnder`; none by default, as on an iPhone).
    private static func tabBarTappable(_ under: [ModalStyle], _ encoding: SymbolicEncoding<R>) -> Diagram {
        var tappable = encoding.diagrams.true
        for layer in 0..<encoding.layout.layerCount {
            tappable = tappable && (!encoding.layerPresent(layer) || encoding.layerStyle(layer, in: under))
        }
        // The selected tab's own layers are shown too; another tab's are hidden.
        for entry in encoding.shownLayers where entry.selected != nil {
            tappable = tappable && (!encoding.shown(entry) || encoding.style(of: entry.location, in: under))
        }
        return tappable
    }

    /// The styles the user can swipe away: where the engine offers swiping the top layer away.
    private static var swipeDismissable: [ModalStyle] { ModalStyle.allCases.filter(\.isSwipeDismissable) }

    /// Selecting tab `tab`: another tab is selected and every modal dismissed; the selected
    /// tab is popped to its root (unless the tab bar keeps it: `reselect: keep`) and every modal
    /// dismissed. The user's tap (`tapped`) only
    /// where the tab bar can be tapped (`TabBarRules.tappableUnder`); an event's step anywhere.
    /// Either only where the tab bar shows the tab (the engine refuses a hidden one). The
    /// pieces are not settled (see ``settled(_:)``).
    func selecting(_ tab: Int, tapped: Bool) -> [SymbolicPiece] {
        let layout = encoding.layout
        let modals = (0..<layout.layerCount).flatMap { layout.layerVariables($0) }
        let tappable = (tapped ? tabBarTappable : encoding.diagrams.true) && shown(tab)
        var pieces: [SymbolicPiece] = []
        for current in 0..<layout.tabCount {
            let written: [(variable: Int, value: Bool)]
            if current == tab {
                // Re-selecting dismisses what is shown (the tab's own layers too), and pops
                // unless the tab bar keeps the tab (`reselect: keep`).
                let popped = reselections[tab] == .popToRoot ? layout.tabSlots[tab].dropFirst().flatMap { $0 } : []
                written = (modals + layout.ownLayerVariables(ofTab: tab) + popped).map { ($0, false) }
            } else {
                written = encoding.assignment(layout.selected, tab) + modals.map { ($0, false) }
            }
            pieces.append(SymbolicPiece(domain: encoding.selected(current) && tappable, effect: SymbolicEffect(written)))
        }
        return pieces
    }

    /// What the guard middleware and the engine make of a transition (or an event's `go`) to
    /// route `id` with `style` in `context`, from the states of `domain`: the executor's chain
    /// of redirects, each judged on the state its command would produce from the original
    /// state, ended by a guard that holds (the command runs), a guard without a redirect
    /// (cancelled: no piece), a command met before (a loop) or more redirects than the
    /// executor allows (both failures: no piece, recorded).
    func guarded(_ id: Int, _ style: TransitionStyle, in context: Context, domain: Diagram)
        -> (pieces: [SymbolicPiece], redirectFailure: Diagram) {
        guardedChain(effect(of: Self.command(id, style), in: context), bringing: id, asked: (id, style), in: context, domain: domain)
    }

    /// The same for a command asked with `effect` (`nil`: the engine refuses it) that brings
    /// route `id` on top; `asked` is the command as a redirect would name it, `nil` for one no
    /// redirect can name (a deep-link plan's replace of a whole stack, or its pushes).
    /// `redirectsIn` is the context a redirect's command runs in when it is not `context`: a
    /// push under the modals (`underModals: keep`) writes the tab's stack, and its redirect runs
    /// on the active stack, the topmost layer's.
    func guardedChain(_ effect: SymbolicEffect?, bringing id: Int, asked: (id: Int, style: TransitionStyle)?, in context: Context,
                      domain: Diagram, redirectsIn: Context? = nil) -> (pieces: [SymbolicPiece], redirectFailure: Diagram) {
        let diagrams = encoding.diagrams
        var pieces: [SymbolicPiece] = []
        var redirectFailure = diagrams.false
        var remaining = domain && context.diagram
        var current = (effect: effect, id: id)
        // The commands asked so far, as the executor counts them (the first one included).
        var chain: [(id: Int, style: TransitionStyle)?] = [asked]
        while !remaining.isFalse {
            guard let effect = current.effect else { break }
            guard let entryGuard = guards[current.id] else {
                pieces.append(SymbolicPiece(domain: remaining, effect: effect))
                break
            }
            let holds = entryGuard.condition.restricted(to: diagrams.cube(effect.values))
            pieces.append(SymbolicPiece(domain: remaining && holds, effect: effect))
            let failing = remaining.without(holds)
            guard let redirect = entryGuard.redirect else { break }
            if chain.contains(where: { $0?.id == redirect.id && $0?.style == redirect.style }) {
                redirectFailure = redirectFailure || failing
                break
            }
            chain.append(redirect)
            if chain.count - 1 > maxRedirects {
                redirectFailure = redirectFailure || failing
                break
            }
            remaining = failing
            current = (self.effect(of: Self.command(redirect.id, redirect.style), in: redirectsIn ?? context), redirect.id)
        }
        return (pieces, redirectFailure)
    }

    static func command(_ id: Int, _ style: TransitionStyle) -> Command {
        switch style {
        case .presentation(.push): .push(id)
        case .presentation(.modal(let modal)): .present(id, modal)
        case .presentation(.replace): .replace(id)
        // Resolution by ownership is not modelled: `SymbolicEngine.unsupported` refuses graphs
        // with requests, so no symbolic model is built for one.
        case .request: preconditionFailure("a graph with requests reached the symbolic model; SymbolicEngine.unsupported refuses it")
        }
    }

    /// What `command` writes when it succeeds in `context`; `nil` where the engine refuses it
    /// (popping a root, dismissing with no modal) or where the result would not fit even the
    /// overflow slot or layer (never from a stored state).
    func effect(of command: Command, in context: Context) -> SymbolicEffect? {
        let layout = encoding.layout
        let location = context.location
        switch command {
        case .push(let id):
            guard context.depth < layout.slotCount else { return nil }
            return SymbolicEffect(encoding.assignment(layout.slot(location, context.depth), id),
                                  cut: context.depth + 1 > layout.stackBound ? .maxStackDepth : nil)
        case .replace(let id):
            let slot = context.depth - 1
            return SymbolicEffect(encoding.assignment(layout.slot(location, slot), id), unchangedWhere: encoding.slot(location, slot, in: [id]))
        case .present(let id, let style):
            if let tab = context.tab, context.layers == 0, encoding.routes.indices.contains(id - 1),
               modalScopes.scope(of: encoding.routes[id - 1]) == .tab {
                // Presented from the tab's stack or its own layer: the tab's.
                let target = SymbolicLayout.Location.tabLayer(tab, context.ownLayers)
                guard context.ownLayers < layout.layerCount else { return nil }
                let rest = (1..<layout.slotCount).flatMap { layout.slot(target, $0) }.map { ($0, false) }
                return SymbolicEffect(encoding.assignment(layout.style(target), style.code) + encoding.assignment(layout.slot(target, 0), id) + rest,
                                      cut: context.ownLayers + 1 > layout.modalBound ? .maxModalDepth : nil)
            }
            let layer = context.layers
            guard layer < layout.layerCount else { return nil }
            let rest = layout.layerSlots[layer].dropFirst().flatMap { $0 }.map { ($0, false) }
            return SymbolicEffect(encoding.assignment(layout.layerStyle[layer], style.code) + encoding.assignment(layout.layerSlots[layer][0], id) + rest,
                                  cut: layer + context.ownLayers + 1 > layout.modalBound ? .maxModalDepth : nil)
        case .pop:
            guard context.depth > 1 else { return nil }
            return SymbolicEffect(encoding.assignment(layout.slot(location, context.depth - 1), 0))
        case .popToRoot:
            return SymbolicEffect((1..<layout.slotCount).flatMap { layout.slot(location, $0) }.map { ($0, false) })
        case .dismiss:
            if context.layers == 0, let tab = context.tab, context.ownLayers > 0 {
                return SymbolicEffect(clearing: layout.variables(ofLayer: .tabLayer(tab, context.ownLayers - 1)))
            }
            guard context.layers > 0 else { return nil }
            return SymbolicEffect(clearing: layout.layerVariables(context.layers - 1))
        case .dismissAll:
            guard context.layers + context.ownLayers > 0 else { return nil }
            let own = context.tab.map { layout.ownLayerVariables(ofTab: $0) } ?? []
            return SymbolicEffect(clearing: (0..<layout.layerCount).flatMap { layout.layerVariables($0) } + own)
        }
    }
}

extension SymbolicEffect {
    /// Writing zeros over `variables` (a dismissed layer).
    init(clearing variables: [Int]) {
        self.init(variables.map { ($0, false) })
    }
}
