import NavigationCore

/// A deep link of the graph: its runtime mapping plus what lint, export and the explorer need.
public struct DeepLinkDeclaration<R: Route>: Sendable {
    /// What a sample URL is expected to do.
    public enum Expectation: String, Hashable, Sendable, Codable, CaseIterable {
        case plan, pending, rejected, unhandled
    }

    /// An outcome expected only in the states where `condition` holds (evaluated in the state
    /// the link is opened from).
    public struct ConditionalExpectation: Hashable, Sendable {
        public let condition: GraphCondition<R>
        public let outcome: Expectation

        public init(condition: GraphCondition<R>, outcome: Expectation) {
            self.condition = condition
            self.outcome = outcome
        }

        // A condition compares by how it reads: two closures of one name are the same declaration.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.condition.text == rhs.condition.text && lhs.outcome == rhs.outcome }
        public func hash(into hasher: inout Hasher) {
            hasher.combine(condition.text)
            hasher.combine(outcome)
        }
    }

    /// A URL the explorer opens from every state, and what it should do.
    ///
    /// A plain sample expects one outcome everywhere. A sample whose outcome depends on the
    /// state lists ``conditional`` outcomes: in the state the link is opened from, the first
    /// whose condition holds is expected, and ``expect`` where none does (`/@alice/111` planned
    /// when `signedIn`, otherwise rejected).
    public struct Sample: Hashable, Sendable {
        public let url: String
        /// The outcome expected where no entry of ``conditional`` holds (everywhere, for a plain sample).
        public let expect: Expectation
        /// Outcomes by state, the first that holds wins; empty for a plain sample.
        public let conditional: [ConditionalExpectation]
        public let location: SourceLocation?

        public init(url: String, expect: Expectation, conditional: [ConditionalExpectation] = [], location: SourceLocation? = nil) {
            self.url = url
            self.expect = expect
            self.conditional = conditional
            self.location = location
        }

        /// The expectation as a document writes it: `plan`, or
        /// `when signedIn: plan, otherwise rejected`.
        public var expectationText: String {
            conditional.isEmpty ? expect.rawValue
                : (conditional.map { "when \($0.condition.text): \($0.outcome.rawValue)" } + ["otherwise \(expect.rawValue)"]).joined(separator: ", ")
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
    /// ``DeepLinkPlanShape/routeNames`` (stack first, then the modal's routes); `nil`, or no entry, for an
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
    /// (aligned with the plan's ``DeepLinkPlanShape/routeNames``) brings in that value; otherwise an
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
                                      },
                                      mode: plan.mode, underModals: plan.underModals, flags: plan.flags)
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

/// Where a link takes the app, by route name: the tab, the stack (root first, or the routes
/// to push in ``mode`` push) and a modal. An entry naming the link's own route stands for the
/// route the URL matched.
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
    /// Whether ``stack`` replaces the tab's stack (the default) or is pushed onto the current one.
    public let mode: NavigationPlanMode
    /// For `mode: push` on the selected tab: whether the modals are dismissed first (the
    /// default) or kept over the pushed routes (`underModals: keep`).
    public let underModals: NavigationPlanUnderModals
    /// The flags the link sets or clears when its plan runs (`set: { signedIn: true }`).
    public let flags: [FlagName: Bool]

    public init(tab: TabID? = nil, stack: [String] = [], modal: Modal? = nil, mode: NavigationPlanMode = .replace,
                underModals: NavigationPlanUnderModals = .dismiss, flags: [FlagName: Bool] = [:]) {
        self.tab = tab
        self.stack = stack
        self.modal = modal
        self.mode = mode
        self.underModals = underModals
        self.flags = flags
    }

    /// The flag changes in name order, as the plan applies them.
    public var flagChanges: [(flag: FlagName, value: Bool)] {
        flags.sorted { $0.key < $1.key }.map { (flag: $0.key, value: $0.value) }
    }

    /// Every route name the plan mentions, stack first.
    public var routeNames: [String] { stack + (modal?.routes ?? []) }
}
