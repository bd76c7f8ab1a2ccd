/// What the pipeline decided for a URL.
public enum DeepLinkDecision<R: Route>: Sendable {
    /// Navigate: run the plan as one transaction.
    case plan(NavigationPlan<R>)
    /// Wait: the link's requirement does not hold yet; park it in the pending slot.
    case pending(PendingDeepLink)
    /// Refuse, for the reason given.
    case rejected(DeepLinkRejection)
    /// The URL is acceptable but no pattern matches it.
    case unhandled(String)
}

/// What opening (or resuming) a deep link did to the state.
public enum DeepLinkOutcome<R: Route>: Hashable, Sendable {
    /// The plan ran; the transaction's result says whether it committed.
    case navigated(NavigationPlan<R>, TransactionResult<R>)
    /// The link was parked; `replaced` is the older link it pushed out of the slot, if any.
    case parked(PendingDeepLink, replaced: PendingDeepLink?)
    /// The link was refused (a resumed link is also removed from the slot).
    case rejected(DeepLinkRejection)
    /// No pattern matched (a resumed link is also removed from the slot).
    case unhandled(String)
    /// A pending link's requirement still does not hold; nothing changed.
    case stillPending(PendingDeepLink)
}

extension DeepLinkOutcome {
    /// How the plan's request was resolved, for a link whose plan requests its route
    /// (``NavigationPlanMode/request``): presented by an owner, or dropped (the transaction
    /// rolled back and the state is unchanged). `nil` for other outcomes, and when middleware
    /// cancelled the request before it was resolved.
    ///
    /// ```swift
    /// if let drop = store.open("social://share/7").requestResolution?.drop { log(drop) }
    /// ```
    public var requestResolution: RequestResolution<R>? {
        guard case .navigated(let plan, let transaction) = self, plan.mode == .request else { return nil }
        switch transaction {
        case .committed(let results): return results.lazy.compactMap(\.resolution).last
        case .rolledBack(_, let result, _): return result.resolution
        }
    }
}

extension DeepLinkOutcome: CustomStringConvertible {
    public var description: String {
        switch self {
        case .navigated(let plan, let result) where plan.mode == .request:
            "requested \(plan.destination): \(requestResolution.map(\.description) ?? "\(result)")"
        case .navigated(let plan, let result): "navigated to \(plan.destination): \(result)"
        case .parked(let link, let replaced):
            "parked \(link)" + (replaced.map { ", replacing \($0.url)" } ?? "")
        case .rejected(let reason): "rejected: \(reason)"
        case .unhandled(let url): "unhandled: no pattern matches \(url)"
        case .stillPending(let link): "still pending: \(link)"
        }
    }
}

/// What a URL means regardless of state: matched to a plan (with the requirement still to
/// check), rejected, or unhandled. See ``DeepLinkPipeline/resolve(_:)``.
public enum DeepLinkResolution<R: Route>: Sendable {
    case matched(url: String, plan: NavigationPlan<R>, requirement: DeepLinkRequirement<R>?, whenUnmet: DeepLinkMapping<R>.Unmet)
    case rejected(DeepLinkRejection)
    case unhandled(String)
}
