import NavigationCore
import NavigationGraph

/// Covering paths as `navgraph paths --format json` writes them: plain strings, so any tool can
/// read them without NavGraph's types. Keys are written sorted.
///
/// ```json
/// {"complete": true, "cover": "transitions", "coverable": 6, "covered": 6, "graph": "Shop",
///  "lowerBound": 6, "paths": [{"length": 3, "steps": [{"action": "push catalog → product(id: 1)",
///  "covers": ["push catalog → product"], "state": {"flags": [], "modals": [],
///  "stack": ["catalog", "product(id: 1)"]}}]}], "states": 412, "totalLength": 9, "uncovered": []}
/// ```
public struct CoveringPathsDocument: Codable, Sendable, Hashable {
    /// A state as the user sees it.
    public struct State: Codable, Sendable, Hashable {
        /// The selected tab, in a graph with tabs.
        public var tab: String?
        /// The selected tab's stack (under any modals), root first.
        public var stack: [String]
        /// The modal layers, bottom first, each as `style: route > route`.
        public var modals: [String]
        /// The flags that are set, sorted.
        public var flags: [String]
    }

    /// One action and what it led to.
    public struct Step: Codable, Sendable, Hashable {
        /// The action as traces word it: `push catalog → product(id: 1)`, `Back`, `select tab home`.
        public var action: String
        /// The transitions (labels) or routes (names) this step covered first.
        public var covers: [String]
        public var state: State
    }

    public struct Path: Codable, Sendable, Hashable {
        public var length: Int
        public var steps: [Step]
    }

    /// What the covering walk did after a search cut short (see `CoveringPaths.Walk`).
    public struct Walk: Codable, Sendable, Hashable {
        /// The searches it ran and the states they stored.
        public var searches: Int
        public var states: Int
        /// What it covered that the search had not.
        public var covered: Int
        /// Whether its last search from launch stored every state within the depth bounds.
        public var exhausted: Bool
        /// `timeout` or `interrupted`, when either stopped it.
        public var stoppedBy: String?
    }

    public var graph: String
    /// `transitions` or `routes`.
    public var cover: String
    public var paths: [Path]
    /// The number of actions over all paths, and a bound no set of paths from launch beats.
    public var totalLength: Int
    public var lowerBound: Int
    /// What there is to cover within the bounds, and how much of it the paths cover.
    public var coverable: Int
    public var covered: Int
    /// Declared transitions or routes never taken or shown within the bounds, with why.
    public var uncovered: [CoveringPaths<DynamicRoute>.Uncovered]
    /// States the search stored, and whether it explored all within the depth bounds.
    public var states: Int
    public var complete: Bool
    /// What stopped the search early (`cut short by maxStates = 20,000 states in level 4, …`), if anything did.
    public var cutoff: String?
    /// What the covering walk did, when the search was cut short.
    public var walk: Walk?

    /// The document of `cover`, the paths planned over `graph`.
    public init<R: Route>(_ cover: CoveringPaths<R>, graph: NavigationGraph<R>) {
        let tabs = !graph.tabs.isEmpty
        self.graph = graph.name
        self.cover = cover.goal.rawValue
        paths = cover.paths.map { path in
            Path(length: path.steps.count, steps: path.steps.map {
                Step(action: $0.label, covers: $0.covers, state: Self.state($0.state, tabs: tabs))
            })
        }
        totalLength = cover.totalLength
        lowerBound = cover.lowerBound
        coverable = cover.coverable.count
        covered = cover.covered
        uncovered = cover.uncovered.map { .init(name: $0.name, reason: $0.reason, proven: $0.proven) }
        walk = cover.walk.map { Walk(searches: $0.searches, states: $0.states, covered: $0.found, exhausted: $0.exhausted, stoppedBy: $0.stoppedBy?.rawValue) }
        states = cover.states
        complete = cover.complete
        cutoff = cover.cutoff?.summary
    }

    /// `state` as the user sees it; the tab only when the graph has tabs.
    public static func state<R: Route>(_ state: NavigationState<R>, tabs: Bool) -> State {
        State(tab: tabs ? state.selectedTab.name : nil, stack: state.tabs[state.selectedTabIndex].stack.routes.map { "\($0)" },
              modals: state.modals.map { "\($0.style.rawValue): " + $0.stack.routes.map { "\($0)" }.joined(separator: " > ") },
              flags: state.flags.map(\.name).sorted())
    }
}
