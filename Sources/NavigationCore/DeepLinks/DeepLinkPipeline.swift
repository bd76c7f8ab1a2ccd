/// Decides what an incoming URL means and carries it out.
///
/// ``decide(_:in:)-(String,_)`` checks, in this order, stopping at the first answer:
/// 1. **limits and form**: length, characters, segment and query-item counts, empty and dot
///    segments, percent escapes (→ `.rejected`);
/// 2. **scheme** (→ `.rejected(.schemeNotAllowed)`);
/// 3. **host**, for web schemes (→ `.rejected(.hostNotAllowed)`);
/// 4. **match**: the first declared pattern that fits (→ `.unhandled` when none does), as
///    strictly as the configuration's ``DeepLinkMatching`` says;
/// 5. **plan**: the winning mapping builds its route and plan (→ `.rejected(.invalidParameter)`);
/// 6. **requirement**: when it does not hold, `.pending` (or `.rejected` if the mapping says so).
///
/// ``open(_:on:using:)-(String,_,_)`` then runs a plan as one transaction through the executor (guards
/// included; a ``NavigationPlanMode/request`` plan is one request, resolved by ownership), or
/// parks a pending link, replacing any older one. ``resumePending(on:using:resolve:)``
/// decides a parked link again against the state as it is now.
///
/// ```swift
/// let pipeline = DeepLinkPipeline(configuration: .init(schemes: ["shop", "https"], hosts: ["shop.example"]),
///                                 matcher: try DeepLinkMatcher(strict: [product, checkout]))
/// pipeline.open("shop://products/7", on: &state, using: executor)
/// ```
public struct DeepLinkPipeline<R: Route>: Sendable {
    public var configuration: DeepLinkConfiguration
    public var matcher: DeepLinkMatcher<R>

    public init(configuration: DeepLinkConfiguration, matcher: DeepLinkMatcher<R>) {
        self.configuration = configuration
        self.matcher = matcher
    }

    /// What `url` means regardless of state: steps 1 to 5 (form, scheme, host, match, plan).
    ///
    /// A resolution can be kept and decided again in many states (the explorer opens each
    /// sample URL from every state); ``decide(_:in:)-(String,_)`` is `decide(resolve(url), in:)`.
    ///
    /// - Complexity: O(*n* + *m*·*s*) for a URL of *n* bytes, *m* mappings and *s* segments;
    ///   *n* and *s* are bounded by the configuration's limits.
    @_specialize(exported: true, where R == DynamicRoute)
    public func resolve(_ url: String) -> DeepLinkResolution<R> {
        do {
            let parsed = try DeepLinkURL.parse(url, limits: configuration.limits)
            let matching = configuration.matching
            let scheme = matching.caseSensitive.contains(.scheme) ? parsed.writtenScheme : parsed.scheme
            guard configuration.schemes.contains(scheme) else {
                return .rejected(.schemeNotAllowed(scheme, allowed: configuration.schemes))
            }
            let segments: [String]
            if DeepLinkConfiguration.isWeb(parsed.scheme) {
                guard configuration.hosts.contains(matching.caseSensitive.contains(.host) ? parsed.host : parsed.host.lowercased()) else {
                    return .rejected(.hostNotAllowed(parsed.host, allowed: configuration.hosts))
                }
                segments = parsed.pathSegments
            } else {
                segments = try parsed.segmentsWithHost(limits: configuration.limits)
            }
            // A trailing slash, when refused, makes the URL fit no pattern, as a regex ending in `$`.
            if matching.trailingSlash == .reject && parsed.endsWithSlash && !segments.isEmpty { return .unhandled(url) }
            guard let match = try matcher.match(segments, in: parsed, unknownQuery: matching.unknownQuery) else { return .unhandled(url) }
            return .matched(url: url, plan: match.mapping.makePlan(match.route), requirement: match.mapping.requirement, whenUnmet: match.mapping.whenUnmet)
        } catch {
            return .rejected(error)
        }
    }

    /// Decides what `url` means in `state`, without changing anything.
    public func decide(_ url: String, in state: NavigationState<R>) -> DeepLinkDecision<R> {
        decide(resolve(url), in: state)
    }

    /// Step 6: decides a resolved link against `state`'s requirement.
    @_specialize(exported: true, where R == DynamicRoute)
    public func decide(_ resolution: DeepLinkResolution<R>, in state: NavigationState<R>) -> DeepLinkDecision<R> {
        switch resolution {
        case .rejected(let reason): return .rejected(reason)
        case .unhandled(let url): return .unhandled(url)
        case .matched(let url, let plan, let requirement, let whenUnmet):
            if let requirement, !requirement.isSatisfied(in: state) {
                switch whenUnmet {
                case .pend: return .pending(PendingDeepLink(url: url, requirement: requirement.name))
                case .reject: return .rejected(.requirementNotMet(requirement.name))
                }
            }
            return .plan(plan)
        }
    }

    /// Decides `url` and acts on it: runs a plan as one transaction, or parks a pending link.
    @discardableResult
    public func open(_ url: String, on state: inout NavigationState<R>, using executor: NavigationExecutor<R>) -> DeepLinkOutcome<R> {
        open(resolve(url), on: &state, using: executor)
    }

    /// Acts on a resolved link, as ``open(_:on:using:)`` does.
    @discardableResult
    @_specialize(exported: true, where R == DynamicRoute)
    public func open(_ resolution: DeepLinkResolution<R>, on state: inout NavigationState<R>, using executor: NavigationExecutor<R>) -> DeepLinkOutcome<R> {
        switch decide(resolution, in: state) {
        case .plan(let plan):
            return .navigated(plan, executor.executeTransaction(plan.commands(in: state), on: &state))
        case .pending(let link):
            let replaced = state.pendingDeepLink
            executor.execute(.setPendingDeepLink(link), on: &state)
            return .parked(link, replaced: replaced)
        case .rejected(let reason):
            return .rejected(reason)
        case .unhandled(let url):
            return .unhandled(url)
        }
    }

    /// Decides the pending link again, against `state` as it is now.
    ///
    /// A plan runs as one transaction that also clears the slot, so a plan that rolls back
    /// leaves the link parked, to be tried again: a request plan whose request is dropped too
    /// (a high-priority flow that is up, say, may be gone by then). A link that is now rejected
    /// or unhandled is removed from the slot; one whose requirement still fails stays.
    ///
    /// - Parameters:
    ///   - state: The state to decide in; the plan, if any, is applied to it.
    ///   - executor: Runs the plan through the middleware.
    ///   - resolve: How to resolve the pending URL; by default ``resolve(_:)``. The explorer
    ///     passes its cache of resolutions.
    /// - Returns: `nil` when no link is pending.
    @discardableResult
    @_specialize(exported: true, where R == DynamicRoute)
    public func resumePending(
        on state: inout NavigationState<R>, using executor: NavigationExecutor<R>,
        resolve: ((String) -> DeepLinkResolution<R>)? = nil
    ) -> DeepLinkOutcome<R>? {
        guard let pending = state.pendingDeepLink else { return nil }
        switch decide(resolve?(pending.url) ?? self.resolve(pending.url), in: state) {
        case .plan(let plan):
            let commands = [.setPendingDeepLink(nil)] + plan.commands(in: state)
            return .navigated(plan, executor.executeTransaction(commands, on: &state))
        case .pending:
            return .stillPending(pending)
        case .rejected(let reason):
            executor.execute(.setPendingDeepLink(nil), on: &state)
            return .rejected(reason)
        case .unhandled(let url):
            executor.execute(.setPendingDeepLink(nil), on: &state)
            return .unhandled(url)
        }
    }

    /// The full URL that stands for `route`: the scheme (and, for a web scheme, the host) the
    /// mapping prefers, else the configuration's first.
    ///
    /// - Throws: ``DeepLinkReverseError`` when no mapping stands for `route`.
    public func url(for route: R) throws(DeepLinkReverseError) -> String {
        let (path, mapping) = try matcher.reverse(route)
        let scheme = mapping.preferredScheme ?? configuration.schemes[0]
        if DeepLinkConfiguration.isWeb(scheme) {
            return "\(scheme)://\(mapping.preferredHost ?? configuration.hosts.first ?? "")\(path)"
        }
        // A custom scheme writes the first path segment in the host's place: shop://products/7.
        return "\(scheme):/\(path)"
    }
}
