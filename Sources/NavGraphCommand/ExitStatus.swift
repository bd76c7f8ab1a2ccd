/// How `navgraph` exits: the one type every command returns and every failure carries,
/// documented in `--help` and README.
struct ExitStatus: RawRepresentable, Hashable, Sendable, Codable {
    /// The process's exit code.
    let rawValue: Int32

    init(rawValue: Int32) { self.rawValue = rawValue }

    /// Every property passed.
    static let passed = ExitStatus(rawValue: 0)
    /// The graph is wrong: a property failed (a counterexample or an uncovered route or
    /// transition), or lint found errors (with `--strict`, warnings too: lint's and those of
    /// properties that hold with a warning).
    static let failed = ExitStatus(rawValue: 1)
    /// Bad input or usage: a document that does not load, an unknown option, an unwritable or
    /// unsafe reports folder.
    static let badInput = ExitStatus(rawValue: 2)
    /// No property failed, but the search was cut short (maxStates, memory, time), so some
    /// could not be decided. `--allow-incomplete` turns this into 0.
    static let inconclusive = ExitStatus(rawValue: 3)

    /// Interrupted by `signal` (SIGINT, SIGTERM) after writing what was explored: 128 + its number.
    static func interrupted(by signal: Int32) -> ExitStatus { ExitStatus(rawValue: 128 + signal) }

    /// The status of several graphs' outcomes: bad input first, then a failure, then an
    /// undecided property, else success.
    static func combined(_ statuses: [ExitStatus]) -> ExitStatus {
        for status in [badInput, failed, inconclusive] where statuses.contains(status) { return status }
        return passed
    }

    /// What `--help` says.
    static let help = "Exit codes: 0 every property passed; 1 a property failed or lint found errors (--strict: lint and property warnings too); 2 bad input or usage (a document that does not load, an unwritable or unsafe reports folder); 3 inconclusive: nothing failed but the search was cut short by maxStates, memory or time (0 with --allow-incomplete); 130/143 interrupted by SIGINT/SIGTERM after writing the reports of what was explored."
}
