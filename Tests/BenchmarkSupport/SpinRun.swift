import Foundation

/// Runs SPIN on a Promela model: `spin -a`, `cc -O2` with the chosen `pan` directives, `./pan`,
/// and reads what `pan` reports: the states it stored, its own search time, its depth and memory.
///
/// ```swift
/// let run = try SpinRun.run(IdiomaticPromelaModel.translate(graph),
///                           options: .init(search: .breadthFirst, maxSearchDepth: 100, hashTableBits: 21))
/// print(run.states, run.seconds, run.compileSeconds)
/// ```
///
/// Storage is always exact (no `-DBITSTATE`, `-DHC` or `-DCOLLAPSE`); safety only (`-DSAFETY`:
/// no cycle detection, as the explorer does none), no never claim (`-DNOCLAIM`), no fairness
/// code (`-DNOFAIR`) and no array-bound checks (`-DNOBOUNDCHECK`: the writers index only their
/// own tables). A model that defines `fill_tables()` in a `c_code` block has it called before
/// the search (`-DC_INIT=fill_tables()`).
public struct SpinRun: Sendable {
    /// What went wrong running SPIN.
    public typealias Failure = ToolFailure

    /// Depth-first (SPIN's default) or breadth-first (`-DBFS`, shortest counterexamples, as the
    /// explorer finds them) search.
    public enum Search: String, Sendable, CaseIterable {
        case depthFirst = "DFS"
        case breadthFirst = "BFS"
    }

    /// How `pan` is compiled and run.
    public struct Options: Sendable {
        /// Depth-first or breadth-first (`-DBFS`).
        public var search: Search
        /// `-mN`: the search depth `pan` allocates for; a search that reaches it fails the run.
        public var maxSearchDepth: Int
        /// `-wN`: a hash table of 2^N slots (`pan`'s default is 24); `nil` for the default.
        public var hashTableBits: Int?
        /// `-DMEMLIM=N`: the megabytes `pan` may allocate before it stops.
        public var memoryLimitMegabytes: Int

        public init(search: Search = .depthFirst, maxSearchDepth: Int = 100_000, hashTableBits: Int? = nil, memoryLimitMegabytes: Int = 8_000) {
            self.search = search
            self.maxSearchDepth = maxSearchDepth
            self.hashTableBits = hashTableBits
            self.memoryLimitMegabytes = memoryLimitMegabytes
        }

        /// The `-wN` for `states` states: 2^N ≥ the states (SPIN's table chains, so one state a
        /// slot on average is what its manual asks for).
        public static func hashTableBits(forStates states: Int) -> Int {
            var bits = 10
            while (1 << bits) < states { bits += 1 }
            return bits
        }
    }

    /// Distinct states SPIN stored ("states, stored").
    public let states: Int
    /// SPIN's own search time ("pan: elapsed time"; `pan` prints three significant digits).
    public let seconds: Double
    /// Wall-clock time of `spin -a` and `cc`, and of the whole `pan` process (allocation of its
    /// tables, search, report).
    public let compileSeconds: Double
    public let processSeconds: Double
    /// "depth reached": the deepest search stack (depth-first) or level (breadth-first).
    public let depthReached: Int
    /// "State-vector N byte".
    public let stateVectorBytes: Int
    /// "total actual memory usage", in `pan`'s megabytes (2^20 bytes).
    public let totalMegabytes: Double
    /// The full `pan` output.
    public let output: String

    public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }

    /// Whether `spin` and `cc` are on the PATH.
    public static var isAvailable: Bool { Shell.which("spin") != nil && Shell.which("cc") != nil }

    /// Compiles and runs `promela` in a fresh temporary folder.
    ///
    /// - Throws: ``Failure`` when a tool fails, `pan` prints no state count, reports an error
    ///   (such as a search depth too small) or runs out of memory.
    public static func run(_ promela: String, options: Options = Options()) throws -> SpinRun {
        let folder = try Shell.temporaryFolder("navgraph-spin")
        defer { try? FileManager.default.removeItem(at: folder) }
        try promela.write(to: folder.appendingPathComponent("model.pml"), atomically: true, encoding: .utf8)
        var defines = ["-DSAFETY", "-DNOCLAIM", "-DNOFAIR", "-DNOBOUNDCHECK", "-DMEMLIM=\(options.memoryLimitMegabytes)"]
        if options.search == .breadthFirst { defines.append("-DBFS") }
        // Hidden tables are filled by a C function the model defines; pan calls it before the search.
        if promela.contains("void \(IdiomaticPromelaModel.tableInitializer)(void)") {
            defines.append("-DC_INIT=\(IdiomaticPromelaModel.tableInitializer)()")
        }
        let generated = try Shell.run(["spin", "-a", "model.pml"], in: folder)
        let compiled = try Shell.run(["cc", "-O2"] + defines + ["-o", "pan", "pan.c"], in: folder)
        var arguments = ["./pan", "-m\(options.maxSearchDepth)"]
        if let bits = options.hashTableBits { arguments.append("-w\(bits)") }
        let (output, processSeconds) = try Shell.run(arguments, in: folder)
        guard let states = Shell.number(after: "states, stored", in: output, before: true) else {
            throw Failure(description: "pan printed no stored-state count:\n\(output)")
        }
        for problem in ["max search depth too small", "out of memory", "errors: 1"] where output.contains(problem) {
            throw Failure(description: "pan reported '\(problem)' (raise -m or -DMEMLIM, or read the model):\n\(output)")
        }
        return SpinRun(
            states: Int(states),
            seconds: Shell.number(after: "pan: elapsed time", in: output, before: false) ?? 0,
            compileSeconds: generated.seconds + compiled.seconds,
            processSeconds: processSeconds,
            depthReached: Int(Shell.number(after: "depth reached", in: output, before: false) ?? 0),
            stateVectorBytes: Int(Shell.number(after: "State-vector", in: output, before: false) ?? 0),
            totalMegabytes: Shell.number(after: "total actual memory usage", in: output, before: true) ?? 0,
            output: output)
    }
}
