import ArgumentParser
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph

/// The bounds and budgets of a search, settable on the command line over the document's
/// `bounds:` (shared by `verify`, `trace` and `render --counterexample`).
struct SearchOptions: ParsableArguments {
    @Option(name: .customLong("max-depth"), help: "The deepest stack explored (the model's scope; overrides bounds.maxStackDepth, 1–64).")
    var maxStackDepth: Int?

    @Option(help: "The most modal layers explored (the model's scope; overrides bounds.maxModalDepth, 0–16).")
    var maxModalDepth: Int?

    @Option(help: "The most states stored; a search that reaches it is inconclusive (overrides bounds.maxStates).")
    var maxStates: Int?

    @Option(help: ArgumentHelp("The memory the search may use, e.g. 2GB or 512MiB; reaching it is inconclusive (overrides bounds.maxMemory; default: half the machine's memory).", valueName: "size"))
    var maxMemory: String?

    @Option(help: ArgumentHelp("How long each graph's search may run, e.g. 90, 90s, 10m or 1h; running out is inconclusive.", valueName: "duration"))
    var timeout: String?

    func validate() throws {
        if let maxStackDepth, !(1...64).contains(maxStackDepth) { throw ValidationError("--max-depth must be from 1 to 64") }
        if let maxModalDepth, !(0...16).contains(maxModalDepth) { throw ValidationError("--max-modal-depth must be from 0 to 16") }
        if let maxStates, !(1...500_000_000).contains(maxStates) { throw ValidationError("--max-states must be from 1 to 500000000") }
        if let maxMemory {
            guard let bytes = MemorySize.bytes(maxMemory) else {
                throw ValidationError("--max-memory '\(maxMemory)' is not an amount of memory; write a number and a unit, such as 2GB or 512MB")
            }
            guard bytes >= 1_000_000 else { throw ValidationError("--max-memory must be at least 1MB") }
        }
        if let timeout, Self.seconds(timeout) == nil {
            throw ValidationError("--timeout '\(timeout)' is not a duration; write seconds (90 or 90s), minutes (10m) or hours (1h)")
        }
    }

    /// These options over a project configuration's `settings` for a graph: a flag given on
    /// the command line wins, else the configuration's value.
    func overlaying(_ settings: ProjectConfiguration.Settings?) -> SearchOptions {
        guard let settings else { return self }
        var merged = self
        merged.maxStackDepth = maxStackDepth ?? settings.maxStackDepth
        merged.maxModalDepth = maxModalDepth ?? settings.maxModalDepth
        merged.maxStates = maxStates ?? settings.maxStates
        merged.maxMemory = maxMemory ?? settings.maxMemory
        merged.timeout = timeout ?? settings.timeout
        return merged
    }

    /// `graph` with the bounds given on the command line.
    func applied<R>(to graph: NavigationGraph<R>) -> NavigationGraph<R> {
        var graph = graph
        if let maxStackDepth { graph.bounds.maxStackDepth = maxStackDepth }
        if let maxModalDepth { graph.bounds.maxModalDepth = maxModalDepth }
        if let maxStates { graph.bounds.maxStates = maxStates }
        if let bytes = maxMemory.flatMap(MemorySize.bytes) { graph.bounds.maxMemoryBytes = bytes }
        return graph
    }

    /// The checker's options: the time budget, and `cancellation` and `progress` when given.
    func checkerOptions(cancellation: CheckCancellation?, progress: Progress? = nil) -> Checker<DynamicRoute>.Options {
        var explicitProgress: (@Sendable (CheckProgress) -> Void)?
        if let report = progress?.report { explicitProgress = { report($0.line) } }
        return Checker<DynamicRoute>.Options(
            progress: explicitProgress, progressInterval: progress?.interval ?? .seconds(5),
            budget: SearchBudget(timeLimit: timeout.flatMap(Self.seconds).map { .milliseconds(Int64(($0 * 1000).rounded())) }),
            cancellation: cancellation)
    }

    /// A progress reporter: how often, and what it does with each report's line (either
    /// engine's: ``CheckProgress/line`` or ``SymbolicProgress/line``).
    struct Progress {
        let interval: Duration
        let report: @Sendable (String) -> Void
    }

    /// Seconds from `90`, `90s`, `1.5m`, `10m` or `1h`; `nil` when it is none of these or not positive.
    static func seconds(_ text: String) -> Double? {
        let scales: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let lowered = text.lowercased()
        var value: Double?
        if let scale = scales.first(where: { lowered.hasSuffix($0.suffix) }) {
            value = Double(lowered.dropLast(scale.suffix.count)).map { $0 * scale.seconds }
        } else {
            value = Double(lowered)
        }
        guard let value, value > 0, value.isFinite, value < 1e9 else { return nil }
        return value
    }
}
