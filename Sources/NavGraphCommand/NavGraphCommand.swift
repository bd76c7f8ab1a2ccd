import ArgumentParser
import Foundation
import GraphvizRendering
import NavigationChecker
import NavigationCheckerSymbolic
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
              navgraph generate swift Graphs/Shop.navgraph.yaml --output ShopRoute.swift
            """,
        version: NavGraphVersion.current,
        subcommands: [Verify.self, Render.self, Lint.self, Trace.self, Diff.self, Schema.self, Generate.self],
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
            // Help and usage span several lines; each is escaped on its own.
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if code == .success {
                if !message.isEmpty { lines.forEach(Console.line) }
                return 0
            }
            lines.forEach(Console.error)
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
        Console.error(failure)
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

                Two engines check graphs (--checker): the symbolic one when it models the graph (no Swift \
                closures, app middleware, requests, conditional tabs, pushing links or expectations by \
                state), else the explicit one with a note saying why. Every report \
                and the terminal line name the engine that ran.

                Examples:
                  navgraph verify
                  navgraph verify Graphs/Account.navgraph.yaml --reports /tmp/reports --engine neato
                  navgraph verify Benchmarks/Graphs/AppShaped.navgraph.yaml --checker symbolic --diagrams none
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

        @OptionGroup var search: SearchOptions

        @OptionGroup var engineOptions: EngineOptions

        @ArgumentParser.Flag(help: "Exit 0 when nothing failed but a search was cut short; its undecided properties stay inconclusive in the reports.")
        var allowIncomplete = false

        @OptionGroup var output: OutputOptions

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
                    throw CommandFailure(message: "error: no graphs given and none found under Graphs/; pass a graph document", exitCode: ExitStatus.badInput)
                }
                let interruption = Interruption()
                var codes: [Int32] = []
                var summaries: [String] = []
                var outcomes = JSONOutcome()
                // Every graph is loaded before any is verified, to refuse graphs that would share
                // a report folder; a document named twice is verified once.
                var seen: Set<String> = []
                var loaded: [(path: String, graph: NavigationGraph<DynamicRoute>)] = []
                var notLoaded: [(path: String, failure: CommandFailure)] = []
                for file in files where seen.insert((file as NSString).standardizingPath).inserted {
                    do throws(CommandFailure) {
                        loaded.append((file, search.applied(to: try GraphFiles.load(file))))
                        output.noteStandalone(loaded[loaded.count - 1].graph)
                    } catch {
                        Console.error(error)
                        codes.append(error.exitCode)
                        outcomes.errors.append(.init(file: file, message: error.lines.joined(separator: "\n")))
                        summaries.append("\(file) not verified")
                        notLoaded.append((file, error))
                    }
                }
                do throws(CommandFailure) { try ReportSet.checkFolders(loaded, reportsDirectory: reports) } catch {
                    // Refused before anything is written; --format json still prints its document.
                    if output.format == .json {
                        var refused = outcomes
                        refused.errors.append(.init(file: reports, message: error.lines.joined(separator: "\n")))
                        try refused.print(exitCode: error.exitCode)
                    }
                    throw error
                }
                // A document that does not load fails in CI's reports too (unless a graph that
                // did load writes the same folder), and is annotated at its line.
                let loadedFolders = Set(loaded.map { ReportSet.folderName($0.graph.name).lowercased() })
                for (file, failure) in notLoaded where failure.document != nil {
                    if output.annotates, output.format == .text, let document = failure.document {
                        output.print([Diagnostic(file: document.location?.file ?? file, line: document.location?.line ?? 1, column: document.location?.column ?? 1, severity: .error,
                                                 title: "does not load", message: "\(document.message); \(document.remedy)")])
                    }
                    guard !loadedFolders.contains(ReportSet.folderName(ReportSet.documentStem(file)).lowercased()) else { continue }
                    do throws(CommandFailure) { _ = try ReportSet.writeNotLoaded(file, failure, reportsDirectory: reports) } catch { Console.error(error) }
                }
                let quiet = output.quiet || output.format == .json
                for (file, graph) in loaded {
                    guard interruption.receivedSignal == nil else {
                        summaries.append("\(file) not verified (interrupted)")
                        outcomes.errors.append(.init(file: file, message: "not verified: the run was interrupted before this graph"))
                        continue
                    }
                    do throws(CommandFailure) {
                        let outcome = try ReportSet(graphPath: file, graph: graph, reportsDirectory: reports, engine: engine, timings: timings,
                                                    diagrams: DiagramPolicy(selection: diagrams, engine: engine),
                                                    search: search, engineOptions: engineOptions, quiet: quiet, cancellation: interruption.cancellation,
                                                    progressSeconds: quiet ? nil : SearchOptions.seconds(progressInterval)).run()
                        for warning in outcome.renderWarnings { Console.error("warning: \(warning)") }
                        let report = outcome.report
                        let code = Self.exitCode(of: report, strict: output.strict)
                        if output.format == .text && !(quiet && code == ExitStatus.passed) {
                            for line in Self.lines(report, folder: outcome.folder, strict: output.strict) { Console.line(line) }
                        }
                        output.print(Diagnostic.of(report, file: file, strict: output.strict))
                        outcomes.reports.append(report)
                        codes.append(code)
                        summaries.append("\(report.graph) \(code == ExitStatus.passed ? "ok" : code == ExitStatus.inconclusive ? "INCONCLUSIVE" : "FAILED")")
                    } catch {
                        Console.error(error)
                        codes.append(error.exitCode)
                        outcomes.errors.append(.init(file: file, message: error.lines.joined(separator: "\n")))
                        summaries.append("\(file) not verified")
                    }
                }
                if Console.isTerminal && !quiet { Console.error("navgraph: " + summaries.joined(separator: ", ")) }
                var code = interruption.exitCode ?? ExitStatus.combined(codes)
                if code == ExitStatus.inconclusive && allowIncomplete { code = ExitStatus.passed }
                if output.format == .json { try outcomes.print(exitCode: code) }
                return code
            }
        }

        /// The exit code of one graph's report: lint errors (and, `strict`, lint warnings and
        /// properties that hold with a warning) and failed properties 1, undecided ones 3.
        static func exitCode(of report: VerificationReport, strict: Bool) -> Int32 {
            if report.status == "failed" || report.notExplored != nil { return ExitStatus.failed }
            if strict && (!report.lint.isEmpty || !report.warnings.isEmpty) { return ExitStatus.failed }
            return report.status == "inconclusive" ? ExitStatus.inconclusive : ExitStatus.passed
        }

        /// What the terminal says of one graph: a line that leads with the verdict, then one
        /// per failed or undecided property, and what to do when the search was cut short.
        /// With `strict`, a warning fails the run, and the line leads with that.
        static func lines(_ report: VerificationReport, folder: String, strict: Bool = false) -> [String] {
            let total = report.properties.count
            let undecided = report.properties.filter { $0.status == "inconclusive" }
            var lines: [String] = []
            if let reason = report.notExplored {
                return ["✘ \(report.graph): not explored: \(reason); fix the findings below — \(folder)/summary.md"]
            }
            let engine = report.engine.map { ", \($0.name) engine" } ?? ""
            switch report.status {
            case "passed":
                let scope = report.cuts.contains { $0.bound != "maxStates" } ? ", within the depth bounds" : ""
                let warned = report.warnings.isEmpty ? "" : ", \(report.warnings.count) with a warning: \(report.warnings.map(\.name).joined(separator: ", "))"
                let mark = strict && (!report.warnings.isEmpty || !report.lint.isEmpty) ? "✘" : "✔"
                let lintNote = report.lint.isEmpty ? "" : "; lint warned \(report.lint.count == 1 ? "once" : "\(report.lint.count) times")"
                let strictNote = mark == "✘" ? "\(lintNote), which --strict makes a failure" : ""
                lines.append("\(mark) \(report.graph): all \(total) properties passed\(warned)\(strictNote) (\(report.statistics.statesText) states\(scope)\(engine)) — \(folder)/\(warned.isEmpty ? "" : "report.html")")
            case "failed":
                var line = "✘ \(report.graph): \(report.failures.count) of \(total) properties failed: \(report.failures.map(\.name).joined(separator: ", "))"
                if !undecided.isEmpty { line += "; \(undecided.count) inconclusive" }
                lines.append(line + " (\(report.statistics.statesText) states\(engine)) — \(folder)/report.html")
            default:
                let explored = report.engine?.name == "symbolic" ? "stopped before its fixpoint" : "\(report.statistics.statesText) states explored"
                lines.append("⚠ inconclusive: \(report.graph): \(undecided.count) of \(total) properties undecided (\(explored)\(engine)) — \(folder)/report.html")
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

        @OptionGroup var engineOptions: EngineOptions

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
                var exitCode = ExitStatus.passed
                if counterexample {
                    let run: GraphCheck.Run<DynamicRoute>
                    do { run = try engineOptions.check(loaded, options: .init(), quiet: false) } catch {
                        throw CommandFailure(message: "\(graph): \(error)", exitCode: 2)
                    }
                    let result = run.result
                    trace = result.failures.compactMap(\.trace).first
                    if trace == nil, let cutoff = result.cutoff {
                        // Not a pass: the search stopped before it could find one.
                        Console.error("\(graph): inconclusive: the search was \(run.engine.describe(cutoff)) before any property failed, so a counterexample may lie beyond it; drawing the graph")
                        exitCode = ExitStatus.inconclusive
                    } else if trace == nil {
                        Console.error("\(graph): no property fails with a counterexample; drawing the graph")
                    }
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
                    Console.data(bytes)
                }
                return exitCode
            }
        }
    }

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

        func run() throws {
            try running { () throws(CommandFailure) -> Int32 in
                var codes: [Int32] = []
                var outcomes = JSONOutcome()
                for file in graphs.isEmpty ? GraphFiles.defaultGraphs() : graphs {
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
            try running { () throws(CommandFailure) -> Int32 in
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
                    throw CommandFailure(message: "\(graph): \(error)", exitCode: 2)
                }
                let result = run.result
                Console.line("\(loaded.name): checked by the \(run.engine.summary)")
                let features = FeatureLookup(loaded)
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
                        other.formattedLines.forEach(Console.line)
                        Console.line("  this path:")
                    }
                    verdict.trace?.formattedLines.forEach(Console.line)
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
                                         exitCode: 2)
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
                        throw CommandFailure(message: "error: no failed property is called '\(property)'; failed: \(failures.map(\.name).joined(separator: ", "))", exitCode: 2)
                    }
                    Console.line(headline(chosen))
                    if let trace = chosen.trace {
                        trace.formattedLines.forEach(Console.line)
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
                    chosen.trace?.formattedLines.forEach(Console.line)
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
            Console.data(Array((GraphDocument.jsonSchema + "\n").utf8))
        }
    }
}
