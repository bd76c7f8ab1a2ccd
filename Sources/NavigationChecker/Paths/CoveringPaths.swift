import NavigationCore
import NavigationGraph

/// What a set of covering paths must take or show: every declared transition, or every route.
public enum CoverageGoal: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every declared transition that some reachable state takes (what the transition-coverage
    /// property counts as taken).
    case transitions
    /// Every route that some reachable state shows on top (what route reachability counts).
    case routes
}

/// A small set of action sequences from launch that together take every coverable transition
/// (or show every reachable route) of a graph within its bounds: ``Checker/coveringPaths(_:)``.
///
/// ```swift
/// let cover = try Checker(graph).coveringPaths(.transitions)
/// print(cover.paths.count, cover.totalLength, cover.lowerBound)
/// for path in cover.paths { print(path.steps.map(\.label)) }
/// ```
public struct CoveringPaths<R: Route>: Sendable {
    /// One action of a path and the state it led to.
    public struct Step: Sendable {
        /// The explorer's action: what to do.
        public let action: ExplorerAction
        /// The action as traces word it (`push catalog → product(id: 1)`).
        public let label: String
        /// The state after the action, as the explorer computed it.
        public let state: NavigationState<R>
        /// What this step covered first: a transition's label, or a route's name; empty when
        /// it only leads somewhere.
        public let covers: [String]
    }

    /// One sequence of actions from launch.
    public struct Path: Sendable {
        /// The actions from launch, in order.
        public let steps: [Step]
    }

    /// A transition or route the paths do not cover, and why.
    public struct Uncovered: Sendable, Hashable, Codable {
        /// - Parameters:
        ///   - name: the transition's label or the route's name.
        ///   - reason: why no path covers it.
        ///   - proven: whether a search that stored every state within the depth bounds never
        ///     took (showed) it.
        public init(name: String, reason: String, proven: Bool) {
            self.name = name
            self.reason = reason
            self.proven = proven
        }

        /// The transition's label (`push catalog → product`) or the route's name.
        public let name: String
        /// Why: the depth bounds cut its successors, its source is never on top, …
        public let reason: String
        /// Whether it is proven never taken (shown) within the depth bounds: the explicit
        /// search, or the covering walk's last search from launch, stored every state within
        /// them. `false` when a budget stopped both first: then it may yet be taken.
        public let proven: Bool
    }

    /// What the covering walk did, which takes what a search cut short did not take (or show)
    /// by breadth-first searches from the paths' ends and from launch, each storing at most
    /// the graph's `maxStates` states (see ``Checker/coveringPaths(_:)``).
    public struct Walk: Sendable, Hashable, Codable {
        /// The searches it ran.
        public let searches: Int
        /// The states they stored, over all searches.
        public let states: Int
        /// The targets it covered that the search had not taken (or shown).
        public let found: Int
        /// Whether its last search, from launch, stored every state within the depth bounds
        /// without finding what is left: then what is left is proven never taken (shown).
        public let exhausted: Bool
        /// What stopped it before it was done, if anything did (the time limit, a cancellation).
        public let stoppedBy: SearchCutoff.Budget?
    }

    /// What the paths cover.
    public let goal: CoverageGoal
    /// The launch state every path starts from.
    public let initial: NavigationState<R>
    /// The paths, in the order they were planned.
    public let paths: [Path]
    /// What there is to cover: the transitions (labels) or routes (names) that are taken or
    /// shown within the bounds (by the search, or by the covering walk after it), in
    /// declaration order.
    public let coverable: [String]
    /// How many of ``coverable`` the paths take or show (all of them: a shortfall is a bug).
    public let covered: Int
    /// The declared transitions or routes no path takes or shows, with why (see
    /// ``Uncovered/proven``).
    public let uncovered: [Uncovered]
    /// A bound no set of paths from launch can beat (see ``Checker/coveringPaths(_:)``).
    public let lowerBound: Int
    /// States the search stored.
    public let states: Int
    /// Whether the search explored every state within the depth bounds (no state limit, time
    /// or memory budget stopped it).
    public let complete: Bool
    /// What stopped the search early, if a budget did (`maxStates`, memory, time).
    public let cutoff: SearchCutoff?
    /// What the covering walk did, when the search was cut short (`nil` when it explored every
    /// state within the depth bounds: then the paths need no walk).
    public let walk: Walk?

    /// The number of actions over all paths.
    public var totalLength: Int { paths.reduce(0) { $0 + $1.steps.count } }
}
