import NavigationCore
import NavigationGraph

/// The two engines that can check a graph. Both answer the same properties with the same
/// verdicts, counts and shortest traces; they differ in what they can model and what it costs.
public enum CheckEngine: String, Hashable, Sendable, Codable, CaseIterable {
    /// ``Checker``: drives NavigationCore's engine and the graph's middleware state by state.
    /// Models everything, including Swift closures; its cost grows with the number of states.
    case explicit
    /// `SymbolicChecker` (NavigationCheckerSymbolic): sets of states as decision diagrams. Models
    /// graphs whose semantics are declarative (see `SymbolicEngine.unsupported(_:)`); its cost follows the diagrams'
    /// sizes, so it reaches depths the explicit engine cannot.
    case symbolic
}

/// Which engine a caller asks for: one of them, or ``automatic`` to let the graph decide.
public enum EngineRequest: String, Hashable, Sendable, Codable, CaseIterable {
    /// The explicit engine first, under a small budget (``EngineChoice/explicitProbeStates`` states
    /// and ``EngineChoice/explicitProbeTransitions`` steps; when the symbolic engine's model of
    /// the graph is small, see ``EngineChoice/smallSymbolicModelBits``, its first
    /// ``EngineChoice/quickProbeTransitions`` steps and then only while its levels point to an
    /// end sooner than that engine would finish, looked at every
    /// ``EngineChoice/probeCheckTransitions`` steps): a graph it finishes within it is checked by it; a
    /// larger one goes to the symbolic engine when that models the graph, else the explicit
    /// engine searches on (and says why).
    case automatic = "auto"
    case explicit
    case symbolic
}

/// Which engine checks a graph, what was asked for, and why that one.
///
/// `EngineChoice.choose(_:for:)`, in NavigationCheckerSymbolic (the module that knows both
/// engines), makes the choice:
///
/// ```swift
/// let choice = try EngineChoice.choose(.automatic, for: graph).get()
/// print(choice.engine, choice.reason)   // symbolic, "it models everything this graph uses"
/// ```
public struct EngineChoice: Hashable, Sendable, Codable {
    /// The engine that runs.
    public let engine: CheckEngine
    /// What the caller asked for.
    public let requested: EngineRequest
    /// One sentence on why this engine runs.
    public let reason: String
    /// Why the symbolic engine could not run, when ``requested`` was ``EngineRequest/automatic``
    /// and the explicit engine runs instead; empty otherwise.
    public let fallbackReasons: [String]

    /// How many states `auto` lets the explicit engine store before it hands a graph the
    /// symbolic engine models to it. Small enough to cost a tenth of a second or so (the
    /// explicit engine stores about a million states a second on a document), large enough
    /// that every sample graph and most screens of an app finish in it; a state count, not a
    /// time, so the choice is the same on every machine and run.
    public static let explicitProbeStates = 100_000

    /// How many steps (actions applied) `auto`'s first, explicit search may take, whatever
    /// its states: a graph with many actions a state (40 flags, each with a set and a clear
    /// event) spent about 0.9 s of a release build on its first 100,000 states, where the
    /// symbolic engine finished in 0.04 s. A million steps is about a tenth of a second on a
    /// document (Benchmarks/README.md) and more than every sample graph takes; a count, not a
    /// time, so the choice is the same on every machine.
    public static let explicitProbeTransitions = 1_000_000

    /// The most boolean variables a state may take in the symbolic engine's encoding (the
    /// stacks' slots, the modal layers, the flags, the selected tab; `auto` estimates them from
    /// the graph's routes, tabs, flags and bounds) for `auto` to call that model small and give
    /// the explicit engine only ``quickProbeTransitions`` steps. On such a model the symbolic
    /// engine finishes in a few hundredths of a second (the shop sample, 65 variables: 0.015 s
    /// of search against the explicit engine's 0.09 s for its 148,888 transitions; 40 toggling
    /// flags, 116), while its cost grows with the variables (the app-shaped graph, over 400, takes
    /// seconds; Onboarding at stack depth 64 and 16 modal layers, about 3,500, does not finish
    /// in 30 s where the explicit engine takes 0.02 s). A count from the declarations, so the
    /// choice is the same on every machine and run.
    public static let smallSymbolicModelBits = 160

    /// How many steps `auto`'s explicit probe may take when the symbolic model is small
    /// (``smallSymbolicModelBits``) while its levels do not yet say where its search ends (too
    /// few levels, or levels still growing as fast; see ``probeCheckTransitions``): a few
    /// milliseconds of a release build, more than the sample graphs the explicit engine checks
    /// fastest take (Connect: 5,533 transitions).
    public static let quickProbeTransitions = 10_000

    /// How often, in steps, `auto`'s explicit search looks at its breadth-first levels when the
    /// symbolic model is small (``smallSymbolicModelBits``): at each look it goes on, in place,
    /// only while the levels point to an end sooner than the symbolic engine would finish
    /// (see ``explicitStepsPerSymbolicVariable``), and at most ``quickProbeTransitions`` steps
    /// while they do not yet say. The shop sample (148,888 transitions) is handed over at the
    /// first look, its levels pointing to millions of steps; Social (37,436) is searched to its
    /// end, its levels pointing to about 37,000 after 10,000 steps.
    public static let probeCheckTransitions = 2_000

    /// About how many of the explicit engine's steps cost what one variable a state costs the
    /// symbolic engine, on a small model (``smallSymbolicModelBits``): `auto` goes on with an
    /// explicit search while the steps its levels point to beyond those taken are at most this
    /// times ``EngineChoice``'s `symbolicStateBits(of:)`. Measured on the release command line
    /// (processor time less the 0.023 s a process takes to start): a step 0.6 µs (Social,
    /// Shop; 1.1 µs on the Social example), the symbolic engine 0.2–0.45 ms a variable (40
    /// flags' 116, Social's 118, Shop's 65, the Social example's 85), 360–520 steps a variable
    /// in all, so 350 leans towards the symbolic engine. A count, so the choice is the same on
    /// every machine and run.
    public static let explicitStepsPerSymbolicVariable = 350

    public init(engine: CheckEngine, requested: EngineRequest, reason: String, fallbackReasons: [String] = []) {
        self.engine = engine
        self.requested = requested
        self.reason = reason
        self.fallbackReasons = fallbackReasons
    }

    /// What stopped a search of this engine, for after "the search was": the cutoff's own
    /// ``SearchCutoff/summary`` for the explicit engine; for the symbolic engine, which has no
    /// levels or unexpanded states to tell of when it stops, that it had not reached its fixpoint.
    public func describe(_ cutoff: SearchCutoff) -> String {
        switch (engine, cutoff.budget) {
        case (.explicit, _): cutoff.summary
        case (.symbolic, .interrupted): "interrupted before the symbolic engine reached its fixpoint"
        case (.symbolic, _): "cut short by \(cutoff.budget.rawValue) = \(cutoff.limit) before the symbolic engine reached its fixpoint"
        }
    }

    /// `symbolic engine (auto: it models everything this graph uses)`, for a line of text.
    public var summary: String { "\(engine.rawValue) engine (\(requested == .automatic ? "auto: " : "")\(reason))" }
}
