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
    /// The route value each plan entry brings in, where one was written, in the order of
    /// ``PlanShape/routeNames`` (stack first, then the modal's routes); `nil`, or no entry, for an
    /// entry named without a value: the route the URL matched when it names the link's route,
    /// else the route's first sample.
    public let planValues: [R?]
    /// The requirement as a condition, when the graph states one.
    public let requirement: GraphCondition<R>?
    public let samples: [Sample]
    public let location: SourceLocation?

    /// Every route name the plan mentions, for lint.
    public var plannedRouteNames: [String] { plan.routeNames }

    /// A declaration whose mapping is built from names: an entry with a value in `planValues`
    /// (aligned with the plan's ``PlanShape/routeNames``) brings in that value; otherwise an
    /// entry naming `routeName` becomes the matched route itself and any other the route
    /// `representatives` gives for its name.
    /// `preferredScheme` and `preferredHost` are what reverse routing writes for the link's
    /// routes (`nil`: the configuration's first).
    public init(
        pattern: String, routeName: String, plan: PlanShape, requirement: GraphCondition<R>?, whenUnmet: DeepLinkMapping<R>.Unmet,
        samples: [Sample], location: SourceLocation?,
        route: @escaping @Sendable (DeepLinkParameters) throws(DeepLinkRejection) -> R,
        parameters: @escaping @Sendable (R) -> DeepLinkParameters?,
        representatives: [String: R],
        graphRouteName: @escaping @Sendable (R) -> String,
        preferredScheme: String? = nil, preferredHost: String? = nil,
        planValues: [R?] = []
    ) {
        let stackCount = plan.stack.count
        let mapping = DeepLinkMapping<R>(
            pattern,
            route: route,
            parameters: parameters,
            plan: { matched in
                func resolve(_ position: Int, _ name: String) -> R? {
                    if position < planValues.count, let value = planValues[position] { return value }
                    return name == routeName ? matched : representatives[name]
                }
                let stack = plan.stack.enumerated().compactMap { resolve($0.offset, $0.element) }
                return NavigationPlan(destination: matched, tab: plan.tab, stack: stack,
                                      modal: plan.modal.map { modal in
                                          NavigationPlan.Modal(style: modal.style,
                                                               routes: modal.routes.enumerated().compactMap { resolve(stackCount + $0.offset, $0.element) })
                                      })
            },
            requirement: requirement.map { condition in
                DeepLinkRequirement(name: condition.text, isSatisfied: condition.compile(routeName: graphRouteName))
            },
            whenUnmet: whenUnmet, preferredScheme: preferredScheme, preferredHost: preferredHost)
        self.mapping = mapping
        self.routeName = routeName
        self.plan = plan
        self.planValues = planValues
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
