import CBuDDy

/// What saturation (`SymbolicSearch+Saturation.swift`) reads of a diagram's nodes: the variable
/// at its root and its two cofactors there, and a node rebuilt from a variable and two children.
///
/// Every result is a ``Diagram`` (it holds its own reference), so a garbage collection inside a
/// later operation cannot free a node the recursion still needs. A cofactor at the root is the
/// child node itself (`bdd_low`, `bdd_high`): BuDDy's `bdd_restrict` by one literal rebuilds
/// the whole diagram below the variable through its cache (measured: most of saturation's
/// time went there).
extension Diagram {
    /// The variable at the diagram's root; `nil` for `true` and `false`.
    var rootVariable: Int? {
        node > 1 ? Int(bdd_var(node)) : nil
    }

    /// The diagram with `variable` fixed to `value`: the child at the root when `variable` is
    /// the root's, the diagram itself when `variable` lies above the root (saturation asks for
    /// no other), else BuDDy's restriction.
    func cofactor(_ variable: Int, _ value: Bool) -> Diagram {
        guard let root = rootVariable, root <= variable else { return self }
        guard root == variable else { return restricted(to: session.literal(variable, value)) }
        return Diagram(value ? bdd_high(node) : bdd_low(node), session)
    }
}

extension DecisionDiagrams {
    /// The diagram `if variable then whenTrue else whenFalse`, where neither child depends on
    /// `variable` or any variable above it: one node over the two (or the child, when both are
    /// the same).
    func node(_ variable: Int, whenTrue: Diagram, whenFalse: Diagram) -> Diagram {
        if whenTrue == whenFalse { return whenTrue }
        return literal(variable, true).then(whenTrue, else: whenFalse)
    }
}
