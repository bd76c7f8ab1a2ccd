import NavigationChecker
import NavigationCore
import NavigationGraph

extension EngineChoice {
    /// The engine for `graph` under `request`, or the reasons the symbolic engine cannot model
    /// it when it was asked for by name. For `EngineRequest.automatic` this is the engine for
    /// a large model (the symbolic one when it models the graph): `GraphCheck.run` first lets
    /// the explicit engine try `EngineChoice.explicitProbeStates` states (and
    /// `EngineChoice.explicitProbeTransitions` steps; when `EngineChoice.symbolicStateBits(of:)`
    /// is at most `EngineChoice.smallSymbolicModelBits`, as long as `quickProbeGoesOn(_:symbolicBits:)`
    /// says) and keeps its result when it finished.
    ///
    /// - Parameters:
    ///   - request: What the caller asks for.
    ///   - graph: The graph to check.
    public static func choose<R: Route>(_ request: EngineRequest, for graph: NavigationGraph<R>) -> Result<EngineChoice, SymbolicError> {
        switch request {
        case .explicit:
            return .success(EngineChoice(engine: .explicit, requested: request, reason: "asked for by name"))
        case .symbolic:
            let reasons = SymbolicEngine.unsupported(graph)
            guard reasons.isEmpty else { return .failure(.unsupported(reasons)) }
            return .success(EngineChoice(engine: .symbolic, requested: request, reason: "asked for by name"))
        case .automatic:
            let reasons = SymbolicEngine.unsupported(graph)
            guard reasons.isEmpty else {
                return .success(EngineChoice(engine: .explicit, requested: request,
                                             reason: "the symbolic engine does not model " + reasons.joined(separator: "; "),
                                             fallbackReasons: reasons))
            }
            return .success(EngineChoice(engine: .symbolic, requested: request, reason: "it models everything this graph uses"))
        }
    }
}

extension EngineChoice {
    /// About how many boolean variables a state of `graph` takes in the symbolic engine's
    /// encoding (`SymbolicLayout`'s current-state variables, with one overflow slot and layer):
    /// the selected tab, the flags, each modal layer's style and slots, each tab's slots. Worked
    /// out from the declarations without building anything; deep links that can park, events
    /// that grow a stack by more than one step and tab-scoped modal layers add variables this
    /// leaves out, so it is a lower bound. Saturates at `Int.max / 2` for absurd bounds.
    ///
    /// - Parameter graph: The graph whose model is sized.
    /// - Complexity: O(routes).
    public static func symbolicStateBits<R: Route>(of graph: NavigationGraph<R>) -> Int {
        let bounds = graph.bounds
        let routeBits = Double(SymbolicLayout.bits(for: graph.routes.reduce(0) { $0 + $1.samples.count } + 1))
        let tabs = Double(max(1, graph.tabs.count))
        let slots = Double(max(0, bounds.maxStackDepth)) + 1
        let layers = Double(max(0, bounds.maxModalDepth)) + 1
        let bits = Double(SymbolicLayout.bits(for: max(1, graph.tabs.count))) + Double(graph.flags.count)
            + layers * (Double(ModalStyle.codeBitWidth) + slots * routeBits) + tabs * slots * routeBits
        return bits < Double(Int.max / 2) ? Int(bits) : Int.max / 2
    }
}

extension EngineChoice {
    /// Where `auto`'s explicit search of a graph with a small symbolic model (`symbolicBits`
    /// variables a state, at most `EngineChoice.smallSymbolicModelBits`) reached its step
    /// limit: the next limit to go on to, or `nil` to stop there and hand the graph to the
    /// symbolic engine.
    ///
    /// Up to `EngineChoice.quickProbeTransitions` it goes on, as the quick probe always did (a
    /// graph whose levels grow until a depth bound cuts them all at once shows no sign of its
    /// end before it: a random tree of 839 states, 3,284 steps, looked millions of steps long
    /// after 2,000). Past them it goes on `EngineChoice.probeCheckTransitions` steps more while
    /// the steps its levels point to (``ExplicitProbeFigures/predictedTransitions``) beyond
    /// those taken cost no more than the symbolic engine's search: `symbolicBits` times
    /// `EngineChoice.explicitStepsPerSymbolicVariable`. The steps taken are spent either way, so
    /// only what is left is weighed. Never past `EngineChoice.explicitProbeTransitions`.
    ///
    /// - Parameters:
    ///   - figures: How far the explicit search got.
    ///   - symbolicBits: About how many variables a state the symbolic engine's model takes.
    package static func quickProbeGoesOn(_ figures: ExplicitProbeFigures, symbolicBits: Int) -> Int? {
        let next = figures.transitions + probeCheckTransitions
        guard next <= explicitProbeTransitions else { return nil }
        // Before the quick probe's steps, as before the looks: a search whose levels grow until
        // a depth bound cuts them all at once gives no sign of its end in its levels.
        if figures.transitions < quickProbeTransitions { return min(next, quickProbeTransitions) }
        guard let predicted = figures.predictedTransitions else { return nil }
        let symbolicCost = symbolicBits.multipliedReportingOverflow(by: explicitStepsPerSymbolicVariable)
        return symbolicCost.overflow || predicted - figures.transitions <= symbolicCost.partialValue ? next : nil
    }
}
