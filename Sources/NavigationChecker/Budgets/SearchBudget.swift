import NavigationGraph

/// What a search may spend beyond the graph's bounds: memory and time. A search that runs out
/// of either (or of `GraphBounds.maxStates`, or is cancelled) stops cleanly, and every property
/// it did not see fail is inconclusive: unlike a depth bound, which is the model's declared
/// scope, a budget cuts the model short.
///
/// ```swift
/// let options = Checker<AppRoute>.Options(budget: SearchBudget(maxMemoryBytes: 2_000_000_000, timeLimit: .seconds(60)))
/// ```
public struct SearchBudget: Hashable, Sendable {
    /// The resident memory the process may reach before the search stops; `nil` takes the
    /// graph's `GraphBounds.maxMemoryBytes`, else ``defaultMemoryBytes``.
    public var maxMemoryBytes: Int?
    /// How long the search may run; `nil` for no limit.
    public var timeLimit: Duration?

    public init(maxMemoryBytes: Int? = nil, timeLimit: Duration? = nil) {
        self.maxMemoryBytes = maxMemoryBytes
        self.timeLimit = timeLimit
    }

    /// Half the memory this process may use (the machine's, or its container's limit), or
    /// 4 GB when the system does not say: room for the report writing and whatever else runs.
    public static var defaultMemoryBytes: Int {
        let available = ProcessMemory.availableBytes()
        return available > 0 ? available / 2 : 4_000_000_000
    }

    /// The memory budget for `graph`: this budget's, the graph's, or the default.
    public func memoryBytes<R>(for graph: NavigationGraph<R>) -> Int {
        maxMemoryBytes ?? graph.bounds.maxMemoryBytes ?? Self.defaultMemoryBytes
    }
}
