import NavigationCore

/// A deep link of the graph: its runtime mapping plus what lint and the explorer need to know.
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

    /// The runtime mapping (pattern, route both ways, plan, requirement).
    public let mapping: DeepLinkMapping<R>
    /// The name of the route the link leads to.
    public let routeName: String
    /// Every route name the plan mentions, for lint.
    public let plannedRouteNames: [String]
    /// The requirement as a condition, for lint, when it was written in the language.
    public let requirement: GraphCondition<R>?
    public let samples: [Sample]
    public let location: SourceLocation?

    public init(mapping: DeepLinkMapping<R>, routeName: String, plannedRouteNames: [String], requirement: GraphCondition<R>? = nil,
                samples: [Sample] = [], location: SourceLocation? = nil) {
        self.mapping = mapping
        self.routeName = routeName
        self.plannedRouteNames = plannedRouteNames
        self.requirement = requirement
        self.samples = samples
        self.location = location
    }
}
