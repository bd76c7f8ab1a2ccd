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
    /// tab: its flags set, the plan's tab (the selected one when it names none) selected, every
    /// modal dismissed, the tab's stack replaced (and, resuming, the pending slot cleared).
    private func directPieces(_ plan: NavigationPlan<R>, where domain: Diagram, clearingPending: Bool) -> [SymbolicPiece] {
        let layout = encoding.layout
        let ids = plan.stack.compactMap { encoding.routeIDs[$0] }
        let modals = (0..<layout.layerCount).flatMap { layout.layerVariables($0) }.map { (variable: $0, value: false) }
        var pieces: [SymbolicPiece] = []
        for current in 0..<layout.tabCount {
            let target = plan.tab.flatMap { encoding.tabIDs.firstIndex(of: $0) } ?? current
            var written = modals
            if target != current { written += encoding.assignment(layout.selected, target) }
            written += stackWrite(ids, tab: target)
            written += flagWrites(plan)
            if clearingPending { written += encoding.assignment(layout.pending, 0) }
            pieces.append(SymbolicPiece(domain: domain && encoding.selected(current), effect: SymbolicEffect(written)))
        }
        return pieces
    }

    /// The flags `plan` sets and clears.
    private func flagWrites(_ plan: NavigationPlan<R>) -> [(variable: Int, value: Bool)] {
        plan.flags.sorted { $0.key < $1.key }.compactMap { flag, value in
            encoding.flagNames.firstIndex(of: flag).map { (variable: encoding.layout.flags[$0], value: value) }
        }
    }

    /// Tab `tab`'s slots holding `ids`, the rest empty.
    private func stackWrite(_ ids: [Int], tab: Int) -> [(variable: Int, value: Bool)] {
        encoding.layout.tabSlots[tab].enumerated().flatMap { slot, bits in
            slot < ids.count ? encoding.assignment(bits, ids[slot]) : bits.map { (variable: $0, value: false) }
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
        // After the selection no modal is presented: the selected tab's stack is the active one.
        let tabContexts = contexts.filter { context in
            if case .tab = context.location { return context.stored }
            return false
        }
        if plan.mode == .push {
            add(pushModeSelection(plan, openedOn: openedOn), failing: diagrams.false, settling: false)
            if !stack.isEmpty {
                // With modals still up (kept), onto the selected tab's stack under them.
                let under = plan.underModals == .keep ? underModalContexts() : []
                addGuarded({ self.pushingAll(stack, in: $0) }, in: tabContexts + under)
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
                guard case .tab(let tab) = context.location else { return ([], diagrams.false) }
                return self.guardedChain(SymbolicEffect(self.stackWrite(stack, tab: tab)), bringing: last, asked: nil, in: context,
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

    /// The step a `mode: push` plan starts with, settled: selecting its tab when it names
    /// another one than the selected (the tab keeps its stack; every modal dismissed), or else
    /// dismissing every modal where one is presented (elsewhere, or where the plan keeps them,
    /// no command runs: the state stays as it is, not even settled). `openedOn`: the tab the
    /// runtime decided on, when the plan's flags may have moved the selection since.
    private func pushModeSelection(_ plan: NavigationPlan<R>, openedOn: Int?) -> [SymbolicPiece] {
        let layout = encoding.layout
        let modals = (0..<layout.layerCount).flatMap { layout.layerVariables($0) }.map { (variable: $0, value: false) }
        let target = plan.tab.flatMap { encoding.tabIDs.firstIndex(of: $0) }
        if let target, let openedOn, target != openedOn {
            // Selected from whichever tab the flags left selected (re-selecting it pops it to its root).
            return selecting(target, tapped: false).flatMap(settled)
        }
        var pieces: [SymbolicPiece] = []
        for current in 0..<layout.tabCount {
            if let target, target != current, openedOn == nil {
                pieces += settled(SymbolicPiece(domain: encoding.selected(current) && shown(target),
                                                effect: SymbolicEffect(encoding.assignment(layout.selected, target) + modals)))
            } else if plan.underModals == .keep {
                pieces.append(SymbolicPiece(domain: encoding.selected(current), effect: SymbolicEffect([])))
            } else {
                let presented = encoding.layerPresent(0)
                pieces += settled(SymbolicPiece(domain: encoding.selected(current) && presented, effect: SymbolicEffect(modals)))
                pieces.append(SymbolicPiece(domain: encoding.selected(current).without(presented), effect: SymbolicEffect([])))
            }
        }
        return pieces
    }

    /// The selected tab's stack under the open modals, at each depth a stored state has: where
    /// a `mode: push` plan that keeps the modals pushes (`NavigationCommand.pushUnderModals`).
    /// Its guard judges the pushed route; a redirect is refused before the model is built
    /// (``SymbolicDeepLinks``), so the context is never asked for one.
    private func underModalContexts() -> [Context] {
        let layout = encoding.layout
        return (0..<layout.tabCount).flatMap { tab in
            (1...layout.stackBound).map { depth in
                Context(location: .tab(tab), depth: depth,
                        diagram: encoding.selected(tab) && encoding.layerPresent(0) && encoding.depth(.tab(tab), is: depth),
                        layers: 0, stored: true)
            }
        }
    }

    /// Pushing `ids` in one command onto the active stack of `context`, through the guards of
    /// the last one; nothing where the result would not fit even the overflow slots (never
    /// from a stored state: the layout has as many as a plan pushes).
    private func pushingAll(_ ids: [Int], in context: Context) -> (pieces: [SymbolicPiece], redirectFailure: Diagram) {
        let layout = encoding.layout
        let depth = context.depth + ids.count
        guard let top = ids.last, depth <= layout.slotCount else { return ([], encoding.diagrams.false) }
        let written = ids.enumerated().flatMap { offset, id in encoding.assignment(layout.slot(context.location, context.depth + offset), id) }
        let effect = SymbolicEffect(written, cut: depth > layout.stackBound ? .maxStackDepth : nil)
        return guardedChain(effect, bringing: top, asked: nil, in: context, domain: context.diagram)
    }
}
