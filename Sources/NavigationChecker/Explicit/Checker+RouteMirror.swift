import NavigationCore
import NavigationGraph

extension Checker {
    /// The search over `mirror` (this graph restated over `DynamicRoute`, see `RouteMirror`),
    /// its result restated over `R`; `nil` when it might not read the same over `R` (a trace
    /// that replays otherwise, or a finding where routes print otherwise), so the caller
    /// searches the graph over its own type instead.
    ///
    /// The verdicts, coverage, cuts and figures are the mirror's: the same search. Each trace
    /// is replayed over `R` through this checker's runtime, and kept only when it reads line for
    /// line as the mirror's (every state and label as printed), so a result is never what the
    /// search over `R` would not have given.
    func runMirrored(_ mirror: RouteMirror<R>, linted: [LintFinding]?, stateLimit: Int?,
                     transitionLimit: Int?, probeExtension: ExplicitProbeExtension? = nil) throws(CheckerError) -> CheckResult<R>? {
        var mirroredOptions = Checker<DynamicRoute>.Options(storage: options.storage, checkTraps: options.checkTraps, progress: options.progress,
                                                            progressInterval: options.progressInterval, budget: options.budget,
                                                            cancellation: options.cancellation)
        mirroredOptions.tapDistances = options.tapDistances
        let findings = linted ?? GraphLinter.lint(graph)
        let mirrored = try Checker<DynamicRoute>(mirror.graph, options: mirroredOptions)
            .run(linted: findings, stateGraphLimit: nil, stateLimit: stateLimit, transitionLimit: transitionLimit,
                 probeExtension: probeExtension).result
        // Messages of passed properties, and of undecided ones without a trace, name routes by
        // name only; a finding's may quote a route value as it prints.
        guard mirror.printsAlike || mirrored.verdicts.allSatisfy({ $0.status == .passed || ($0.status == .inconclusive && $0.trace == nil) }) else {
            return nil
        }
        var verdicts: [PropertyVerdict<R>] = []
        verdicts.reserveCapacity(mirrored.verdicts.count)
        for verdict in mirrored.verdicts {
            guard let trace = restated(verdict.trace), let otherTrace = restated(verdict.otherTrace) else { return nil }
            verdicts.append(PropertyVerdict(kind: verdict.kind, name: verdict.name, status: verdict.status, message: verdict.message,
                                            trace: trace, location: verdict.location, otherTrace: otherTrace))
        }
        var result = CheckResult<R>(graphName: mirrored.graphName, origin: mirrored.origin, verdicts: verdicts,
                                    routeCoverage: mirrored.routeCoverage, transitionCoverage: mirrored.transitionCoverage,
                                    cuts: mirrored.cuts, cutoff: mirrored.cutoff, statistics: mirrored.statistics)
        result.tapDistances = mirrored.tapDistances
        return result
    }

    /// `trace` replayed over `R`: `.some(nil)` for no trace, `nil` when the replay does not
    /// read as `trace` does.
    private func restated(_ trace: CheckTrace<DynamicRoute>?) -> CheckTrace<R>?? {
        guard let trace else { return .some(nil) }
        guard let replayed = self.trace(trace.actions), replayed.formattedLines == trace.formattedLines else { return nil }
        return .some(replayed)
    }
}
