/// One deep link an app understands: a URL pattern, the route it means (both ways), where it
/// takes the app, and what it needs first.
///
/// ```swift
/// let product = DeepLinkMapping<ShopRoute>(
///     "/products/:id",
///     route: { parameters throws(DeepLinkRejection) in .product(id: try parameters.int("id")) },
///     parameters: { route in
///         guard case .product(let id) = route else { return nil }
///         return DeepLinkParameters(["id": String(id)])
///     },
///     plan: { route in NavigationPlan(destination: route, stack: [.catalog, route]) })
/// ```
public struct DeepLinkMapping<R: Route>: Sendable {
    /// What to do with a link whose requirement does not hold.
    public enum Unmet: Hashable, Sendable {
        /// Park it in the pending slot and resume it when the requirement holds.
        case pend
        /// Reject it.
        case reject
    }

    /// The pattern as written.
    public let patternText: String
    let makeRoute: @Sendable (DeepLinkParameters) throws(DeepLinkRejection) -> R
    let makeParameters: @Sendable (R) -> DeepLinkParameters?
    let makePlan: @Sendable (R) -> NavigationPlan<R>
    /// What the link needs before it navigates, if anything.
    public let requirement: DeepLinkRequirement<R>?
    /// What happens when the requirement does not hold.
    public let whenUnmet: Unmet
    /// The scheme reverse routing writes for this link's routes, e.g. `https` for links meant
    /// to be shared; `nil` for the configuration's first scheme.
    public let preferredScheme: String?
    /// The host reverse routing writes with a web scheme; `nil` for the configuration's first host.
    public let preferredHost: String?

    /// Creates a mapping.
    ///
    /// - Parameters:
    ///   - pattern: The URL pattern (see ``DeepLinkPattern``).
    ///   - route: Builds the route from the captured parameters; throws
    ///     ``DeepLinkRejection/invalidParameter(name:value:reason:)`` for values it cannot use.
    ///   - parameters: The reverse: the parameters that produce `route`, or `nil` when this
    ///     mapping does not stand for that route. Used by reverse routing.
    ///   - plan: Where the route takes the app.
    ///   - requirement: What must hold first, e.g. `.flag("signedIn")`.
    ///   - whenUnmet: Park the link until the requirement holds (the default), or reject it.
    ///   - preferredScheme: The scheme reverse routing writes for this link (one of the
    ///     configuration's), e.g. `https`; `nil` for the configuration's first.
    ///   - preferredHost: The host reverse routing writes with a web scheme; `nil` for the
    ///     configuration's first.
    public init(
        _ pattern: String,
        route: @escaping @Sendable (DeepLinkParameters) throws(DeepLinkRejection) -> R,
        parameters: @escaping @Sendable (R) -> DeepLinkParameters?,
        plan: @escaping @Sendable (R) -> NavigationPlan<R>,
        requirement: DeepLinkRequirement<R>? = nil,
        whenUnmet: Unmet = .pend,
        preferredScheme: String? = nil,
        preferredHost: String? = nil
    ) {
        self.patternText = pattern
        self.makeRoute = route
        self.makeParameters = parameters
        self.makePlan = plan
        self.requirement = requirement
        self.whenUnmet = whenUnmet
        self.preferredScheme = preferredScheme?.lowercased()
        self.preferredHost = preferredHost?.lowercased()
    }

    /// Creates a mapping for a route without parameters, e.g. `/cart` for `.cart`.
    public init(
        _ pattern: String,
        route: R,
        plan: @escaping @Sendable (R) -> NavigationPlan<R>,
        requirement: DeepLinkRequirement<R>? = nil,
        whenUnmet: Unmet = .pend,
        preferredScheme: String? = nil,
        preferredHost: String? = nil
    ) {
        self.init(
            pattern,
            route: { _ throws(DeepLinkRejection) in route },
            parameters: { $0 == route ? DeepLinkParameters([:]) : nil },
            plan: plan, requirement: requirement, whenUnmet: whenUnmet,
            preferredScheme: preferredScheme, preferredHost: preferredHost)
    }
}
