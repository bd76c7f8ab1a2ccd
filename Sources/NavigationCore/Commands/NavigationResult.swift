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
    /// Middleware redirected or rewrote the single step: `redirect` names the command asked for,
    /// the one that ran instead and the middleware that changed it; `result` is what became of
    /// the command that ran (`.success`, or a failure or cancellation of the new command).
    case redirected(NavigationRedirect<R>, result: NavigationResult<R>)
    /// A ``NavigationCommand/request(_:)`` was resolved: presented by an owner (the state
    /// changed) or dropped (the state is unchanged). A drop is not a failure, but nothing
    /// asked was done, so it has not ``succeeded``.
    case requested(RequestResolution<R>)

    /// Whether everything asked was done: every step of a sequence succeeded, a fallback that
    /// ran succeeded, and a command middleware redirected ran successfully in its new form.
    ///
    /// A redirect counts as success when the new command ran, as the middleware meant it to;
    /// read ``redirect`` to learn that something else ran than what was asked.
    public var succeeded: Bool {
        switch self {
        case .success: true
        case .failure, .cancelled: false
        case .sequence(let results): results.allSatisfy(\.succeeded)
        case .fellBack(_, let fallback): fallback.succeeded
        case .redirected(_, let result): result.succeeded
        case .requested(let resolution): resolution.presentation != nil
        }
    }

    /// Whether the command ran exactly as asked and succeeded: `.success`, or a sequence whose
    /// every step did (a redirect or a fallback is not).
    public var succeededAsAsked: Bool {
        switch self {
        case .success: true
        case .failure, .cancelled, .fellBack, .redirected: false
        case .sequence(let results): results.allSatisfy(\.succeededAsAsked)
        case .requested(let resolution): resolution.presentation != nil
        }
    }

    /// How a request was resolved, when the step was one (after a redirect too).
    public var resolution: RequestResolution<R>? {
        switch self {
        case .requested(let resolution): resolution
        case .redirected(_, let result): result.resolution
        default: nil
        }
    }

    /// The redirect of a single step, when middleware redirected or rewrote it.
    public var redirect: NavigationRedirect<R>? {
        if case .redirected(let redirect, _) = self { return redirect }
        return nil
    }

    /// The first failure inside this result, if any.
    public var firstFailure: NavigationFailure<R>? {
        switch self {
        case .success, .cancelled, .requested: nil
        case .failure(let failure): failure
        case .sequence(let results): results.lazy.compactMap(\.firstFailure).first
        case .fellBack(_, let fallback): fallback.firstFailure
        case .redirected(_, let result): result.firstFailure
        }
    }

    /// The cancellation, when the command (not a fallback) was cancelled outright, before or
    /// after a redirect: ``NavigationCancellation/middleware`` says by whom.
    public var cancellation: NavigationCancellation? {
        switch self {
        case .cancelled(let cancellation): cancellation
        case .redirected(_, let result): result.cancellation
        default: nil
        }
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
        case .redirected(let redirect, let result): "redirected (\(redirect)): \(result)"
        case .requested(let resolution): "\(resolution)"
        }
    }
}
