import NavigationChecker
import NavigationCore
import NavigationGraph

extension EngineChoice {
    /// The engine for `graph` under `request`, or the reasons the symbolic engine cannot model
    /// it when it was asked for by name. For `EngineRequest.automatic` this is the engine for
    /// a large model (the symbolic one when it models the graph): `GraphCheck.run` first lets
    /// the explicit engine try `EngineChoice.explicitProbeStates` states and keeps its result
    /// when it finished.
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
