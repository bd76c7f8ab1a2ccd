import NavigationChecker

/// What a successful command writes: constant values into a few variables (every command of
/// the subset writes constants: a route id into a slot, zeros over a popped slot or a dismissed
/// layer, a tab number, a flag), and whether the result lies past a depth bound.
struct SymbolicEffect {
    /// The current-state variables written, ascending.
    let changed: [Int]
    /// Each written variable's value.
    let values: [(variable: Int, value: Bool)]
    /// The states in which writing changes nothing (a replace by the route already on top),
    /// where the runtime's step leads back to the same state; `nil` when there are none.
    let unchangedWhere: Diagram?
    /// The bound a successor past it is cut by (it writes into an overflow slot or layer).
    let cut: BoundCut.Bound?

    init(_ values: [(variable: Int, value: Bool)], unchangedWhere: Diagram? = nil, cut: BoundCut.Bound? = nil) {
        let sorted = values.sorted { $0.variable < $1.variable }
        self.values = sorted
        changed = sorted.map(\.variable)
        self.unchangedWhere = unchangedWhere
        self.cut = cut
    }
}

/// One case of a step: in the states of `domain` (current-state variables), `effect` happens.
struct SymbolicPiece {
    let domain: Diagram
    let effect: SymbolicEffect
}

/// A transition relation partitioned by what its steps write.
///
/// Pieces that write the same variables (every push onto, replace at and pop of one slot of
/// one stack, whatever the routes) share one part: `∨ (domain ∧ next-state values)` over the
/// current variables and the next-state copies of the written ones, and no frame condition:
/// the image of a set `S` is `∃written. (S ∧ part)` with the next copies renamed back, so
/// every variable a part does not write keeps its value without being mentioned. One part per
/// written slot rather than one per route keeps the parts few and the relational products
/// cheap (the spike behind issue 20: 137 s per route against 4 s per slot).
final class SymbolicRelation {
    struct Part {
        let relation: Diagram
        /// The written current-state variables (quantified by an image).
        let currentSet: Diagram
        /// Their next-state copies (quantified by a preimage).
        let nextSet: Diagram
        let toCurrent: Renaming
        let toNext: Renaming
    }

    let parts: [Part]
    /// Where some piece applies: built the first time it is asked for (an event's or a link's
    /// step asks, the global relation never does; over the 132,315 pieces of the
    /// Mastodon-shaped sample with tab-scoped sheets at stack depth 8 it cost 0.7 s).
    private(set) lazy var domain: Diagram = Self.disjunction(effectDomains, session)
    /// Per effect (written variables and values), where a piece with it applies: the terms of
    /// ``domain``, far fewer than the pieces.
    private let effectDomains: [Diagram]
    private let session: DecisionDiagrams

    init(_ pieces: [SymbolicPiece], _ diagrams: DecisionDiagrams) {
        // Per written variables, per written values, the domains of the pieces that write
        // them, in the order first met. Pieces with the same effect share its next-state cube:
        // `(A ∧ c) ∨ (B ∧ c)` is `(A ∨ B) ∧ c`, so each effect's domains are joined first and
        // conjoined with its cube once (the router pattern pushes each route into each slot
        // from many sources: 132,315 pieces, far fewer effects, on the sample above).
        var byWritten: [[Int]: [[Bool]: [Diagram]]] = [:]
        var writtenOrder: [[Int]] = []
        var valuesOrder: [[Int]: [[Bool]]] = [:]
        for piece in pieces where !piece.domain.isFalse {
            // Stopped by a budget: the relation is meaningless; the caller's checkpoint throws.
            if diagrams.isStopped { break }
            let written = piece.effect.changed
            let values = piece.effect.values.map(\.value)
            if byWritten[written] == nil { writtenOrder.append(written) }
            if byWritten[written, default: [:]][values] == nil { valuesOrder[written, default: []].append(values) }
            byWritten[written, default: [:]][values, default: []].append(piece.domain)
        }
        session = diagrams
        var effectDomains: [Diagram] = []
        parts = writtenOrder.map { written in
            let effects = (valuesOrder[written] ?? []).map { values in
                let domain = Self.disjunction(byWritten[written]?[values] ?? [], diagrams)
                effectDomains.append(domain)
                return domain && diagrams.cube(zip(written, values).map { ($0 + 1, $1) })
            }
            return Part(relation: Self.disjunction(effects, diagrams),
                        currentSet: diagrams.set(of: written), nextSet: diagrams.set(of: written.map { $0 + 1 }),
                        toCurrent: diagrams.renaming(written.map { ($0 + 1, $0) }),
                        toNext: diagrams.renaming(written.map { ($0, $0 + 1) }))
        }
        self.effectDomains = effectDomains
    }

    /// The disjunction of `terms`, pairwise: adding thousands of pieces one by one to a
    /// growing relation cost time in the relation's size for each piece.
    static func disjunction(_ terms: [Diagram], _ diagrams: DecisionDiagrams) -> Diagram {
        var terms = terms
        guard !terms.isEmpty else { return diagrams.false }
        while terms.count > 1 {
            var next: [Diagram] = []
            next.reserveCapacity((terms.count + 1) / 2)
            var index = 0
            while index + 1 < terms.count {
                next.append(terms[index] || terms[index + 1])
                index += 2
            }
            if index < terms.count { next.append(terms[index]) }
            terms = next
        }
        return terms[0]
    }

    /// The states the pieces lead to from `states`.
    func image(of states: Diagram) -> Diagram {
        var result = states.session.false
        for part in parts {
            result = result || states.andExists(part.relation, part.currentSet).renamed(part.toCurrent)
        }
        return result
    }

    /// The states the pieces of `part` lead to from `states`.
    func image(of states: Diagram, through part: Part) -> Diagram {
        states.andExists(part.relation, part.currentSet).renamed(part.toCurrent)
    }

    /// The states from which a piece of `part` leads into `states`.
    func preimage(of states: Diagram, through part: Part) -> Diagram {
        part.relation.andExists(states.renamed(part.toNext), part.nextSet)
    }

    /// The states from which a piece leads into `states`.
    func preimage(of states: Diagram) -> Diagram {
        var result = states.session.false
        for part in parts {
            result = result || part.relation.andExists(states.renamed(part.toNext), part.nextSet)
        }
        return result
    }
}

/// One command of an event's navigation, as a total function: the pieces where it succeeds,
/// and the state unchanged everywhere else (a failed or cancelled command changes nothing).
struct SymbolicStep {
    let relation: SymbolicRelation
    /// Where a guard redirect never settles (a loop, or more redirects than the executor allows).
    let redirectFailure: Diagram
    /// Where the step is refused (an event's `{ tab: t }` on a hidden tab, a guard that
    /// cancels it), for the *event step refused* property; `nil` for nowhere.
    var refused: Diagram? = nil

    func image(of states: Diagram) -> Diagram {
        relation.image(of: states) || states.without(relation.domain)
    }

    func preimage(of states: Diagram) -> Diagram {
        relation.preimage(of: states) || states.without(relation.domain)
    }
}
