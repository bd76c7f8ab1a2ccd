/// What became of a command.
///
/// A `success` or `failure` answers a single step. Composite commands answer with the results
/// of their parts, so the caller sees exactly which step did what.
public indirect enum NavigationResult<R: Route>: Hashable, Sendable {
    /// The command ran and the state changed (or was already as asked).
    case success
    /// The engine refused the command; the state is unchanged.
    case failure(NavigationFailure<R>)
    /// A middleware cancelled the command; the state is unchanged.
    case cancelled(NavigationCancellation)
    /// The results of a `sequence`'s steps, in order.
    case sequence([NavigationResult<R>])
    /// The primary command of a `whenCancelled` was cancelled, and this is the fallback's result.
    case fellBack(NavigationCancellation, fallback: NavigationResult<R>)

    /// Whether everything asked was done: every step of a sequence succeeded, and a fallback
    /// that ran succeeded.
    public var succeeded: Bool {
        switch self {
        case .success: true
        case .failure, .cancelled: false
        case .sequence(let results): results.allSatisfy(\.succeeded)
        case .fellBack(_, let fallback): fallback.succeeded
        }
    }

    /// The first failure inside this result, if any.
    public var firstFailure: NavigationFailure<R>? {
        switch self {
        case .success, .cancelled: nil
        case .failure(let failure): failure
        case .sequence(let results): results.lazy.compactMap(\.firstFailure).first
        case .fellBack(_, let fallback): fallback.firstFailure
        }
    }

    /// The cancellation, when the command (not a fallback) was cancelled outright.
    public var cancellation: NavigationCancellation? {
        if case .cancelled(let cancellation) = self { return cancellation }
        return nil
    }
}

extension NavigationResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .success: "success"
        case .failure(let failure): "failure: \(failure)"
        case .cancelled(let cancellation): "cancelled: \(cancellation)"
        case .sequence(let results): "[" + results.map(\.description).joined(separator: "; ") + "]"
        case .fellBack(let cancellation, let fallback): "cancelled (\(cancellation)), fallback: \(fallback)"
        }
    }
}
