/// The aggregated result of a batch: every step ran through the middleware on its own, and
/// steps that succeeded stay applied.
public struct BatchResult<R: Route>: Hashable, Sendable {
    /// The result of each step that ran, in order.
    public let results: [NavigationResult<R>]
    /// How many commands the batch was given.
    public let commandCount: Int

    /// Whether every command ran and succeeded.
    public var succeeded: Bool { results.count == commandCount && results.allSatisfy(\.succeeded) }

    /// Whether the batch stopped early on a failure.
    public var stoppedEarly: Bool { results.count < commandCount }

    /// The indexes of the steps that failed or were cancelled.
    public var failedSteps: [Int] { results.indices.filter { !results[$0].succeeded } }
}

/// The result of a transaction: all steps committed, or none.
public enum TransactionResult<R: Route>: Hashable, Sendable {
    /// Every step succeeded and the shadow state became the state.
    case committed([NavigationResult<R>])
    /// Step `failedStep` failed or was cancelled with `result`; the state was left untouched.
    /// `completed` holds the results of the steps before it, which were discarded.
    case rolledBack(failedStep: Int, result: NavigationResult<R>, completed: [NavigationResult<R>])

    /// Whether the transaction committed.
    public var committed: Bool {
        if case .committed = self { return true }
        return false
    }
}

extension BatchResult: CustomStringConvertible {
    public var description: String {
        let steps = results.map(\.description).joined(separator: "; ")
        return stoppedEarly ? "stopped after \(results.count) of \(commandCount): [\(steps)]" : "[\(steps)]"
    }
}

extension TransactionResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .committed(let results):
            "committed \(results.count) step\(results.count == 1 ? "" : "s")"
        case .rolledBack(let step, let result, _):
            "rolled back at step \(step) (\(result))"
        }
    }
}
