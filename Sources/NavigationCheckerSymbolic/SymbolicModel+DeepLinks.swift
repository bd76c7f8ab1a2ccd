import NavigationChecker
import NavigationCore
import NavigationGraph

extension SymbolicModel {
    /// A deep-link action (opening a sample, or resuming a parked link) whose plan runs as a
    /// transaction of several commands.
    struct LinkTransaction {
        let action: ExplorerAction
        let transaction: SymbolicTransaction
        /// Where the successor shows the plan's last route on top: it landed where planned.
        let landed: Diagram
    }

    /// The deep links' steps (see ``SymbolicDeepLinks``): parking a link and the plans that
    /// commit in one write as pieces of the relation; the other plans as transactions.
    func linkSteps() -> (pieces: [SymbolicPiece], transactions: [LinkTransaction]) {
        let guarded = Self.guardedRoutes(of: graph, extras: links.extraRoutes)
        var pieces: [SymbolicPiece] = []
        var transactions: [LinkTransaction] = []
        func add(_ plan: NavigationPlan<R>, _ action: ExplorerAction, where domain: Diagram, clearingPending: Bool) {
            // With tabs shown under a condition, selecting the plan's tab can fail (it is hidden)
            // and the selection can move between the plan's commands: a transaction, which
            // settles after each command and whose rollbacks the deep-link property notes.
            if tabShown.isEmpty && SymbolicDeepLinks<R>.isDirect(plan, guarded: guarded, maxStackDepth: encoding.layout.stackBound) {
                pieces += directPieces(plan, where: domain, clearingPending: clearingPending)
                return
            }
            let planned = plan.modal?.routes.last ?? plan.stack.last ?? plan.destination
            let landed = encoding.top(in: encoding.routeIDs[planned].map { [$0] } ?? [])
            // The runtime decides the plan's commands on the state the link is opened in, before
            // its flags are set; with tabs shown under a condition, setting them can move the
            // selection, so the tab it was opened on is kept apart: one transaction per tab.
            if !plan.flags.isEmpty && !tabShown.isEmpty {
                for tab in 0..<encoding.layout.tabCount {
                    transactions.append(LinkTransaction(action: action, transaction: transaction(plan, where: domain && encoding.selected(tab),
                                                                                                 clearingPending: clearingPending, openedOn: tab),
                                                        landed: landed))
                }
            } else {
                transactions.append(LinkTransaction(action: action, transaction: transaction(plan, where: domain, clearingPending: clearingPending),
                                                    landed: landed))
            }
        }
        for sample in links.samples {
            guard let modelled = sample.plan else { continue }
            let requirement = encoding.compile(modelled.requirement)
            if let number = modelled.pendingNumber {
                pieces.append(SymbolicPiece(domain: !requirement, effect: SymbolicEffect(encoding.assignment(encoding.layout.pending, number))))
            }
            add(modelled.plan, .openLink(sample.index), where: requirement, clearingPending: false)
        }
        for (position, parked) in links.pendingLinks.enumerated() {
            add(parked.plan.plan, .resumePending, where: encoding.pending(position + 1) && encoding.compile(parked.plan.requirement),
                clearingPending: true)
        }
        return (pieces, transactions)
    }

    /// A plan that commits from every state of `domain` in one write, one piece per selected
    /// tab: its flags set, the plan's tab (the selected one when it names none) selected, the
    /// window's modals dismissed, the stack replaced (and, resuming, the pending slot cleared).
    /// Re-selecting the selected tab dismisses its own layers too (tab-scoped modals) and
    /// replaces its stack; selecting another tab shows that tab's own layers again, and the plan
    /// replaces the active stack: the tab's own, or its topmost own layer's (one piece per count
    /// of its own layers), as the runtime's `replace` edits the active stack.
    private func directPieces(_ plan: NavigationPlan<R>, where domain: Diagram, clearingPending: Bool) -> [SymbolicPiece] {
        let layout = encoding.layout
        let ids = plan.stack.compactMap { encoding.routeIDs[$0] }
        let modals = (0..<layout.layerCount).flatMap { layout.layerVariables($0) }.map { (variable: $0, value: false) }
        var pieces: [SymbolicPiece] = []
        for current in 0..<layout.tabCount {
            let target = plan.tab.flatMap { encoding.tabIDs.firstIndex(of: $0) } ?? current
            var written = modals + flagWrites(plan)
            if clearingPending { written += encoding.assignment(layout.pending, 0) }
            let here = domain && encoding.selected(current)
            if target == current {
                written += layout.ownLayerVariables(ofTab: target).map { (variable: $0, value: false) }
                pieces.append(SymbolicPiece(domain: here, effect: SymbolicEffect(written + stackWrite(ids, at: .tab(target)))))
                continue
            }
            written += encoding.assignment(layout.selected, target)
            guard layout.scopesModalsToTabs else {
                pieces.append(SymbolicPiece(domain: here, effect: SymbolicEffect(written + stackWrite(ids, at: .tab(target)))))
                continue
            }
            for own in 0...layout.modalBound {
                let location: SymbolicLayout.Location = own == 0 ? .tab(target) : .tabLayer(target, own - 1)
                pieces.append(SymbolicPiece(domain: here && encoding.ownLayerCount(target, is: own),
                                            effect: SymbolicEffect(written + stackWrite(ids, at: location))))
            }
        }
        return pieces
    }

    /// The flags `plan` sets and clears.
    private func flagWrites(_ plan: NavigationPlan<R>) -> [(variable: Int, value: Bool)] {
        plan.flags.sorted { $0.key < $1.key }.compactMap { flag, value in
            encoding.flagNames.firstIndex(of: flag).map { (variable: encoding.layout.flags[$0], value: value) }
        }
    }

    /// The slots of the stack at `location` holding `ids`, the rest empty.
    private func stackWrite(_ ids: [Int], at location: SymbolicLayout.Location) -> [(variable: Int, value: Bool)] {
        (0..<encoding.layout.slotCount).flatMap { slot in
            let bits = encoding.layout.slot(location, slot)
            return slot < ids.count ? encoding.assignment(bits, ids[slot]) : bits.map { (variable: $0, value: false) }
        }
    }

    /// `plan`'s commands (``NavigationPlan/commands(in:)``) as the steps of one transaction
    /// from the states of `domain`, each through the guards as the executor runs it and
    /// settled (``settled(_:)``): the pending slot cleared (resuming), the flags set, the tab
    /// selected, its stack replaced (the guard judging the last route) or, for `mode: push`,
    /// pushed onto (under the open modals, for `underModals: keep`), the modal presented and
    /// its other routes pushed. `openedOn`, when given, is the tab selected in every state of
    /// `domain`, on which the runtime decided the commands (the flags may have moved the
    /// selection since); `nil` when no step before the selection can move it.
    private func transaction(_ plan: NavigationPlan<R>, where domain: Diagram, clearingPending: Bool, openedOn: Int? = nil) -> SymbolicTransaction {
        let diagrams = encoding.diagrams
        let layout = encoding.layout
        var steps: [SymbolicRelation] = []
        var failures: [Diagram] = []
        func add(_ pieces: [SymbolicPiece], failing: Diagram, settling: Bool = true) {
            steps.append(SymbolicRelation(settling ? pieces.flatMap(settled) : pieces, diagrams))
            failures.append(failing)
        }
        func addGuarded(_ chain: (Context) -> (pieces: [SymbolicPiece], redirectFailure: Diagram), in contexts: [Context]) {
            var pieces: [SymbolicPiece] = []
            var failing = diagrams.false
            for context in contexts {
                let result = chain(context)
                pieces += result.pieces
                failing = failing || result.redirectFailure
            }
            add(pieces, failing: failing)
        }
        if clearingPending {
            add([SymbolicPiece(domain: diagrams.true, effect: SymbolicEffect(encoding.assignment(layout.pending, 0)))], failing: diagrams.false)
        }
        // One command per flag, in name order, each settled: the last one's settling is what counts.
        for (variable, value) in flagWrites(plan) {
            add([SymbolicPiece(domain: diagrams.true, effect: SymbolicEffect([(variable: variable, value: value)]))], failing: diagrams.false)
        }
        let stack = plan.stack.compactMap { encoding.routeIDs[$0] }
        // After the selection no window modal is presented: the active stack is the selected
        // tab's, or, with tab-scoped modals, its topmost own layer's (selecting another tab
        // shows that tab's own layers again).
        let tabContexts = contexts.filter { context in
            if case .layer = context.location { return false }
            return context.stored
        }
        if plan.mode == .push {
            add(pushModeSelection(plan, openedOn: openedOn), failing: diagrams.false, settling: false)
            if !stack.isEmpty {
                if plan.underModals == .keep {
                    // Where modals were shown when the link was opened, under them onto the
                    // selected tab's stack (`pushUnderModals`); elsewhere onto the active stack
                    // (`pushAll`), which settling after the flags may have covered with the
                    // own layers of the tab it selected.
                    let opened = modalsShown(openedOn: openedOn)
                    let onTop = tabContexts.map { context -> Context in
                        if case .tabLayer = context.location { return context.restricted(to: !opened) }
                        return context
                    }
                    var pieces: [SymbolicPiece] = []
                    var failing = diagrams.false
                    for context in onTop {
                        let result = pushingAll(stack, in: context)
                        pieces += result.pieces
                        failing = failing || result.redirectFailure
                    }
                    for (under, active) in underModalContexts(where: opened, redirecting: stack.last.map(redirects) ?? false) {
                        let result = pushingAll(stack, in: under, redirectsIn: active)
                        pieces += result.pieces
                        failing = failing || result.redirectFailure
                    }
                    add(pieces, failing: failing)
                } else {
                    addGuarded({ self.pushingAll(stack, in: $0) }, in: tabContexts)
                }
            }
        } else if let tab = plan.tab, let index = encoding.tabIDs.firstIndex(of: tab) {
            add(selecting(index, tapped: false), failing: diagrams.false)
        } else if let openedOn {
            add(selecting(openedOn, tapped: false), failing: diagrams.false)
        } else {
            add((0..<layout.tabCount).map { selecting($0, tapped: false)[$0] }, failing: diagrams.false)
        }
        if plan.mode == .replace, let last = stack.last {
            addGuarded({ context in
                self.guardedChain(SymbolicEffect(self.stackWrite(stack, at: context.location)), bringing: last, asked: nil, in: context,
                                  domain: context.diagram)
            }, in: tabContexts)
        }
        let modal = plan.modal.map { ($0.style, $0.routes.compactMap { encoding.routeIDs[$0] }) }
        if let (style, routes) = modal, let first = routes.first {
            let presented = TransitionStyle.modal(style)
            // A redirect earlier in the plan may have left any stack active: every context.
            addGuarded({ self.guarded(first, presented, in: $0, domain: $0.diagram) }, in: contexts)
            let rest = Array(routes.dropFirst())
            if !rest.isEmpty { addGuarded({ self.pushingAll(rest, in: $0) }, in: contexts) }
        }
        return SymbolicTransaction(domain: domain, steps: steps, redirectFailures: failures)
    }

    /// Where some modal is shown: a window layer, or (tab-scoped modals) a layer of the selected
    /// tab's own, or of `openedOn`'s when given. The flag steps before a plan's navigation write
    /// only flags and the selection, so for the tab the link was opened on this reads the same
    /// after them as when the runtime decided the plan's commands.
    private func modalsShown(openedOn: Int?) -> Diagram {
        var shown = encoding.layerPresent(0)
        guard encoding.layout.scopesModalsToTabs else { return shown }
        for tab in 0..<encoding.layout.tabCount where openedOn == nil || openedOn == tab {
            shown = shown || ((openedOn == nil ? encoding.selected(tab) : encoding.diagrams.true) && encoding.present(.tabLayer(tab, 0)))
        }
        return shown
    }

    /// Whether route `id` has a guard that redirects.
    private func redirects(_ id: Int) -> Bool {
        guards[id]?.redirect != nil
    }

    /// The step a `mode: push` plan starts with, settled: selecting its tab when it names
    /// another one than the selected (the tab keeps its stack; the window's modals dismissed,
    /// the tab's own shown again), or else dismissing every modal shown where one was shown when
    /// the link was opened (a `dismissAll` that then finds none shown fails, and the transaction
    /// rolls back; elsewhere, or where the plan keeps them, no command runs: the state stays as
    /// it is, not even settled). `openedOn`: the tab the runtime decided on, when the plan's
    /// flags may have moved the selection since.
    private func pushModeSelection(_ plan: NavigationPlan<R>, openedOn: Int?) -> [SymbolicPiece] {
        let layout = encoding.layout
        let modals = (0..<layout.layerCount).flatMap { layout.layerVariables($0) }.map { (variable: $0, value: false) }
        let target = plan.tab.flatMap { encoding.tabIDs.firstIndex(of: $0) }
        if let target, let openedOn, target != openedOn {
            // Selected from whichever tab the flags left selected (re-selecting it pops it to its root).
            return selecting(target, tapped: false).flatMap(settled)
        }
        let opened = modalsShown(openedOn: openedOn)
        var pieces: [SymbolicPiece] = []
        for current in 0..<layout.tabCount {
            if let target, target != current, openedOn == nil {
                pieces += settled(SymbolicPiece(domain: encoding.selected(current) && shown(target),
                                                effect: SymbolicEffect(encoding.assignment(layout.selected, target) + modals)))
            } else if plan.underModals == .keep {
                pieces.append(SymbolicPiece(domain: encoding.selected(current), effect: SymbolicEffect([])))
            } else {
                let shownNow = encoding.layerPresent(0) || (layout.scopesModalsToTabs ? encoding.present(.tabLayer(current, 0)) : encoding.diagrams.false)
                let dismissed = modals + layout.ownLayerVariables(ofTab: current).map { (variable: $0, value: false) }
                pieces += settled(SymbolicPiece(domain: encoding.selected(current) && opened && shownNow, effect: SymbolicEffect(dismissed)))
                pieces.append(SymbolicPiece(domain: encoding.selected(current).without(opened), effect: SymbolicEffect([])))
            }
        }
        return pieces
    }

    /// The selected tab's stack under the modals shown, at each depth a stored state has, where
    /// modals were shown when the link was opened (`opened`): where a `mode: push` plan that
    /// keeps the modals pushes (`NavigationCommand.pushUnderModals`). Its guard judges the pushed
    /// route; a redirect runs from the state the link was opened in, on its active stack (the
    /// topmost layer shown), so where the pushed route's guard redirects (`redirecting`) each
    /// context comes with the active one it redirects in, one pair per topmost layer.
    private func underModalContexts(where opened: Diagram, redirecting: Bool) -> [(under: Context, active: Context?)] {
        let layout = encoding.layout
        let active = redirecting ? contexts.filter { context in
            if case .tab = context.location { return false }
            return context.stored
        } : []
        return (0..<layout.tabCount).flatMap { tab in
            (1...layout.stackBound).flatMap { depth -> [(under: Context, active: Context?)] in
                let shownNow = encoding.layerPresent(0) || (layout.scopesModalsToTabs ? encoding.present(.tabLayer(tab, 0)) : encoding.diagrams.false)
                let diagram = encoding.selected(tab) && shownNow && opened && encoding.depth(.tab(tab), is: depth)
                let under = Context(location: .tab(tab), depth: depth, diagram: diagram, layers: 0, stored: true,
                                    tab: layout.scopesModalsToTabs ? tab : nil, ownLayers: 0)
                guard redirecting else { return [(under, nil)] }
                return active.compactMap { context in
                    guard context.tab == nil || context.tab == tab else { return nil }
                    let both = diagram && context.diagram
                    return both.isFalse ? nil : (under.restricted(to: both), context)
                }
            }
        }
    }

    /// Pushing `ids` in one command onto the active stack of `context`, through the guards of
    /// the last one; nothing where the result would not fit even the overflow slots (never
    /// from a stored state: the layout has as many as a plan pushes).
    private func pushingAll(_ ids: [Int], in context: Context, redirectsIn active: Context? = nil) -> (pieces: [SymbolicPiece], redirectFailure: Diagram) {
        let layout = encoding.layout
        let depth = context.depth + ids.count
        guard let top = ids.last, depth <= layout.slotCount else { return ([], encoding.diagrams.false) }
        let written = ids.enumerated().flatMap { offset, id in encoding.assignment(layout.slot(context.location, context.depth + offset), id) }
        let effect = SymbolicEffect(written, cut: depth > layout.stackBound ? .maxStackDepth : nil)
        return guardedChain(effect, bringing: top, asked: nil, in: context, domain: context.diagram, redirectsIn: active)
    }
}

extension SymbolicModel.Context {
    /// This context in the states of `diagram` only.
    func restricted(to diagram: Diagram) -> Self {
        Self(location: location, depth: depth, diagram: self.diagram && diagram, layers: layers, stored: stored, tab: tab, ownLayers: ownLayers)
    }
}
