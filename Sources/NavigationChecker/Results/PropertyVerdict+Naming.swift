import NavigationCore

extension PropertyVerdict {
    /// Whether `query` names this verdict: its own name (`guard bypass`, an invariant's name),
    /// its kind's id (`guard-bypass`, the id verify prints in brackets) or its kind's name.
    ///
    /// ```swift
    /// let chosen = result.failures.first { $0.isNamed("guard-bypass") }
    /// ```
    public func isNamed(_ query: String) -> Bool {
        name == query || kind.id == query || kind.name == query
    }
}
