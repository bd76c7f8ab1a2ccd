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
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check graphs for unknown names, unreachable routes, duplicate and dead transitions, shadowed links.",
            discussion: """
                Prints each finding as path:line:column: severity: message (or as GitHub Actions \
                annotations). Exits 1 when a graph has lint errors (with --strict, also warnings), 2 when \
                a document does not load, 0 otherwise.

                Examples:
                  navgraph lint Graphs/*.navgraph.yaml
                  navgraph lint --strict --format json
                """)

        @Argument(help: "Graph documents (default: every graph under Graphs/).")
        var graphs: [String] = []

        @OptionGroup var output: OutputOptions

        @Option(help: ArgumentHelp("The project configuration whose graphs: are linted when none is given (default: the first .navgraph.yml from here up to the repository's root).", valueName: "file"))
        var config: String?

        func run() throws {
            try running { () throws(CommandFailure) -> ExitStatus in
                var codes: [ExitStatus] = []
                var outcomes = JSONOutcome()
                for file in try GraphFiles.chosen(graphs, configuration: try ProjectConfiguration.current(explicit: config)) {
                    do throws(CommandFailure) {
                        let graph = try GraphFiles.load(file)
                        output.noteStandalone(graph)
                        let findings = GraphLinter.lint(graph)
                        output.print(Diagnostic.of(findings, file: file, graph: graph.name, strict: output.strict))
                        let failing = findings.contains { $0.severity == .error || output.strict }
                        codes.append(failing ? ExitStatus.failed : ExitStatus.passed)
                        outcomes.lint.append(.init(file: file, graph: graph.name, findings: findings))
                        if findings.isEmpty && !output.quiet && output.format == .text { Console.line("\(file): clean") }
                    } catch {
                        Console.error(error)
                        codes.append(error.exitCode)
                        outcomes.errors.append(.init(file: file, message: error.lines.joined(separator: "\n")))
                    }
                }
                let code = ExitStatus.combined(codes)
                if output.format == .json { try outcomes.print(exitCode: code) }
                return code
            }
        }
    }
}
