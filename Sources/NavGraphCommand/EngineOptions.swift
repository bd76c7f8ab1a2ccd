import ArgumentParser
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph

/// Which engine checks a graph (`--checker`), shared by `verify`, `trace` and
/// `render --counterexample`. Named `--checker` because `--engine` is already Graphviz's
/// layout engine in `verify` and `render`.
struct EngineOptions: ParsableArguments {
    /// The values of `--checker`.
    enum Choice: String, CaseIterable, ExpressibleByArgument {
        case auto, explicit, symbolic

        var request: EngineRequest {
            switch self {
            case .auto: .automatic
            case .explicit: .explicit
            case .symbolic: .symbolic
            }
        }
    }

    @Option(help: ArgumentHelp("""
        The model checker: auto (the explicit engine first, up to 100,000 states, or, when the symbolic model is \
        small, 10,000 steps and then only while its levels point to an end sooner than that engine would finish; past them the symbolic engine when it \
        models the graph: no Swift closures, app middleware, requests or reroutes; else the explicit one on, saying why), explicit \
        (state by state; models everything; --max-states bounds it) or symbolic (sets of states as decision diagrams; \
        reaches far deeper stacks; exit 2 when it does not model the graph). Default: the project's .navgraph.yml, else auto.
        """, valueName: "engine"))
    var checker: Choice?

    /// The engine asked for: `--checker`, else auto.
    var choice: Choice { checker ?? .auto }

    /// These options over a project configuration's `settings` for a graph: `--checker` wins.
    func overlaying(_ settings: ProjectConfiguration.Settings?) -> EngineOptions {
        var merged = self
        merged.checker = checker ?? settings?.checker
        return merged
    }

    /// Checks `graph` with the chosen engine; when auto fell back to the explicit engine, says
    /// why once on standard error (see ``printNotes(for:graph:quiet:maxStatesGiven:)``).
    /// `progress` receives either engine's progress lines.
    func check(_ graph: NavigationGraph<DynamicRoute>, options: Checker<DynamicRoute>.Options, quiet: Bool,
               progress: SearchOptions.Progress? = nil, maxStatesGiven: Bool = false) throws(GraphCheckError) -> GraphCheck.Run<DynamicRoute> {
        let run = try GraphCheck.run(graph, engine: choice.request, options: options, symbolicProgress: Self.symbolicProgress(progress))
        Self.printNotes(for: run.engine, graph: graph.name, quiet: quiet, maxStatesGiven: maxStatesGiven)
        return run
    }

    /// Either engine's progress lines, for the symbolic engine's reports.
    static func symbolicProgress(_ progress: SearchOptions.Progress?) -> (@Sendable (SymbolicProgress) -> Void)? {
        guard let report = progress?.report else { return nil }
        return { report($0.line) }
    }

    /// When auto fell back to the explicit engine, why (a note, not a warning: --strict does
    /// not fail on it); when `--max-states` was given (`maxStatesGiven`) and the symbolic
    /// engine ran, that it bounds the explicit engine alone.
    static func printNotes(for choice: EngineChoice, graph: String, quiet: Bool, maxStatesGiven: Bool) {
        if !quiet, !choice.fallbackReasons.isEmpty {
            Console.error("note: \(graph): checked by the explicit engine: the symbolic engine does not model "
                          + choice.fallbackReasons.joined(separator: "; "))
        }
        if !quiet, maxStatesGiven, choice.engine == .symbolic {
            Console.error("note: \(graph): --max-states bounds the explicit engine only; the symbolic engine holds no state table "
                          + "(add --checker explicit to search with it)")
        }
    }
}
