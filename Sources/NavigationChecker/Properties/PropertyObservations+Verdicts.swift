import NavigationCore
import NavigationGraph

extension PropertyObservations {
    /// How a search ended, as the verdicts need it, whichever engine ran it.
    package struct SearchEnd {
        /// The states explored (the symbolic engine's count may pass `Int.max`).
        var states: Double
        /// Whether every reachable state within the depth bounds was explored.
        var complete: Bool
        /// Whether the no-trap property was asked for, and the first trap found.
        var checksTraps: Bool
        var trap: (state: Int, tab: Int)?
        /// The trace to the trap, when the engine has no parent links (see ``Violation/actions``).
        var trapActions: [ExplorerAction]? = nil
        /// Whether the graph has deep links (then the deep-link property is judged).
        var hasDeepLinks: Bool
        /// What stopped the search early, if a budget did.
        var cutoff: SearchCutoff?
        /// `within stack depth 8 …` when a depth bound cut successors.
        var depthScope: String?
        /// Whether the priority-trap property was judged (no-trap asked for and some route is
        /// high priority), and the first state trapped in a high-priority flow.
        var checksPriorityFlows = false
        var priorityTrap: Int?
        /// The stored states' edges and each edge's action code, when the graph declares
        /// properties and the engine kept them (the explicit engine): what the declared
        /// properties are judged over (see ``DeclaredPropertySearch``).
        var stateGraph: (edges: [NoTrapSearch.Edge], actions: [UInt32])?
        /// Per declared property (by its position in the graph's `properties`), its nearest
        /// violation with the whole trace (``Violation/actions``), `nil` where it holds: an
        /// engine that judges them itself (the symbolic engine) sets this; `nil` otherwise.
        package var declaredViolations: [Violation?]?

        package init(states: Double, complete: Bool, checksTraps: Bool, trap: (state: Int, tab: Int)?, trapActions: [ExplorerAction]? = nil,
                     hasDeepLinks: Bool, cutoff: SearchCutoff?, depthScope: String?, checksPriorityFlows: Bool = false, priorityTrap: Int? = nil,
                     declaredViolations: [Violation?]? = nil) {
            self.declaredViolations = declaredViolations
            self.states = states
            self.complete = complete
            self.checksTraps = checksTraps
            self.trap = trap
            self.trapActions = trapActions
            self.hasDeepLinks = hasDeepLinks
            self.cutoff = cutoff
            self.depthScope = depthScope
            self.checksPriorityFlows = checksPriorityFlows
            self.priorityTrap = priorityTrap
        }
    }

    /// The properties' verdicts, in ``CheckResult``'s order (each registered kind's, see
    /// ``PropertyRegistry``), and the coverage they were judged from. `trace` turns a violation
    /// into its replayed trace, naming the property it is for.
    package func verdicts<Failure: Error>(_ end: SearchEnd, trace: (Violation, _ property: String) throws(Failure) -> CheckTrace<R>?)
        throws(Failure) -> (verdicts: [PropertyVerdict<R>], routes: Coverage, transitions: Coverage) {
        let judging = PropertyJudging(self, end)
        var verdicts = try PropertyRegistry.verdicts(judging, trace: trace)
        if let cutoff = end.cutoff {
            verdicts = verdicts.map { $0.undecided(by: cutoff, states: end.states < 9.2e18 ? Int(end.states) : Int.max) }
        } else if let scope = end.depthScope {
            verdicts = verdicts.map { $0.scoped(scope) }
        }
        return (verdicts, judging.routeCoverage, judging.transitionCoverage)
    }

    /// A count for a message: the integer up to `Int.max`, `8.33e+44` past it, and past the
    /// largest double "more than 1.8e+308".
    package static func countText(_ value: Double) -> String {
        guard value.isFinite, value < .greatestFiniteMagnitude else { return "more than 1.8e+308" }
        guard value >= 9.2e18 else { return "\(Int(value))" }
        var mantissa = value, exponent = 0
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        let hundredths = Int((mantissa * 100).rounded())
        let digits = hundredths >= 1000 ? (100, exponent + 1) : (hundredths, exponent)
        let text = "\(digits.0 / 100).\(digits.0 % 100 < 10 ? "0" : "")\(digits.0 % 100)"
        return "\(text)e+\(digits.1)"
    }
}
