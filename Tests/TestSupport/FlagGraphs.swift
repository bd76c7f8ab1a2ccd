/// Graph documents whose state space is too large to finish: the budget tests' material.
public enum FlagGraphs {
    /// `count` flags, each switched on and off by an event of its own (2^count states on one
    /// route), and an invariant that only `violatedAt` flags on at once break (found
    /// `violatedAt` steps deep). With 40 flags and 6, no search of a few million states
    /// reaches it.
    public static func document(flags count: Int = 40, violatedAt: Int = 6, maxStates: Int? = nil, name: String = "Flags") -> String {
        let flags = (0..<count).map { "f\($0)" }
        var lines = ["navgraph: 1", "name: \(name)", "root: home", "routes:", "  home: {}", "flags:"]
        lines += flags.map { "  \($0): false" }
        lines.append("events:")
        for flag in flags {
            lines.append("  on_\(flag): { when: not \(flag), set: { \(flag): true } }")
            lines.append("  off_\(flag): { when: \(flag), set: { \(flag): false } }")
        }
        lines += ["invariants:", "  notAllAtOnce: 'not (\(flags.prefix(violatedAt).joined(separator: " and ")))'"]
        if let maxStates { lines += ["bounds:", "  maxStates: \(maxStates)"] }
        return lines.joined(separator: "\n") + "\n"
    }
}
