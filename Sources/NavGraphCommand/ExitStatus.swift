/// The exit codes of `navgraph`, documented in `--help` and README.
enum ExitStatus {
    /// Every property passed.
    static let passed: Int32 = 0
    /// The graph is wrong: a property failed (a counterexample or an uncovered route or
    /// transition), or lint found errors (with `--strict`, warnings too: lint's and those of
    /// properties that hold with a warning).
    static let failed: Int32 = 1
    /// Bad input or usage: a document that does not load, an unknown option, an unwritable or
    /// unsafe reports folder.
    static let badInput: Int32 = 2
    /// No property failed, but the search was cut short (maxStates, memory, time), so some
    /// could not be decided. `--allow-incomplete` turns this into 0.
    static let inconclusive: Int32 = 3

    /// The exit code of several graphs' outcomes: bad input first, then a failure, then an
    /// undecided property, else success.
    static func combined(_ codes: [Int32]) -> Int32 {
        for code in [badInput, failed, inconclusive] where codes.contains(code) { return code }
        return passed
    }

    /// What `--help` says.
    static let help = "Exit codes: 0 every property passed; 1 a property failed or lint found errors (--strict: lint and property warnings too); 2 bad input or usage (a document that does not load, an unwritable or unsafe reports folder); 3 inconclusive: nothing failed but the search was cut short by maxStates, memory or time (0 with --allow-incomplete); 130/143 interrupted by SIGINT/SIGTERM after writing the reports of what was explored."
}
