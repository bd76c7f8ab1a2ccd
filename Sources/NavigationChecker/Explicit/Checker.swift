import NavigationCore
import NavigationGraph

/// Explores every navigation state of a graph reachable within its bounds, breadth-first, and
/// checks its properties.
///
/// ```swift
/// let result = try Checker(graph).run()
/// for failure in result.failures {
///     print(failure.name, failure.message)
///     print(failure.trace?.formatted ?? "")
/// }
/// ```
///
/// Every action runs through the graph's executor (NavigationCore's engine and the graph's
/// guard middleware) and deep-link pipeline: the code the app runs. Breadth-first order makes
/// each trace a shortest one. The search itself is `ExplicitSearch`, on the calling thread;
/// what each property observes and how its verdict is judged is in `Properties/`.
///
/// - Complexity: O(S × A) actions applied, for S states and A enabled actions per state; memory
///   is the state table (a few dozen bytes a state) plus one frontier level of states.
public struct Checker<R: Route>: Sendable {
    /// How to explore.
    public struct Options: Sendable {
        /// Exact (the default) or hash-compacted state storage.
        public var storage: CheckStatistics.Storage
        /// Whether to keep the state graph's edges to decide the no-trap property.
        public var checkTraps: Bool
        /// Called about every `progressInterval` while the search runs (a zero interval: at
        /// every check, which is at least once a level), with where it is.
        public var progress: (@Sendable (CheckProgress) -> Void)?
        public var progressInterval: Duration
        /// Memory and time the search may spend; running out stops it, inconclusive.
        public var budget: SearchBudget
        /// Stops the search from another thread; the result is inconclusive with what it explored.
        public var cancellation: CheckCancellation?
        /// Whether to compute each route's fewest user actions (``CheckResult/tapDistances``):
        /// on by default; it keeps every user-action step between two states (12 bytes each).
        public var tapDistances = true
        /// Whether a graph over an app's own route type is searched over its `DynamicRoute`
        /// mirror where that means the same (see `RouteMirror`): on by default; off, the search
        /// runs over the route type itself (the tests compare the two).
        package var mirrorsRoutes = true

        public init(storage: CheckStatistics.Storage = .exact, checkTraps: Bool = true,
                    progress: (@Sendable (CheckProgress) -> Void)? = nil, progressInterval: Duration = .seconds(5),
                    budget: SearchBudget = SearchBudget(), cancellation: CheckCancellation? = nil) {
            self.storage = storage
            self.checkTraps = checkTraps
            self.progress = progress
            self.progressInterval = progressInterval
            self.budget = budget
            self.cancellation = cancellation
        }
    }

    public let graph: NavigationGraph<R>
    public let model: GraphModel<R>
    public let options: Options

    @_specialize(exported: true, where R == DynamicRoute)
    public init(_ graph: NavigationGraph<R>, options: Options = Options()) {
        self.graph = graph
        self.model = GraphModel(graph: graph)
        self.options = options
    }

    /// A checker over a model built already (its graph's), so a caller that checks and then
    /// replays or draws builds the model once.
    package init(model: GraphModel<R>, options: Options = Options()) {
        self.graph = model.graph
        self.model = model
        self.options = options
    }

    /// Lints, then explores, then judges every property.
    ///
    /// - Throws: ``CheckerError/lintErrors(_:file:)`` when lint finds errors (a graph with
    ///   undeclared names is never explored), ``CheckerError/invalidInitialState(_:)``.
    @_specialize(exported: true, where R == DynamicRoute)
    public func run() throws(CheckerError) -> CheckResult<R> {
        try run(linted: nil, stateGraphLimit: nil).result
    }

    /// ``run()`` for a caller that has linted the graph already (`linted`, its findings: lint
    /// is not run again), and, with a `stateGraphLimit`, the state graph of the same search
    /// when it stored at most that many states and finished (`nil` otherwise: larger, cut
    /// short, or hash-compacted). The edges' actions are kept only while the table is within
    /// the limit, so a large search pays nothing for asking.
    /// `stateLimit`, when given, replaces the graph's `maxStates`, and `transitionLimit` stops
    /// the search after that many steps as a full table does (a probe that stops early), unless
    /// `probeExtension`, asked there, gives a higher limit to go on with.
    @_specialize(exported: true, where R == DynamicRoute)
    package func run(linted: [LintFinding]?, stateGraphLimit: Int?, stateLimit: Int? = nil, transitionLimit: Int? = nil,
                     probeExtension: ExplicitProbeExtension? = nil) throws(CheckerError) -> (result: CheckResult<R>, stateGraph: StateGraph<R>?) {
        // An app's own route type: from its test target's module nothing of the search is
        // specialised for it, so a graph that says the same over `DynamicRoute` is searched there.
        if stateGraphLimit == nil, options.mirrorsRoutes, let mirror = RouteMirror(graph),
           let result = try runMirrored(mirror, linted: linted, stateLimit: stateLimit, transitionLimit: transitionLimit,
                                        probeExtension: probeExtension) {
            return (result, nil)
        }
        let keepsStateGraph = stateGraphLimit != nil && options.storage == .exact
        var search = ExplicitSearch(checker: self, initial: try lintedInitialState(linted), stateLimit: stateLimit,
                                    edgeActionLimit: keepsStateGraph ? stateGraphLimit : nil, transitionLimit: transitionLimit,
                                    probeExtension: probeExtension)
        try search.explore()
        let result = search.result()
        guard keepsStateGraph, let limit = stateGraphLimit, search.table.count <= limit, search.cutStates == 0, search.cutoff == nil else {
            return (result, nil)
        }
        return (result, try search.stateGraph())
    }

    /// The initial state of a graph that lint finds no errors in; `linted`, when given, is the
    /// graph's lint findings already (lint is not run again).
    package func lintedInitialState(_ linted: [LintFinding]? = nil) throws(CheckerError) -> NavigationState<R> {
        let errors = (linted ?? GraphLinter.lint(graph)).filter { $0.severity == .error }
        guard errors.isEmpty else { throw .lintErrors(errors, file: graph.origin) }
        do { return try graph.initialState() } catch { throw .invalidInitialState(error.message) }
    }

    /// Which depth bound, if any, `state` exceeds.
    static func boundCut(_ state: NavigationState<R>, _ bounds: GraphBounds) -> BoundCut.Bound? {
        if state.modals.count > bounds.maxModalDepth { return .maxModalDepth }
        // By index: read in place, without a closure per stack.
        for index in state.tabs.indices where state.tabs[index].stack.routes.count > bounds.maxStackDepth { return .maxStackDepth }
        for index in state.modals.indices where state.modals[index].stack.routes.count > bounds.maxStackDepth { return .maxStackDepth }
        return nil
    }
}
