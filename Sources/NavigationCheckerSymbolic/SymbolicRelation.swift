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
    /// Where some piece applies.
    let domain: Diagram

    init(_ pieces: [SymbolicPiece], _ diagrams: DecisionDiagrams) {
        var byWritten: [[Int]: [Diagram]] = [:]
        var order: [[Int]] = []
        var domains: [Diagram] = []
        for piece in pieces where !piece.domain.isFalse {
            // Stopped by a budget: the relation is meaningless; the caller's checkpoint throws.
            if diagrams.isStopped { break }
            let next = diagrams.cube(piece.effect.values.map { ($0.variable + 1, $0.value) })
            let key = piece.effect.changed
            if byWritten[key] == nil { order.append(key) }
            byWritten[key, default: []].append(piece.domain && next)
            domains.append(piece.domain)
        }
        domain = Self.disjunction(domains, diagrams)
        parts = order.map { written in
            Part(relation: Self.disjunction(byWritten[written] ?? [], diagrams),
                 currentSet: diagrams.set(of: written), nextSet: diagrams.set(of: written.map { $0 + 1 }),
                 toCurrent: diagrams.renaming(written.map { ($0 + 1, $0) }),
                 toNext: diagrams.renaming(written.map { ($0, $0 + 1) }))
        }
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
