/// How far the explorer looks: deeper stacks and more modals are cut and reported (the model's
/// scope); more states or more memory stop the search, which is then inconclusive.
public struct GraphBounds: Hashable, Sendable, Codable {
    /// The deepest stack explored. Default 8.
    public var maxStackDepth: Int
    /// The most modal layers explored. Default 2.
    public var maxModalDepth: Int
    /// The most distinct states stored. Default 1,000,000. Unlike the depth bounds, which are
    /// the model's declared scope, a search that reaches it is cut short: its verdicts are
    /// inconclusive.
    public var maxStates: Int
    /// The resident memory a search may reach, in bytes; `nil` (the default) for the checker's
    /// default, half the machine's memory. A search that reaches it is cut short, like one
    /// that reaches ``maxStates``.
    public var maxMemoryBytes: Int?

    public init(maxStackDepth: Int = 8, maxModalDepth: Int = 2, maxStates: Int = 1_000_000, maxMemoryBytes: Int? = nil) {
        self.maxStackDepth = maxStackDepth
        self.maxModalDepth = maxModalDepth
        self.maxStates = maxStates
        self.maxMemoryBytes = maxMemoryBytes
    }
}
