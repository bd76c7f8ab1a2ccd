import NavigationChecker

/// One action as saturation (`SymbolicSaturation`) fires it: a single-command part of the
/// relation, a navigating event (its steps one after another, each keeping the state where it
/// fails) or a deep-link transaction (its steps keeping only the pieces that succeed).
///
/// Why one shape for all three: saturation fires an action at the nodes of the variable where
/// the first variable it writes lies, on the sub-diagram there, and re-closes what it adds
/// below. An event or a link whose commands write the selected tab's stack and read the
/// selection, the flags and the window's layers above it is then fired on the sub-diagrams
/// below those guards, one tab's block at a time, like a push, instead of once per round on the
/// whole set. A transaction is not composed into one relation first: the composition needs a
/// third copy of the written variables (BuDDy's order has a current and a next copy only), and
/// stepping it on a sub-diagram costs a relational product per command on that sub-diagram.
struct SymbolicSaturationEvent {
    /// One command: the relation's parts, and whether the state is kept where no piece applies
    /// (an event's step, which fails quietly) or dropped (a transaction's, which rolls back).
    struct Stage {
        let parts: [SymbolicRelation.Part]
        let keepsUnmatched: Bool
        /// Where some piece applies (read only when ``keepsUnmatched``).
        let domain: Diagram
    }

    /// Where the action runs (an event's precondition, a link's requirement).
    let filter: Diagram
    let stages: [Stage]
    /// The successors kept (within the bounds; `true` for a single command, whose pieces are
    /// within them by construction).
    let bounds: Diagram

    /// A single-command part of the relation.
    init(part: SymbolicRelation.Part, _ diagrams: DecisionDiagrams) {
        filter = diagrams.true
        stages = [Stage(parts: [part], keepsUnmatched: false, domain: diagrams.true)]
        bounds = diagrams.true
    }

    /// A navigating event's steps, from where it is enabled.
    init(event steps: [SymbolicStep], enabled: Diagram, bounds: Diagram) {
        filter = enabled
        stages = steps.map { Stage(parts: $0.relation.parts, keepsUnmatched: true, domain: $0.relation.domain) }
        self.bounds = bounds
    }

    /// A deep link's transaction.
    init(transaction: SymbolicTransaction, bounds: Diagram) {
        filter = transaction.domain
        stages = transaction.steps.map { Stage(parts: $0.parts, keepsUnmatched: false, domain: $0.domain) }
        self.bounds = bounds
    }

    /// The same action keeping only the successors in `states` too: saturation then closes a
    /// set under the steps that stay in `states` (the never-until monitor's armed pairs, which
    /// every state that releases the monitor leaves).
    func keeping(_ states: Diagram) -> SymbolicSaturationEvent {
        SymbolicSaturationEvent(filter: filter, stages: stages, bounds: bounds && states)
    }

    private init(filter: Diagram, stages: [Stage], bounds: Diagram) {
        self.filter = filter
        self.stages = stages
        self.bounds = bounds
    }

    /// The diagrams saturation cofactors on its way down, in a fixed order: the filter, the
    /// bounds, then per stage its domain and its parts' relations.
    var diagrams: [Diagram] {
        var result = [filter, bounds]
        for stage in stages {
            result.append(stage.domain)
            result += stage.parts.map(\.relation)
        }
        return result
    }
}

extension SymbolicSearch {
    /// Every action of the model as saturation fires it: the relation's parts (single commands),
    /// then the navigating events, then the deep-link transactions.
    var saturationEvents: [SymbolicSaturationEvent] {
        var events = model.global.parts.map { SymbolicSaturationEvent(part: $0, diagrams) }
        for event in model.events {
            guard let steps = event.steps else { continue }
            events.append(SymbolicSaturationEvent(event: steps, enabled: event.enabled, bounds: encoding.withinBounds))
        }
        for link in model.linkTransactions {
            events.append(SymbolicSaturationEvent(transaction: link.transaction, bounds: encoding.withinBounds))
        }
        return events
    }
}
