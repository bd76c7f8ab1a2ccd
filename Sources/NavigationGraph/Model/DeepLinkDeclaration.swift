import NavigationCore

/// A deep link of the graph: its runtime mapping plus what lint, export and the explorer need.
public struct DeepLinkDeclaration<R: Route>: Sendable {
    /// What a sample URL is expected to do.
    public enum Expectation: String, Hashable, Sendable, Codable, CaseIterable {
        case plan, pending, rejected, unhandled
    }

    /// A URL the explorer opens from every state, and what it should do.
    public struct Sample: Hashable, Sendable {
        public let url: String
        public let expect: Expectation
        public let location: SourceLocation?

        public init(url: String, expect: Expectation, location: SourceLocation? = nil) {
            self.url = url
            self.expect = expect
            self.location = location
        }
    }

    /// Where a link takes the app, by route name.
    public typealias PlanShape = DeepLinkPlanShape

    /// The runtime mapping (pattern, route both ways, plan, requirement).
    public let mapping: DeepLinkMapping<R>
    /// The name of the route the link leads to.
    public let routeName: String
    /// Where the plan takes the app, by name.
    public let plan: PlanShape
    /// The requirement as a condition, when the graph states one.
    public let requirement: GraphCondition<R>?
    public let samples: [Sample]
    public let location: SourceLocation?

    /// Every route name the plan mentions, for lint.
    public var plannedRouteNames: [String] { plan.routeNames }

    /// A declaration whose mapping is built from names: `representatives` gives the route each
    /// plan entry stands for; entries naming `routeName` become the matched route itself.
    /// `preferredScheme` and `preferredHost` are what reverse routing writes for the link's
    /// routes (`nil`: the configuration's first).
    public init(
        pattern: String, routeName: String, plan: PlanShape, requirement: GraphCondition<R>?, whenUnmet: DeepLinkMapping<R>.Unmet,
        samples: [Sample], location: SourceLocation?,
        route: @escaping @Sendable (DeepLinkParameters) throws(DeepLinkRejection) -> R,
        parameters: @escaping @Sendable (R) -> DeepLinkParameters?,
        representatives: [String: R],
        graphRouteName: @escaping @Sendable (R) -> String,
        preferredScheme: String? = nil, preferredHost: String? = nil
    ) {
        let mapping = DeepLinkMapping<R>(
            pattern,
            route: route,
            parameters: parameters,
            plan: { matched in
                func resolve(_ name: String) -> R? { name == routeName ? matched : representatives[name] }
                return NavigationPlan(destination: matched, tab: plan.tab, stack: plan.stack.compactMap(resolve),
                                      modal: plan.modal.map { NavigationPlan.Modal(style: $0.style, routes: $0.routes.compactMap(resolve)) })
            },
            requirement: requirement.map { condition in
                DeepLinkRequirement(name: condition.text, isSatisfied: condition.compile(routeName: graphRouteName))
            },
            whenUnmet: whenUnmet, preferredScheme: preferredScheme, preferredHost: preferredHost)
        self.mapping = mapping
        self.routeName = routeName
        self.plan = plan
        self.requirement = requirement
        self.samples = samples
        self.location = location
    }
}

/// Where a link takes the app, by route name: the tab, the stack (root first) and a modal.
/// An entry naming the link's own route stands for the route the URL matched.
public struct DeepLinkPlanShape: Hashable, Sendable {
    public struct Modal: Hashable, Sendable {
        public let style: ModalStyle
        public let routes: [String]

        public init(style: ModalStyle, routes: [String]) {
            self.style = style
            self.routes = routes
        }
    }

    public let tab: TabID?
    public let stack: [String]
    public let modal: Modal?

    public init(tab: TabID? = nil, stack: [String] = [], modal: Modal? = nil) {
        self.tab = tab
        self.stack = stack
        self.modal = modal
    }

    /// Every route name the plan mentions, stack first.
    public var routeNames: [String] { stack + (modal?.routes ?? []) }
}
