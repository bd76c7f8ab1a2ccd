import NavigationChecker

/// A deep link's plan run as one transaction (``NavigationExecutor/executeTransaction(_:on:)``):
/// its commands one after another, each through the guards, and the state unchanged unless
/// every one succeeds.
///
/// Each step keeps only the pieces where its command succeeds, so the image of a set is the
/// states the committed transactions lead to, and the states where it rolls back have no
/// successor here: rolling back changes nothing, a self-loop that adds no state and no edge.
struct SymbolicTransaction {
    /// Where the action runs the plan (its requirement holds; for resuming, the link is parked).
    let domain: Diagram
    /// Each command's successful pieces, in order.
    let steps: [SymbolicRelation]
    /// Per step, where its guard redirects never settle (over the state before that step).
    let redirectFailures: [Diagram]

    /// The states the committed transactions lead to from `states` (bounds not applied).
    func image(of states: Diagram) -> Diagram {
        var current = states && domain
        for step in steps {
            guard !current.isFalse else { return current }
            current = step.image(of: current)
        }
        return current
    }

    /// The states from which a committed transaction leads into `states`.
    func preimage(of states: Diagram) -> Diagram {
        pullBack(states, through: steps.count) && domain
    }

    /// Where the transaction commits.
    var commits: Diagram { preimage(of: domain.session.true) }

    /// Where a guard's redirects never settle on the way (the transaction then rolls back).
    var redirectFailure: Diagram {
        var failure = domain.session.false
        for (position, stepFailure) in redirectFailures.enumerated() where !stepFailure.isFalse {
            failure = failure || pullBack(stepFailure, through: position)
        }
        return failure && domain
    }

    /// The states from which the first `count` steps, all succeeding, lead into `states`.
    private func pullBack(_ states: Diagram, through count: Int) -> Diagram {
        steps.prefix(count).reversed().reduce(states) { $1.preimage(of: $0) }
    }
}
