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
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lint and explore graphs, and write their reports.",
            discussion: """
                With no graph given, verifies every *.navgraph.yaml under Graphs/. Writes, per graph,
                Reports/<Name>/ with report.json, summary.md, junit.xml, results.sarif, report.html,
                graph.svg (graph.png with --png) and a counterexample-N.svg per failed property, and
                Reports/overview.md, a row per graph of the run. It removes the
                report files of an earlier run that this run did not write. Symbolic links in the
                reports are refused, never written through. A graph with lint errors is not explored;
                its folder gets report.json, summary.md, junit.xml and results.sarif with the findings.

                Two engines check graphs (--checker). By default the explicit one runs first and keeps a \
                graph it finishes within 100,000 states (when the symbolic model is small, 10,000 steps and then only while \
                its levels point to an end sooner than that engine would finish); a \
                larger graph goes to the symbolic one when it \
                models the graph (no Swift closures, app middleware, requests or reroutes), else the explicit one \
                searches on, with a note saying why. Every report and the terminal line name the engine \
                that ran and why.

                Examples:
                  navgraph verify
                  navgraph verify Graphs/Account.navgraph.yaml --reports /tmp/reports --engine neato
                  navgraph verify Benchmarks/Graphs/AppShaped.navgraph.yaml --checker symbolic --diagrams none
                """)

        @Argument(help: "Graph documents to verify (default: every graph under Graphs/).")
        var graphs: [String] = []

        @Option(help: "The folder reports are written to, one subfolder per graph (default: the configuration's reports, else Reports).")
        var reports: String?

        @Option(help: ArgumentHelp("The project configuration (default: the first .navgraph.yml from here up to the repository's root): the graphs, reports, diagrams, baseline, and bounds, engine and properties per graph; flags override it.", valueName: "file"))
        var config: String?

        @Option(help: ArgumentHelp("Findings accepted for now, as `navgraph baseline` writes them (.navgraph-baseline.json): each is reported as accepted and does not fail the run; a new one fails as before, and one that is gone is listed as fixed.", valueName: "file"))
        var baseline: String?

        @Option(help: "The Graphviz layout engine for diagrams (dot, neato, circo, fdp, …).")
        var engine = "dot"

        @ArgumentParser.Flag(help: "Include elapsed time and peak memory in report.json (makes it differ run to run).")
        var timings = false

        @Option(help: """
            Diagrams to draw: none (graph.dot only), graph (and graph.svg), all (and counterexamples, \
            state graphs). Graphs too big to lay out in under a second are skipped with a warning and listed route by route in report.html, each with its focus diagram.
            """)
        var diagrams: DiagramPolicy.Selection?

        @ArgumentParser.Flag(help: "Also write graph.png (report.html embeds graph.svg; a PNG of a large graph costs seconds and memory).")
        var png = false

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
            try running { () throws(CommandFailure) -> ExitStatus in
                let configuration = try ProjectConfiguration.current(explicit: config)
                let files = try GraphFiles.chosen(graphs, configuration: configuration)
                let reports = reports ?? configuration?.reports ?? "Reports"
                let diagrams = diagrams ?? configuration?.diagrams ?? .all
                let accepted = try (baseline ?? configuration?.baseline).map { path throws(CommandFailure) in try Self.loadBaseline(path) }
                let interruption = Interruption()
                var codes: [ExitStatus] = []
                var summaries: [String] = []
                var outcomes = JSONOutcome()
                var overview: [ReportWriter.OverviewEntry] = []
                // Every graph is loaded before any is verified, to refuse graphs that would share
                // a report folder; a document named twice is verified once.
                var seen: Set<String> = []
                var loaded: [(path: String, graph: NavigationGraph<DynamicRoute>)] = []
                var notLoaded: [(path: String, failure: CommandFailure)] = []
                for file in files where seen.insert((file as NSString).standardizingPath).inserted {
                    do throws(CommandFailure) {
                        let graph = try GraphFiles.load(file)
                        loaded.append((file, search.overlaying(configuration?.settings(graph: graph.name, file: file)).applied(to: graph)))
                        output.noteStandalone(loaded[loaded.count - 1].graph)
                    } catch {
                        Console.error(error)
                        codes.append(error.exitCode)
                        outcomes.errors.append(.init(file: file, message: error.lines.joined(separator: "\n")))
                        summaries.append("\(file) not verified")
                        overview.append(.notVerified(file: file, reason: Self.firstLine(of: error)))
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
                // A document that does not load fails in CI's reports too, in the folder its file name
                // gives, and is annotated at its line. A graph that did load and would write that
                // folder is not verified: its passing reports would stand where the failure belongs
                // (CI's summary and code scanning showed the broken document as passed).
                var notLoadedFolders: [String: String] = [:]
                for (file, failure) in notLoaded where failure.document != nil {
                    if output.annotates, output.format == .text {
                        output.print(failure.documents.map { document in
                            Diagnostic(file: document.location?.file ?? file, line: document.location?.line ?? 1, column: document.location?.column ?? 1, severity: .error,
                                       title: "does not load", message: "\(document.message); \(document.remedy)")
                        })
                    }
                    notLoadedFolders[ReportNames.folderName(ReportNames.documentStem(file)).lowercased()] = file
                    do throws(CommandFailure) { _ = try ReportSet.writeNotLoaded(file, failure, reportsDirectory: reports) } catch { Console.error(error) }
                }
                loaded.removeAll { path, graph in
                    guard let broken = notLoadedFolders[ReportNames.folderName(graph.name).lowercased()] else { return false }
                    let folder = (reports as NSString).appendingPathComponent(ReportNames.folderName(graph.name))
                    let message = "error: \(path) (graph '\(graph.name)') would write its reports to \(folder)/, where the reports of \(broken), "
                        + "which does not load, are; not verified: fix \(broken), or give one of the two another name"
                    Console.error(message)
                    codes.append(ExitStatus.badInput)
                    outcomes.errors.append(.init(file: path, message: message))
                    summaries.append("\(path) not verified")
                    overview.append(.notVerified(file: path, reason: "its report folder is the one of \(broken), which does not load"))
                    return true
                }
                let quiet = output.quiet || output.format == .json
                for (file, graph) in loaded {
                    guard interruption.receivedSignal == nil else {
                        summaries.append("\(file) not verified (interrupted)")
                        overview.append(.notVerified(file: file, reason: "the run was interrupted before this graph"))
                        outcomes.errors.append(.init(file: file, message: "not verified: the run was interrupted before this graph"))
                        continue
                    }
                    do throws(CommandFailure) {
                        let settings = configuration?.settings(graph: graph.name, file: file)
                        let outcome = try ReportSet(graphPath: file, graph: graph, reportsDirectory: reports, timings: timings,
                                                    diagrams: DiagramPolicy(selection: diagrams, engine: engine, png: png),
                                                    search: search.overlaying(settings), engineOptions: engineOptions.overlaying(settings),
                                                    quiet: quiet, cancellation: interruption.cancellation,
                                                    progressSeconds: quiet ? nil : SearchOptions.seconds(progressInterval), baseline: accepted,
                                                    propertyOverrides: settings?.properties ?? [:]).run()
                        for warning in outcome.renderWarnings { Console.error("warning: \(warning)") }
                        let report = outcome.report
                        let code = Self.exitCode(of: report, strict: output.strict)
                        if output.format == .text && !(quiet && code == ExitStatus.passed) {
                            for line in Self.lines(report, folder: outcome.folder, strict: output.strict) { Console.line(line) }
                        }
                        output.print(Diagnostic.of(report, file: file, strict: output.strict))
                        outcomes.reports.append(report)
                        overview.append(.verified(report, folder: ReportNames.folderName(graph.name)))
                        codes.append(code)
                        summaries.append("\(report.graph) \(code == ExitStatus.passed ? "ok" : code == ExitStatus.inconclusive ? "INCONCLUSIVE" : "FAILED")")
                    } catch {
                        Console.error(error)
                        codes.append(error.exitCode)
                        outcomes.errors.append(.init(file: file, message: error.lines.joined(separator: "\n")))
                        summaries.append("\(file) not verified")
                        overview.append(.notVerified(file: file, reason: Self.firstLine(of: error)))
                    }
                }
                // One table over every graph of the run, what a CI job summary opens with.
                if !overview.isEmpty {
                    do throws(ReportFolder.Failure) {
                        try ReportFolder.runFolder(reports).replaceRunFile(named: "overview.md", bytes: Array(ReportWriter.overviewMarkdown(overview).utf8))
                    } catch {
                        Console.error(error.description)
                        codes.append(ExitStatus.badInput)
                    }
                }
                if Console.isTerminal && !quiet { Console.error("navgraph: " + summaries.joined(separator: ", ")) }
                var code = interruption.exitCode ?? ExitStatus.combined(codes)
                if code == ExitStatus.inconclusive && allowIncomplete { code = ExitStatus.passed }
                if output.format == .json { try outcomes.print(exitCode: code) }
                return code
            }
        }

        /// The first line of a failure's message, for a table cell.
        static func firstLine(of failure: CommandFailure) -> String {
            let line = failure.lines.first { !$0.isEmpty } ?? "not verified"
            return line.count > 200 ? String(line.prefix(200)) + "…" : line
        }

        /// The baseline file at `path`.
        static func loadBaseline(_ path: String) throws(CommandFailure) -> Baseline {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(message: "\(path): error: cannot read the baseline; write it with `navgraph baseline` (it writes \(Baseline.defaultFileName)), or pass the path of one", exitCode: ExitStatus.badInput)
            }
            do { return try Baseline(data: data, file: path) } catch { throw CommandFailure(message: error.description, exitCode: ExitStatus.badInput) }
        }

        /// The exit code of one graph's report: lint errors (and, `strict`, lint warnings and
        /// properties that hold with a warning) and failed properties 1, undecided ones 3.
        static func exitCode(of report: VerificationReport, strict: Bool) -> ExitStatus {
            if report.status == .failed || report.notExplored != nil { return ExitStatus.failed }
            if strict && (!report.lintNotAccepted.isEmpty || !report.warnings.isEmpty) { return ExitStatus.failed }
            return report.status == .inconclusive ? ExitStatus.inconclusive : ExitStatus.passed
        }

        /// What the terminal says of one graph: a line that leads with the verdict, then one
        /// per failed or undecided property, and what to do when the search was cut short.
        /// With `strict`, a warning fails the run, and the line leads with that.
        static func lines(_ report: VerificationReport, folder: String, strict: Bool = false) -> [String] {
            let total = report.properties.count
            let undecided = report.properties.filter { $0.status == .inconclusive }
            var lines: [String] = []
            if let reason = report.notExplored {
                return ["✘ \(report.graph): not explored: \(reason); fix the findings below — \(folder)/summary.md"]
            }
            let engine = report.engine.map { ", \($0.name) engine" } ?? ""
            switch report.status {
            case .passed, .warning:
                let scope = report.cuts.contains { $0.bound != "maxStates" } ? ", within the depth bounds" : ""
                let warned = report.warnings.isEmpty ? "" : ", \(report.warnings.count) with a warning: \(report.warnings.map(\.name).joined(separator: ", "))"
                let lint = report.lintNotAccepted
                let mark = strict && (!report.warnings.isEmpty || !lint.isEmpty) ? "✘" : "✔"
                let lintNote = lint.isEmpty ? "" : "; lint warned \(lint.count == 1 ? "once" : "\(lint.count) times")"
                let strictNote = mark == "✘" ? "\(lintNote), which --strict makes a failure" : ""
                let accepted = report.accepted.filter { $0.status == .failed }
                let verdict = accepted.isEmpty ? "all \(total) properties passed"
                    : "no new failure; \(accepted.count) of \(total) properties fail as the baseline accepts: \(accepted.map(\.name).joined(separator: ", "))"
                lines.append("\(mark) \(report.graph): \(verdict)\(warned)\(strictNote) (\(report.statistics.statesText) states\(scope)\(engine)) — \(folder)/\(warned.isEmpty && accepted.isEmpty ? "" : "report.html")")
            case .failed:
                var line = "✘ \(report.graph): \(report.failures.count) of \(total) properties failed: \(report.failures.map(\.name).joined(separator: ", "))"
                if !undecided.isEmpty { line += "; \(undecided.count) inconclusive" }
                lines.append(line + " (\(report.statistics.statesText) states\(engine)) — \(folder)/report.html")
            case .inconclusive:
                let explored = report.engine?.name == "symbolic" ? "stopped before its fixpoint" : "\(report.statistics.statesText) states explored"
                lines.append("⚠ inconclusive: \(report.graph): \(undecided.count) of \(total) properties undecided (\(explored)\(engine)) — \(folder)/report.html")
            }
            for entry in report.baselineFixed ?? [] {
                lines.append("    fixed: \(entry.rule) no longer fails; remove it from the baseline (navgraph baseline writes it again)")
            }
            if let cutoff = report.cutoff, !undecided.isEmpty {
                lines.append("    not verified: the search was \(cutoff.summary)")
                lines.append("    next: \(cutoff.advice)")
            }
            return lines
        }
    }
}
