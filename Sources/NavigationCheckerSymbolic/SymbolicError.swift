import NavigationChecker
import NavigationGraph

/// Why the symbolic engine did not give a result.
public enum SymbolicError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The graph uses something the symbolic engine does not model yet; the explicit engine
    /// checks it (see ``SymbolicEngine/unsupported(_:)``).
    case unsupported([String])
    /// The decision-diagram library stopped (a full node table, no memory): the search is
    /// inconclusive with this engine.
    case decisionDiagrams(DecisionDiagramError)
    /// The search ran past its time limit (`SearchBudget.timeLimit`): inconclusive.
    case timeLimit(seconds: Double)
    /// `CheckCancellation.cancel()` was called (Ctrl-C on the command line): inconclusive.
    case cancelled
    /// The graph cannot be explored at all (lint errors, no initial state).
    case invalidGraph(String)
    /// A symbolic counterexample did not replay through the runtime: the two engines disagree,
    /// which is a bug in the symbolic engine, never a finding.
    case traceDidNotReplay(property: String, reason: String)

    public var description: String {
        switch self {
        case .unsupported(let reasons):
            "the symbolic engine does not model this graph yet (\(reasons.joined(separator: "; "))); use the explicit engine"
        case .decisionDiagrams(let error): error.description
        case .timeLimit(let seconds): "the symbolic search ran past its time limit of \(seconds) s; raise it or lower maxStackDepth"
        case .cancelled: "the symbolic search was cancelled before it reached its fixpoint"
        case .invalidGraph(let message): message
        case .traceDidNotReplay(let property, let reason):
            "the symbolic counterexample for '\(property)' does not replay through the runtime (\(reason)); this is a bug in the symbolic engine, please report it"
        }
    }
}
