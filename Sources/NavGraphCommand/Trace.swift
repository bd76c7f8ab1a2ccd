import ArgumentParser
import Foundation
import GraphvizRendering
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports
import NavigationVerification

extension NavGraphCommand {
    struct Trace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explore a graph and print a counterexample step by step.",
            discussion: """
                Judges the same properties as verify: exits 1 when any property failed (a counterexample is \
                printed when the failure has one; coverage failures are listed), 3 when none failed but the \
                search was cut short, 0 when every property passed (a property that holds with a warning, such \
                as ambiguous owners, is printed with its paths and exits 0). A verdict about a feature names it.

                Examples:
                  navgraph trace Graphs/Account.navgraph.yaml
                  navgraph trace Graphs/Account.navgraph.yaml --property "guard bypass"
                """)

        @Argument(help: "The graph document.")
        var graph: String

        @Option(help: "The failed property (or the one with a warning) to show, by name or by the id verify prints in brackets (default: the first with a counterexample).")
        var property: String?

        /// Whether `verdict` is the property `name` names: its name (`guard bypass`) or its
        /// kind's id (`guard-bypass`), as the property registry gives them.
        static func isCalled(_ verdict: PropertyVerdict<DynamicRoute>, _ name: String) -> Bool {
            verdict.isNamed(name)
        }

        @OptionGroup var search: SearchOptions

        @OptionGroup var engineOptions: EngineOptions

        @ArgumentParser.Flag(help: "Exit 0 when nothing failed but the search was cut short.")
        var allowIncomplete = false

        func run() throws {
            try running { () throws(CommandFailure) -> ExitStatus in
                let loaded = search.applied(to: try GraphFiles.load(graph))
                let interruption = Interruption(then: "printing what was explored")
                let run: GraphCheck.Run<DynamicRoute>
                do throws(GraphCheckError) { run = try engineOptions.check(loaded, options: search.checkerOptions(cancellation: interruption.cancellation), quiet: false, maxStatesGiven: search.maxStates != nil) } catch {
                    // Lint errors are the graph's own fault, as in verify and lint: exit 1.
                    if case .checker(.lintErrors(let findings, _)) = error {
                        for diagnostic in Diagnostic.of(findings.filter { $0.severity == .error }, file: graph, graph: loaded.name, strict: false) {
                            Console.line(diagnostic.text)
                        }
                        Console.line("\(loaded.name): not explored: it has lint errors")
                        return ExitStatus.failed
                    }
                    throw CommandFailure(message: "\(graph): \(error)", exitCode: .badInput)
                }
                let result = run.result
                Console.line("\(loaded.name): checked by the \(run.engine.summary)")
                let features = FeatureLookup(loaded)
                // A guard's redirect is said as one, as the reports say it.
                let narration = TraceNarration(loaded)
                /// `Requests: dropped requests: request for … (feature people)`, as verify names a feature.
                func headline(_ verdict: PropertyVerdict<DynamicRoute>) -> String {
                    "\(loaded.name): \(verdict.name): \(verdict.status == .warning ? "warning: " : "")\(verdict.message)"
                        + Diagnostic.featureNote(features.feature(of: verdict, in: loaded))
                }
                /// A warning and its paths: the other one first, then the one its message calls "this one".
                func printWarning(_ verdict: PropertyVerdict<DynamicRoute>) {
                    Console.line(headline(verdict))
                    if let other = verdict.otherTrace {
                        Console.line("  one path:")
                        narration.lines(other).forEach(Console.line)
                        Console.line("  this path:")
                    }
                    verdict.trace.map(narration.lines)?.forEach(Console.line)
                }
                if let property, let warning = result.warnings.first(where: { Self.isCalled($0, property) }) {
                    printWarning(warning)
                    return result.status == .failed ? ExitStatus.failed : ExitStatus.passed
                }
                if let property, !result.failures.contains(where: { Self.isCalled($0, property) }) {
                    let named = result.failures.map(\.name) + result.warnings.map(\.name)
                    let known = result.verdicts.contains { Self.isCalled($0, property) }
                    throw CommandFailure(message: "error: \(known ? "'\(property)' neither failed nor holds with a warning" : "no property is called '\(property)'")"
                                         + (named.isEmpty ? "; no property failed or holds with a warning" : "; failed or with a warning: \(named.joined(separator: ", "))"),
                                         exitCode: .badInput)
                }
                switch result.status {
                case .passed, .warning:
                    let warnings = result.warnings
                    Console.line("\(loaded.name): every property passed\(warnings.isEmpty ? "" : ", \(warnings.count) with a warning"); there is no counterexample")
                    warnings.forEach(printWarning)
                    return ExitStatus.passed
                case .inconclusive:
                    Console.line("\(loaded.name): inconclusive: no property failed, but \(result.undecided.map(\.name).joined(separator: ", ")) could not be decided")
                    if let cutoff = result.cutoff {
                        Console.line("    the search was \(run.engine.describe(cutoff))")
                        Console.line("    next: \(cutoff.advice)")
                    }
                    return interruption.exitCode ?? (allowIncomplete ? ExitStatus.passed : ExitStatus.inconclusive)
                case .failed:
                    break
                }
                let failures = result.failures
                let withTrace = failures.filter { $0.trace != nil }
                if let property {
                    guard let chosen = failures.first(where: { Self.isCalled($0, property) }) else {
                        throw CommandFailure(message: "error: no failed property is called '\(property)'; failed: \(failures.map(\.name).joined(separator: ", "))", exitCode: .badInput)
                    }
                    Console.line(headline(chosen))
                    if let trace = chosen.trace {
                        narration.lines(trace).forEach(Console.line)
                    } else {
                        Console.line("    (no counterexample: this property fails as a whole, not in one state)")
                    }
                    return ExitStatus.failed
                }
                Console.line("\(loaded.name): \(failures.count) propert\(failures.count == 1 ? "y" : "ies") failed: \(failures.map(\.name).joined(separator: ", "))")
                for failure in failures where failure.trace == nil {
                    Console.line("    \(failure.name): \(failure.message)\(Diagnostic.featureNote(features.feature(of: failure, in: loaded)))")
                }
                if let chosen = withTrace.first {
                    Console.line(headline(chosen))
                    chosen.trace.map(narration.lines)?.forEach(Console.line)
                }
                return ExitStatus.failed
            }
        }
    }
}
