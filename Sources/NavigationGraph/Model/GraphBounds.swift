/// How far the explorer looks: deeper stacks, more modals or more states are cut and reported.
public struct GraphBounds: Hashable, Sendable, Codable {
    /// The deepest stack explored. Default 8.
    public var maxStackDepth: Int
    /// The most modal layers explored. Default 2.
    public var maxModalDepth: Int
    /// The most distinct states stored. Default 1,000,000.
    public var maxStates: Int

    public init(maxStackDepth: Int = 8, maxModalDepth: Int = 2, maxStates: Int = 1_000_000) {
        self.maxStackDepth = maxStackDepth
        self.maxModalDepth = maxModalDepth
        self.maxStates = maxStates
    }
}
