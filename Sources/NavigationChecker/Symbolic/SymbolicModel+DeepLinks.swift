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
        let guarded = Set(graph.routes.filter { $0.entryGuard != nil }.flatMap(\.samples))
        var pieces: [SymbolicPiece] = []
        var transactions: [LinkTransaction] = []
        func add(_ plan: NavigationPlan<R>, _ action: ExplorerAction, where domain: Diagram, clearingPending: Bool) {
            if SymbolicDeepLinks<R>.isDirect(plan, guarded: guarded, maxStackDepth: encoding.layout.stackBound) {
                pieces += directPieces(plan, where: domain, clearingPending: clearingPending)
            } else {
                let planned = plan.modal?.routes.last ?? plan.stack.last ?? plan.destination
                transactions.append(LinkTransaction(action: action, transaction: transaction(plan, where: domain, clearingPending: clearingPending),
                                                    landed: encoding.top(in: encoding.routeIDs[planned].map { [$0] } ?? [])))
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
    /// tab: the plan's tab (the selected one when it names none) selected, every modal
    /// dismissed, the tab's stack replaced (and, resuming, the pending slot cleared).
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
            if clearingPending { written += encoding.assignment(layout.pending, 0) }
            pieces.append(SymbolicPiece(domain: domain && encoding.selected(current), effect: SymbolicEffect(written)))
        }
        return pieces
    }

    /// Tab `tab`'s slots holding `ids`, the rest empty.
    private func stackWrite(_ ids: [Int], tab: Int) -> [(variable: Int, value: Bool)] {
        encoding.layout.tabSlots[tab].enumerated().flatMap { slot, bits in
            slot < ids.count ? encoding.assignment(bits, ids[slot]) : bits.map { (variable: $0, value: false) }
        }
    }

    /// `plan`'s commands (``NavigationPlan/commands(in:)``) as the steps of one transaction
    /// from the states of `domain`, each through the guards as the executor runs it: the
    /// pending slot cleared (resuming), the tab selected, its stack replaced (the guard judging
    /// the last route), the modal presented and its other routes pushed.
    private func transaction(_ plan: NavigationPlan<R>, where domain: Diagram, clearingPending: Bool) -> SymbolicTransaction {
        let diagrams = encoding.diagrams
        let layout = encoding.layout
        var steps: [SymbolicRelation] = []
        var failures: [Diagram] = []
        func add(_ pieces: [SymbolicPiece], failing: Diagram) {
            steps.append(SymbolicRelation(pieces, diagrams))
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
        if let tab = plan.tab, let index = encoding.tabIDs.firstIndex(of: tab) {
            add(selecting(index, tapped: false), failing: diagrams.false)
        } else {
            add((0..<layout.tabCount).map { selecting($0, tapped: false)[$0] }, failing: diagrams.false)
        }
        let stack = plan.stack.compactMap { encoding.routeIDs[$0] }
        if let last = stack.last {
            // After the selection no modal is presented: the selected tab's stack is the active one.
            let tabContexts = contexts.filter { context in
                if case .tab = context.location { return context.stored }
                return false
            }
            addGuarded({ context in
                guard case .tab(let tab) = context.location else { return ([], diagrams.false) }
                return self.guardedChain(SymbolicEffect(self.stackWrite(stack, tab: tab)), bringing: last, asked: nil, in: context,
                                         domain: context.diagram)
            }, in: tabContexts)
        }
        let modal = plan.modal.map { ($0.style, $0.routes.compactMap { encoding.routeIDs[$0] }) }
        if let (style, routes) = modal, let first = routes.first {
            let presented: TransitionStyle = switch style {
            case .sheet: .sheet
            case .cover: .cover
            }
            // A redirect earlier in the plan may have left any stack active: every context.
            addGuarded({ self.guarded(first, presented, in: $0, domain: $0.diagram) }, in: contexts)
            let rest = Array(routes.dropFirst())
            if let top = rest.last {
                addGuarded({ context in
                    let depth = context.depth + rest.count
                    guard depth <= layout.slotCount else { return ([], diagrams.false) }
                    let written = rest.enumerated().flatMap { offset, id in
                        self.encoding.assignment(layout.slot(context.location, context.depth + offset), id)
                    }
                    let effect = SymbolicEffect(written, cut: depth > layout.stackBound ? .maxStackDepth : nil)
                    return self.guardedChain(effect, bringing: top, asked: nil, in: context, domain: context.diagram)
                }, in: contexts)
            }
        }
        return SymbolicTransaction(domain: domain, steps: steps, redirectFailures: failures)
    }
}
