import ArgumentParser
import Foundation
import GraphvizRendering
import NavigationChecker
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports

/// The `navgraph` command: verify, render, lint, trace, schema. The executable only calls
/// `NavGraphCommand.main()`.
public struct NavGraphCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "navgraph",
        abstract: "Verify app navigation graphs: lint, explore every reachable state, write reports and diagrams.",
        discussion: """
            Exit codes: 0 every property holds, 1 a property failed, 2 bad input or usage.

            Examples:
              navgraph verify                      # every graph under Graphs/, reports under Reports/
              navgraph verify Graphs/Shop.navgraph.yaml --reports out
              navgraph trace Graphs/Account.navgraph.yaml
              navgraph render Graphs/Shop.navgraph.yaml --format png --output shop.png
            """,
        subcommands: [Verify.self, Render.self, Lint.self, Trace.self, Schema.self],
        defaultSubcommand: Verify.self)

    public init() {}

    /// Runs the command line `arguments` (without the program name) and returns the exit
    /// code: 0 clean, 1 a property failed, 2 bad input or usage (argument errors included).
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                return 0
            }
            Console.error(message)
            return 2
        }
    }

    /// The executable's entry: runs the process's arguments and exits with ``run(_:)``'s code.
    public static func main() {
        Foundation.exit(run(Array(CommandLine.arguments.dropFirst())))
    }
}

/// Runs `body`, turning a ``CommandFailure`` into its message and exit code.
func running(_ body: () throws(CommandFailure) -> Int32) throws -> Never {
    do {
        throw ExitCode(try body())
    } catch let failure as CommandFailure {
        Console.error(failure.message)
        throw ExitCode(failure.exitCode)
    }
}

extension NavGraphCommand {
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lint and explore graphs, and write their reports.",
            discussion: """
                With no graph given, verifies every *.navgraph.yaml under Graphs/. Writes, per graph,
                Reports/<Name>/ with report.json, summary.md, junit.xml, results.sarif, report.html,
                graph.svg, graph.png and a counterexample-N.svg per failed property.

                Examples:
                  navgraph verify
                  navgraph verify Graphs/Account.navgraph.yaml --reports /tmp/reports --engine neato
                """)

        @Argument(help: "Graph documents to verify (default: every graph under Graphs/).")
        var graphs: [String] = []

        @Option(help: "The folder reports are written to, one subfolder per graph.")
        var reports = "Reports"

        @Option(help: "The Graphviz layout engine for diagrams (dot, neato, circo, fdp, …).")
        var engine = "dot"

        @ArgumentParser.Flag(help: "Include elapsed time and peak memory in report.json (makes it differ run to run).")
        var timings = false

        @Option(help: """
            Diagrams to draw: none (graph.dot only), graph (and graph.svg, graph.png), all (and counterexamples, \
            state graphs). Graphs too big to lay out in a few seconds are skipped with a warning.
            """)
        var diagrams: DiagramPolicy.Selection = .all

        func run() throws {
            try running { () throws(CommandFailure) -> Int32 in
                let files = graphs.isEmpty ? GraphFiles.defaultGraphs() : graphs
                guard !files.isEmpty else {
                    throw CommandFailure(message: "error: no graphs given and none found under Graphs/; pass a graph document", exitCode: 2)
                }
                var worst: Int32 = 0
                var summaries: [String] = []
                for file in files {
                    do throws(CommandFailure) {
                        let outcome = try ReportSet(graphPath: file, reportsDirectory: reports, engine: engine, timings: timings,
                                                diagrams: DiagramPolicy(selection: diagrams, engine: engine)).run()
                        for warning in outcome.renderWarnings { Console.error("warning: \(warning)") }
                        let report = outcome.report
                        if report.passed {
                            print("✔ \(report.graph): all \(report.properties.count) properties hold (\(report.statistics.states) states) — \(outcome.folder)/")
                        } else {
                            worst = max(worst, 1)
                            print("✘ \(report.graph): \(report.failures.count) of \(report.properties.count) properties failed: \(report.failures.map(\.name).joined(separator: ", ")) — \(outcome.folder)/report.html")
                            for failure in report.failures { print("    \(failure.name): \(failure.message)") }
                        }
                        summaries.append(report.passed ? "\(report.graph) ok" : "\(report.graph) FAILED")
                    } catch {
                        Console.error(error.message)
                        worst = 2
                        summaries.append("\(file) not verified")
                    }
                }
                if Console.isTerminal { Console.error("navgraph: " + summaries.joined(separator: ", ")) }
                return worst
            }
        }
    }

    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a graph, its state graph, or a counterexample, with Graphviz or as Mermaid.",
            discussion: """
                Examples:
                  navgraph render Graphs/Shop.navgraph.yaml --output shop.svg
                  navgraph render Graphs/Account.navgraph.yaml --counterexample --format png --output bug.png
                  navgraph render Graphs/Social.navgraph.yaml --format mermaid
                  navgraph render Graphs/Onboarding.navgraph.yaml --states --output states.svg
                """)

        @Argument(help: "The graph document.")
        var graph: String

        @Option(help: "svg, png, pdf, dot or mermaid.")
        var format = "svg"

        @Option(help: "The Graphviz layout engine (dot, neato, circo, fdp, …).")
        var engine = "dot"

        @Option(help: "Write here instead of standard output (required for png and pdf).")
        var output: String?

        @ArgumentParser.Flag(help: "Draw the first counterexample over the graph (explores the graph first).")
        var counterexample = false

        @ArgumentParser.Flag(help: "Draw the reachable state graph instead of the route graph (small models only).")
        var states = false

        @Option(help: "With --states: refuse models with more states than this.")
        var maxStates = 200

        func validate() throws {
            guard format == "mermaid" || GraphvizRenderer.Format(rawValue: format) != nil else {
                throw ValidationError("unknown format '\(format)'; use svg, png, pdf, dot or mermaid")
            }
            if (format == "png" || format == "pdf") && output == nil {
                throw ValidationError("--format \(format) is binary; pass --output <file>")
            }
            guard maxStates > 0 else { throw ValidationError("--max-states must be positive") }
        }

        func run() throws {
            try running { () throws(CommandFailure) -> Int32 in
                let loaded = try GraphFiles.load(graph)
                let diagram = RouteDiagram(loaded)
                var trace: CheckTrace<DynamicRoute>?
                if counterexample {
                    do { trace = try Checker(loaded).run().failures.compactMap(\.trace).first } catch {
                        throw CommandFailure(message: "\(graph): \(error)", exitCode: 2)
                    }
                    if trace == nil { Console.error("\(graph): no property fails, so there is no counterexample; drawing the graph") }
                }
                let text: (dot: String, mermaid: String)
                if states {
                    let stateGraph: StateGraph<DynamicRoute>
                    do { stateGraph = try Checker(loaded).stateGraph(maxStates: maxStates) } catch {
                        throw CommandFailure(message: "\(graph): \(error)", exitCode: 2)
                    }
                    let stateDiagram = StateDiagram(loaded, stateGraph)
                    text = (stateDiagram.dot(highlighting: trace), stateDiagram.mermaid(highlighting: trace))
                } else {
                    text = (diagram.dot(highlighting: trace), diagram.mermaid())
                }
                let bytes: [UInt8]
                if format != "mermaid" && format != "dot", !states,
                   let warning = DiagramPolicy(engine: engine).slowLayoutWarning(for: diagram.layoutSize(highlightingTrace: trace != nil)) {
                    Console.error("warning: \(graph): \(warning)")
                }
                if format == "mermaid" {
                    bytes = Array(text.mermaid.utf8)
                } else {
                    do {
                        bytes = try GraphvizRenderer.shared.render(text.dot, format: GraphvizRenderer.Format(rawValue: format) ?? .svg, engine: engine)
                    } catch {
                        throw CommandFailure(message: "error: \(error)", exitCode: 2)
                    }
                }
                if let output {
                    do { try Data(bytes).write(to: URL(fileURLWithPath: output)) } catch {
                        throw CommandFailure(message: "\(output): error: cannot write (\(error.localizedDescription))", exitCode: 2)
                    }
                } else {
                    FileHandle.standardOutput.write(Data(bytes))
                }
                return 0
            }
        }
    }

    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check graphs for unknown names, unreachable routes, duplicate and dead transitions, shadowed links.",
            discussion: "Exits 2 when a graph has lint errors (or does not load), 0 otherwise.\n\nExample:\n  navgraph lint Graphs/*.navgraph.yaml")

        @Argument(help: "Graph documents (default: every graph under Graphs/).")
        var graphs: [String] = []

        func run() throws {
            try running { () throws(CommandFailure) -> Int32 in
                var worst: Int32 = 0
                for file in graphs.isEmpty ? GraphFiles.defaultGraphs() : graphs {
                    do throws(CommandFailure) {
                        let graph = try GraphFiles.load(file)
                        let findings = GraphLinter.lint(graph)
                        for finding in findings { print(finding.formatted(file: graph.origin)) }
                        if findings.contains(where: { $0.severity == .error }) { worst = 2 }
                        if findings.isEmpty { print("\(file): clean") }
                    } catch {
                        Console.error(error.message)
                        worst = 2
                    }
                }
                return worst
            }
        }
    }

    struct Trace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explore a graph and print a counterexample step by step.",
            discussion: "Exits 1 when a counterexample is printed, 0 when every property holds.\n\nExamples:\n  navgraph trace Graphs/Account.navgraph.yaml\n  navgraph trace Graphs/Account.navgraph.yaml --property \"guard bypass\"")

        @Argument(help: "The graph document.")
        var graph: String

        @Option(help: "The failed property to show (default: the first).")
        var property: String?

        func run() throws {
            try running { () throws(CommandFailure) -> Int32 in
                let loaded = try GraphFiles.load(graph)
                let result: CheckResult<DynamicRoute>
                do { result = try Checker(loaded).run() } catch { throw CommandFailure(message: "\(graph): \(error)", exitCode: 2) }
                let failures = result.failures.filter { $0.trace != nil }
                guard !failures.isEmpty else {
                    print("\(loaded.name): every property holds; there is no counterexample")
                    return 0
                }
                guard let chosen = property.map({ name in failures.first { $0.name == name } }) ?? failures.first else {
                    throw CommandFailure(message: "error: no failed property is called '\(property ?? "")'; failed: \(failures.map(\.name).joined(separator: ", "))", exitCode: 2)
                }
                print("\(loaded.name): \(chosen.name): \(chosen.message)")
                print(chosen.trace?.formatted ?? "")
                return 1
            }
        }
    }

    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the JSON Schema of graph documents.",
            discussion: "Example:\n  navgraph schema > navgraph.schema.json")

        func run() throws {
            print(GraphDocument.jsonSchema)
        }
    }
}
