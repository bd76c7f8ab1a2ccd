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
            \(ExitStatus.help)

            Examples:
              navgraph verify                      # every graph under Graphs/, reports under Reports/
              navgraph verify Graphs/Shop.navgraph.yaml --reports out
              navgraph trace Graphs/Account.navgraph.yaml
              navgraph render Graphs/Shop.navgraph.yaml --format png --output shop.png
            """,
        subcommands: [Verify.self, Render.self, Lint.self, Trace.self, Schema.self, Generate.self],
        defaultSubcommand: Verify.self)

    public init() {}

    /// Runs the command line `arguments` (without the program name) and returns the exit
    /// code: 0 clean, 1 a property failed, 2 bad input or usage (argument errors included),
    /// 3 inconclusive (a search cut short), 128 + the signal's number when interrupted.
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
                graph.svg, graph.png and a counterexample-N.svg per failed property, and removes the
                report files of an earlier run that this run did not write. Symbolic links in the
                reports are refused, never written through. A graph with lint errors is not explored;
                its folder gets report.json, summary.md, junit.xml and results.sarif with the findings.

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

        @OptionGroup var search: SearchOptions

        @ArgumentParser.Flag(help: "Exit 0 when nothing failed but a search was cut short; its undecided properties stay inconclusive in the reports.")
        var allowIncomplete = false

        @ArgumentParser.Flag(name: .shortAndLong, help: "Print only failures, inconclusive results and errors: no progress, no lines for graphs that pass.")
        var quiet = false

        @Option(help: ArgumentHelp("How often a long search prints a progress line when standard error is not a terminal (a CI log), e.g. 5s or 30s.", valueName: "duration"))
        var progressInterval = "5s"

        func validate() throws {
            guard SearchOptions.seconds(progressInterval) != nil else {
                throw ValidationError("--progress-interval '\(progressInterval)' is not a duration; write seconds such as 5 or 30s")
            }
        }

        func run() throws {
            try running { () throws(CommandFailure) -> Int32 in
                let files = graphs.isEmpty ? GraphFiles.defaultGraphs() : graphs
                guard !files.isEmpty else {
                    throw CommandFailure(message: "error: no graphs given and none found under Graphs/; pass a graph document", exitCode: 2)
                }
                let interruption = Interruption()
                var codes: [Int32] = []
                var summaries: [String] = []
                // Every graph is loaded before any is verified, to refuse graphs that would share
                // a report folder; a document named twice is verified once.
                var seen: Set<String> = []
                var loaded: [(path: String, graph: NavigationGraph<DynamicRoute>)] = []
                for file in files where seen.insert((file as NSString).standardizingPath).inserted {
                    do throws(CommandFailure) {
                        loaded.append((file, search.applied(to: try GraphFiles.load(file))))
                    } catch {
                        Console.error(error.message)
                        codes.append(ExitStatus.badInput)
                        summaries.append("\(file) not verified")
                    }
                }
                try ReportSet.checkFolders(loaded, reportsDirectory: reports)
                for (file, graph) in loaded {
                    guard interruption.receivedSignal == nil else {
                        summaries.append("\(file) not verified (interrupted)")
                        continue
                    }
                    do throws(CommandFailure) {
                        let outcome = try ReportSet(graphPath: file, graph: graph, reportsDirectory: reports, engine: engine, timings: timings,
                                                    search: search, cancellation: interruption.cancellation,
                                                    progressSeconds: quiet ? nil : SearchOptions.seconds(progressInterval)).run()
                        for warning in outcome.renderWarnings { Console.error("warning: \(warning)") }
                        let report = outcome.report
                        for line in Self.lines(report, folder: outcome.folder) where !(quiet && report.status == "passed") { print(line) }
                        codes.append(report.status == "failed" ? ExitStatus.failed : report.status == "inconclusive" ? ExitStatus.inconclusive : ExitStatus.passed)
                        summaries.append("\(report.graph) \(report.status == "passed" ? "ok" : report.status == "failed" ? "FAILED" : "INCONCLUSIVE")")
                    } catch {
                        Console.error(error.message)
                        codes.append(ExitStatus.badInput)
                        summaries.append("\(file) not verified")
                    }
                }
                if Console.isTerminal && !quiet { Console.error("navgraph: " + summaries.joined(separator: ", ")) }
                if let code = interruption.exitCode { return code }
                let code = ExitStatus.combined(codes)
                return code == ExitStatus.inconclusive && allowIncomplete ? ExitStatus.passed : code
            }
        }

        /// What the terminal says of one graph: a line that leads with the verdict, then one
        /// per failed or undecided property, and what to do when the search was cut short.
        static func lines(_ report: VerificationReport, folder: String) -> [String] {
            let total = report.properties.count
            let undecided = report.properties.filter { $0.status == "inconclusive" }
            var lines: [String] = []
            switch report.status {
            case "passed":
                let scope = report.cuts.contains { $0.bound != "maxStates" } ? ", within the depth bounds" : ""
                lines.append("✔ \(report.graph): all \(total) properties passed (\(report.statistics.states) states\(scope)) — \(folder)/")
            case "failed":
                var line = "✘ \(report.graph): \(report.failures.count) of \(total) properties failed: \(report.failures.map(\.name).joined(separator: ", "))"
                if !undecided.isEmpty { line += "; \(undecided.count) inconclusive" }
                lines.append(line + " — \(folder)/report.html")
                for failure in report.failures { lines.append("    \(failure.name): \(failure.message)") }
            default:
                lines.append("⚠ inconclusive: \(report.graph): \(undecided.count) of \(total) properties undecided (\(report.statistics.states) states explored) — \(folder)/report.html")
            }
            if let cutoff = report.cutoff, !undecided.isEmpty {
                lines.append("    not verified: the search was \(cutoff.summary)")
                lines.append("    next: \(cutoff.advice)")
            }
            return lines
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
            discussion: """
                Judges the same properties as verify: exits 1 when any property failed (a counterexample is \
                printed when the failure has one; coverage failures are listed), 3 when none failed but the \
                search was cut short, 0 when every property passed.

                Examples:
                  navgraph trace Graphs/Account.navgraph.yaml
                  navgraph trace Graphs/Account.navgraph.yaml --property "guard bypass"
                """)

        @Argument(help: "The graph document.")
        var graph: String

        @Option(help: "The failed property to show (default: the first with a counterexample).")
        var property: String?

        @OptionGroup var search: SearchOptions

        @ArgumentParser.Flag(help: "Exit 0 when nothing failed but the search was cut short.")
        var allowIncomplete = false

        func run() throws {
            try running { () throws(CommandFailure) -> Int32 in
                let loaded = search.applied(to: try GraphFiles.load(graph))
                let interruption = Interruption()
                let result: CheckResult<DynamicRoute>
                do { result = try Checker(loaded, options: search.checkerOptions(cancellation: interruption.cancellation)).run() } catch {
                    throw CommandFailure(message: "\(graph): \(error)", exitCode: 2)
                }
                if let code = interruption.exitCode { return code }
                switch result.status {
                case .passed:
                    print("\(loaded.name): every property passed; there is no counterexample")
                    return ExitStatus.passed
                case .inconclusive:
                    print("\(loaded.name): inconclusive: no property failed, but \(result.undecided.map(\.name).joined(separator: ", ")) could not be decided")
                    if let cutoff = result.cutoff { print("    the search was \(cutoff.summary)\n    next: \(cutoff.advice)") }
                    return allowIncomplete ? ExitStatus.passed : ExitStatus.inconclusive
                case .failed:
                    break
                }
                let failures = result.failures
                let withTrace = failures.filter { $0.trace != nil }
                if let property {
                    guard let chosen = failures.first(where: { $0.name == property }) else {
                        throw CommandFailure(message: "error: no failed property is called '\(property)'; failed: \(failures.map(\.name).joined(separator: ", "))", exitCode: 2)
                    }
                    print("\(loaded.name): \(chosen.name): \(chosen.message)")
                    print(chosen.trace?.formatted ?? "    (no counterexample: this property fails as a whole, not in one state)")
                    return ExitStatus.failed
                }
                print("\(loaded.name): \(failures.count) propert\(failures.count == 1 ? "y" : "ies") failed: \(failures.map(\.name).joined(separator: ", "))")
                for failure in failures where failure.trace == nil { print("    \(failure.name): \(failure.message)") }
                if let chosen = withTrace.first {
                    print("\(loaded.name): \(chosen.name): \(chosen.message)")
                    print(chosen.trace?.formatted ?? "")
                }
                return ExitStatus.failed
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
