/// The outcome of a property, and of a run (``CheckResult/status``): written into every report by
/// its raw value (`passed`, `failed`, `inconclusive`, `warning`).
public enum VerdictStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// The property holds in every explored state.
    case passed
    /// A violation was found; `PropertyVerdict.trace` shows the shortest one.
    case failed
    /// The search was cut short (by a budget: states, memory, time, or a cancellation)
    /// before it could decide the property; see `CheckResult.cutoff`.
    case inconclusive
    /// The property holds, but the search found something that may not be meant (one
    /// request presented by different owners on different paths); `PropertyVerdict.trace`
    /// and `PropertyVerdict.otherTrace` show it. A warning does not fail a run.
    case warning
}
