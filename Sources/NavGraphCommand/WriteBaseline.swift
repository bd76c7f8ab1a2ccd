import ArgumentParser
import Foundation
import NavigationCore
import NavigationGraph
import NavigationReports
import NavigationVerification

extension NavGraphCommand {
    /// `navgraph baseline`: the findings graphs have today, written down to accept them for now.
    struct WriteBaseline: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "baseline",
            abstract: "Write the findings graphs have today to a baseline file, so verify --baseline accepts them until they are fixed.",
            discussion: """
                Verifies each graph as verify does (no reports, no diagrams) and writes every failed \
                property, property that holds with a warning and lint warning to the baseline file, keyed \
                by graph, rule and a fingerprint of what failed (never a line number, so moving a \
                declaration keeps a finding accepted). Commit the file; `navgraph verify --baseline \
                .navgraph-baseline.json` then reports those findings as accepted (exit 0), a new one as a \
                failure, and one that is gone as fixed. A graph with lint errors is not explored and \
                adds nothing: errors are fixed, not accepted.

                Exit codes: 0 written; 2 bad input (a document that does not load) or the file cannot be \
                written; 3 written, but a graph was not checked to the end (its findings may be missing).

                Examples:
                  navgraph baseline
                  navgraph baseline Graphs/Account.navgraph.yaml --output .navgraph-baseline.json
                """)

        @Argument(help: "Graph documents (default: every graph under Graphs/).")
        var graphs: [String] = []

        @Option(help: ArgumentHelp("The baseline file to write.", valueName: "file"))
        var output = Baseline.defaultFileName

        @Option(help: ArgumentHelp("The project configuration (default: the first .navgraph.yml from here up to the repository's root): its graphs, and bounds, engine and properties per graph.", valueName: "file"))
        var config: String?

        @OptionGroup var search: SearchOptions

        @OptionGroup var engineOptions: EngineOptions

        func run() throws {
            try running { () throws(CommandFailure) -> ExitStatus in
                let configuration = try ProjectConfiguration.current(explicit: config)
                let files = try GraphFiles.chosen(graphs, configuration: configuration)
                var reports: [VerificationReport] = []
                var incomplete: [String] = []
                for file in files {
                    let loaded = try GraphFiles.load(file)
                    let settings = configuration?.settings(graph: loaded.name, file: file)
                    let search = search.overlaying(settings)
                    let graph = search.applied(to: loaded)
                    var options = VerificationOptions()
                    options.engine = engineOptions.overlaying(settings).choice.request
                    options.checker = search.checkerOptions(cancellation: nil)
                    options.propertyOverrides = settings?.properties ?? [:]
                    options.diagrams = DiagramPolicy(selection: .none)
                    let outcome: VerificationOutcome
                    do { outcome = try GraphVerification(graph: graph, path: file, options: options).run() } catch {
                        throw CommandFailure(message: "\(file): \(error)", exitCode: ExitStatus.badInput)
                    }
                    if let error = outcome.checkError { throw CommandFailure(message: "\(file): \(error)", exitCode: ExitStatus.badInput) }
                    if outcome.report.status == .inconclusive { incomplete.append(graph.name) }
                    reports.append(outcome.report)
                }
                let baseline = Baseline(reports: reports)
                do {
                    try Data(try baseline.text().utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    throw CommandFailure(message: "\(output): error: cannot write the baseline (\(error.localizedDescription)); check that its folder exists and is writable", exitCode: ExitStatus.badInput)
                }
                Console.line("\(output): \(baseline.findings.count) finding\(baseline.findings.count == 1 ? "" : "s") of \(reports.count) graph\(reports.count == 1 ? "" : "s") accepted for now; commit it, and verify with --baseline \(output)")
                guard incomplete.isEmpty else {
                    Console.error("warning: not checked to the end: \(incomplete.joined(separator: ", ")); findings a complete search would make are not in the baseline (raise the budgets)")
                    return ExitStatus.inconclusive
                }
                return ExitStatus.passed
            }
        }
    }
}
