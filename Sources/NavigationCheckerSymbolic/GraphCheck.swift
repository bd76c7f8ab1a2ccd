import NavigationChecker
import NavigationCore
import NavigationGraph

/// Checks a graph with the engine a caller asks for, or the one the graph allows, and says
/// which ran and why: the library's front door where `Checker` and ``SymbolicChecker`` are the
/// two rooms behind it.
///
/// ```swift
/// let run = try GraphCheck.run(graph)                    // symbolic when it models the graph
/// print(run.engine.summary)                              // "symbolic engine (auto: …)"
/// for failure in run.result.failures { print(failure.name, failure.message) }
/// ```
///
/// Both engines fill the same `CheckResult`. A symbolic search stopped by its time limit, a
/// cancellation or a full node table is inconclusive, as an explicit search cut short is: the
/// symbolic engine decides nothing before its fixpoint, so every property is then undecided.
public enum GraphCheck {
    /// One checked graph: the result and the engine that produced it (see `CheckRun`).
    public typealias Run<R: Route> = CheckRun<R>

    /// Lints `graph`, chooses the engine under `request`, and checks every property.
    ///
    /// - Parameters:
    ///   - graph: The graph to check.
    ///   - request: `EngineRequest.automatic` (the default), or one engine by name.
    ///   - options: the explicit engine's options; the symbolic engine takes their budget,
    ///     cancellation, `checkTraps` and `progressInterval` (it has no state table, so
    ///     `maxStates` and `storage` do not apply to it).
    ///   - symbolicProgress: where the symbolic engine reports progress (it has no
    ///     `CheckProgress` to give: no queue of states); `nil` for none.
    /// - Throws: ``GraphCheckError/checker(_:)`` for lint errors and the explicit engine's
    ///   errors, ``GraphCheckError/symbolic(_:)`` when the symbolic engine was asked for and
    ///   does not model the graph (``SymbolicError/unsupported(_:)``) or found itself wrong.
    /// - Complexity: that of the engine that runs (see `Checker` and ``SymbolicChecker``).
    // Specialised for documents' routes: the command line calls it with `DynamicRoute` from
    // another module, and unspecialised the whole search ran on generic metadata lookups.
    @_specialize(exported: true, where R == DynamicRoute)
    public static func run<R: Route>(_ graph: NavigationGraph<R>, engine request: EngineRequest = .automatic,
                                     options: Checker<R>.Options = .init(),
                                     symbolicProgress: (@Sendable (SymbolicProgress) -> Void)? = nil) throws(GraphCheckError) -> Run<R> {
        try run(graph, engine: request, options: options, symbolicProgress: symbolicProgress, linted: nil, stateGraphLimit: nil).run
    }

    /// ``run(_:engine:options:symbolicProgress:)`` for a caller that linted `graph` already
    /// (`linted`: lint does not run again) and wants the state graph of the search that
    /// produced the verdicts when it has at most `stateGraphLimit` states (the explicit engine
    /// keeps it; a symbolic run gives `nil`). The graph's model is built once, for whichever
    /// engine runs (or not at all: `model`, when the caller built it for the graph already).
    @_specialize(exported: true, where R == DynamicRoute)
    package static func run<R: Route>(_ graph: NavigationGraph<R>, engine request: EngineRequest, options: Checker<R>.Options,
                                      symbolicProgress: (@Sendable (SymbolicProgress) -> Void)?, linted: [LintFinding]?,
                                      stateGraphLimit: Int?, model: GraphModel<R>? = nil) throws(GraphCheckError) -> (run: Run<R>, stateGraph: StateGraph<R>?) {
        var choice: EngineChoice
        switch EngineChoice.choose(request, for: graph) {
        case .success(let chosen): choice = chosen
        case .failure(let error): throw .symbolic(error)
        }
        let checker = model.map { Checker(model: $0, options: options) } ?? Checker(graph, options: options)
        // Lint first, once, so a graph with errors fails alike with either engine.
        let findings = linted ?? GraphLinter.lint(graph)
        var symbolicBudget = options.budget
        switch choice.engine {
        case .explicit:
            do {
                let (result, stateGraph) = try checker.run(linted: findings, stateGraphLimit: stateGraphLimit)
                // Asked for by name, on a graph it cannot finish: say the other engine can.
                let advised = result.cutoff != nil && request == .explicit && SymbolicEngine.unsupported(graph).isEmpty
                return (Run(result: advised ? advisingSymbolic(result) : result, engine: choice), stateGraph)
            } catch { throw .checker(error) }
        case .symbolic where request == .automatic:
            // A portfolio: the symbolic engine's cost follows the declared bounds, the explicit
            // one's the states reachable, so a small graph with generous bounds is the explicit
            // engine's; past a small budget of states the symbolic engine takes over. When the
            // symbolic model is small that engine finishes in hundredths of a second, where the
            // explicit one's cost follows the transitions (the shop sample: 0.015 s against
            // 0.09 s): the explicit search then gets a few milliseconds of steps, and past them
            // looks at its breadth-first levels every few thousand steps and goes on, in place,
            // only while they point to an end sooner than the symbolic engine would finish
            // (`EngineChoice.quickProbeGoesOn`).
            let probe = min(EngineChoice.explicitProbeStates, graph.bounds.maxStates)
            let bits = EngineChoice.symbolicStateBits(of: graph)
            let smallModel = bits <= EngineChoice.smallSymbolicModelBits
            var stepsReached = smallModel ? EngineChoice.quickProbeTransitions : EngineChoice.explicitProbeTransitions
            let goesOn: ExplicitProbeExtension? = smallModel ? { figures in
                let next = EngineChoice.quickProbeGoesOn(figures, symbolicBits: bits)
                if let next { stepsReached = next }
                return next
            } : nil
            let started = ContinuousClock.now
            let (result, stateGraph): (CheckResult<R>, StateGraph<R>?)
            do {
                (result, stateGraph) = try checker.run(linted: findings, stateGraphLimit: stateGraphLimit, stateLimit: probe,
                                                       transitionLimit: stepsReached, probeExtension: goesOn)
            } catch {
                throw .checker(error)
            }
            if result.cutoff?.budget != .maxStates {
                let reason = result.cutoff == nil
                    ? "it finished within the first \(CheckProgress.grouped(probe)) states, before the symbolic engine was needed"
                    : "it was stopped before its first \(CheckProgress.grouped(probe)) states"
                return (Run(result: result, engine: EngineChoice(engine: .explicit, requested: request, reason: reason)), stateGraph)
            }
            let past = result.statistics.states >= probe
                ? "more than \(CheckProgress.grouped(probe)) states"
                : "more than \(CheckProgress.grouped(stepsReached)) steps in the first \(CheckProgress.grouped(result.statistics.states)) states"
            let small = smallModel ? ", and its model is small: about \(bits) variables a state" : ""
            let models = smallModel ? ", it models everything this graph uses" : ", and it models everything this graph uses"
            choice = EngineChoice(engine: .symbolic, requested: request, reason: "\(past) within the bounds\(models)\(small)")
            if let limit = symbolicBudget.timeLimit { symbolicBudget.timeLimit = max(.zero, limit - (ContinuousClock.now - started)) }
            fallthrough
        case .symbolic:
            do { _ = try checker.lintedInitialState(findings) } catch { throw .checker(error) }
            let symbolic = SymbolicChecker(graph, options: .init(checkTraps: options.checkTraps, budget: symbolicBudget,
                                                                  cancellation: options.cancellation, progress: symbolicProgress,
                                                                  progressInterval: options.progressInterval))
            let started = ContinuousClock.now
            do {
                let (result, figures) = try symbolic.runWithFigures(model: checker.model, linted: findings)
                return (Run(result: result, engine: choice, stateCount: figures.states, transitionCount: figures.transitions), nil)
            } catch {
                guard let cutoff = SymbolicChecker<R>.cutoff(for: error, graph: graph, budget: symbolicBudget) else { throw .symbolic(error) }
                return (Run(result: SymbolicChecker.undecided(graph, checkTraps: options.checkTraps, cutoff: cutoff, since: started), engine: choice), nil)
            }
        }
    }
}

extension GraphCheck {
    /// What the symbolic engine's name adds to the advice of an explicit search a budget stopped.
    static let symbolicAdvice = "or check it with the symbolic engine (--checker symbolic), which models this graph and whose cost follows the bounds, not the states"

    /// `result` of an explicit search of a graph the symbolic engine models, its cutoff's
    /// advice (and every verdict quoting it) naming the symbolic engine as the other way to
    /// finish; unchanged when nothing stopped the search or it was interrupted.
    static func advisingSymbolic<R: Route>(_ result: CheckResult<R>) -> CheckResult<R> {
        guard let cutoff = result.cutoff, cutoff.budget != .interrupted, !cutoff.advice.contains(symbolicAdvice) else { return result }
        let advice = cutoff.advice + "; " + symbolicAdvice
        let verdicts = result.verdicts.map { verdict in
            var restated = PropertyVerdict(kind: verdict.kind, name: verdict.name, status: verdict.status,
                                           message: verdict.message.replacing(cutoff.advice, with: advice),
                                           trace: verdict.trace, location: verdict.location)
            restated.otherTrace = verdict.otherTrace
            return restated
        }
        var advised = CheckResult(graphName: result.graphName, origin: result.origin, verdicts: verdicts, routeCoverage: result.routeCoverage,
                                  transitionCoverage: result.transitionCoverage, cuts: result.cuts,
                                  cutoff: SearchCutoff(budget: cutoff.budget, limit: cutoff.limit, unexpanded: cutoff.unexpanded,
                                                       successorsNotStored: cutoff.successorsNotStored, level: cutoff.level,
                                                       growthPerLevel: cutoff.growthPerLevel, advice: advice),
                                  statistics: result.statistics)
        advised.tapDistances = result.tapDistances
        return advised
    }
}

/// Why ``GraphCheck/run(_:engine:options:symbolicProgress:)`` gave no result.
public enum GraphCheckError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Lint errors, no initial state, or the explicit engine's own errors.
    case checker(CheckerError)
    /// The symbolic engine was asked for and does not model the graph, or it found itself wrong.
    case symbolic(SymbolicError)

    public var description: String {
        switch self {
        case .checker(let error): error.description
        case .symbolic(let error): error.description
        }
    }
}
