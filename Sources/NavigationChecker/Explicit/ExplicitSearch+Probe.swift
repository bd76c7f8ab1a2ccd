import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// Whether a probe that reached its `transitionLimit` goes on where it is: `probeExtension`
    /// is shown how far the search got (`ExplicitProbeFigures`) and may give a higher limit.
    /// Going on in place costs nothing, where stopping and searching again from the start
    /// repeated every step taken. Never once the table was full: successors were then lost.
    mutating func extendsProbe(expanded: Int) -> Bool {
        guard let probeExtension, cutStates == 0, transitionsApplied >= transitionLimit else { return false }
        let figures = ExplicitProbeFigures(states: table.count, expandedStates: expanded, transitions: transitionsApplied,
                                           levelSizes: completeLevelSizes)
        guard let limit = probeExtension(figures), limit > transitionsApplied else { return false }
        transitionLimit = limit
        return true
    }
}
