import NavigationGraph

/// Why a graph was not explored.
public enum CheckerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Lint found errors; exploring a graph with undeclared names would check something else.
    case lintErrors([LintFinding], file: String?)
    /// The graph has no valid initial state.
    case invalidInitialState(String)
    /// More than 65,535 distinct routes appeared (deep links building routes from URLs).
    case tooManyRoutes
    /// A state held more than 255 tabs, modal layers or routes on one stack (the explorer
    /// encodes these counts in one byte); only bounds above 255 let a stack grow that deep.
    case stateTooLarge
    /// The explorer found itself inconsistent: a bug in NavGraph, not in the graph.
    case internalError(String)
    /// A replayed action is not enabled in the state it was applied to.
    case actionNotEnabled(step: Int, action: ExplorerAction)
    /// The state graph asked for has more states than the limit given.
    case stateGraphTooLarge(limit: Int)

    public var description: String {
        switch self {
        case .lintErrors(let findings, let file):
            "the graph has \(findings.count) lint error\(findings.count == 1 ? "" : "s"); fix them before exploring:\n"
                + findings.map { $0.formatted(file: file) }.joined(separator: "\n")
        case .invalidInitialState(let message): "no initial state: \(message)"
        case .tooManyRoutes: "more than 65,535 distinct routes appeared; deep-link samples probably build unbounded routes — use fewer sample URLs"
        case .stateTooLarge:
            "a state has more than 255 tabs, modal layers or routes on one stack; lower maxStackDepth and maxModalDepth below 256"
        case .internalError(let message): "internal error in the explorer (please report it): \(message)"
        case .actionNotEnabled(let step, let action): "step \(step) of the trace (\(action)) is not enabled in the state before it"
        case .stateGraphTooLarge(let limit):
            "the model has more than \(limit) states; state diagrams are for small models — draw the route graph, or lower the graph's bounds"
        }
    }
}
