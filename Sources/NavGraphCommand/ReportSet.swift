import Foundation
import GraphvizRendering
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports

/// Verifies one graph and writes its reports under `Reports/<Name>/`: report.json,
/// summary.md, junit.xml, results.sarif, report.html, graph.dot, graph.svg, graph.png, a
/// counterexample-N.svg per failed property with a trace, and for models of at most
/// ``stateDiagramLimit`` states the state graph (states.dot, states.svg). ``diagrams`` decides
/// which of the diagrams are drawn (`--diagrams`, and what is too big to lay out).
struct ReportSet {
    /// Models with at most this many states get a state diagram in their reports.
    static let stateDiagramLimit = 60

    let graphPath: String
    let graph: NavigationGraph<DynamicRoute>
    let reportsDirectory: String
    let engine: String
    let timings: Bool
    /// Which diagrams to draw, and the size past which a graph is not laid out.
    var diagrams = DiagramPolicy()
    /// Bounds and budgets from the command line.
    var search = SearchOptions()
    /// Which engine checks the graph (`--checker`).
    var engineOptions = EngineOptions()
    /// Whether to leave out notes (`--quiet`, `--format json`).
    var quiet = false
    /// Stops the search early (Ctrl-C); the reports then say what was explored.
    var cancellation: CheckCancellation?
    /// How often to report progress on standard error while exploring, off a terminal (a
    /// terminal's line is rewritten every half second); `nil` for none.
    var progressSeconds: Double?

    struct Outcome {
        let report: VerificationReport
        let folder: String
        let renderWarnings: [String]
    }

    /// The graph's report folder, `<reports>/<folder name>/`.
    var folder: ReportFolder { ReportFolder(root: reportsDirectory, name: Self.folderName(graph.name)) }

    func run() throws(CommandFailure) -> Outcome {
        let findings = GraphLinter.lint(graph)
        guard !findings.contains(where: { $0.severity == .error }) else { return try refuseForLint(findings) }
        let name = graph.name
        let progress = progressSeconds.map { Console.progressReporter(for: name, every: $0) }
        let checker = Checker(graph, options: search.checkerOptions(cancellation: cancellation, progress: progress))
        let run: GraphCheck.Run<DynamicRoute>
        do { run = try engineOptions.check(graph, options: checker.options, quiet: quiet, progress: progress, maxStatesGiven: search.maxStates != nil) } catch {
            Console.endProgress()
            // Its folder says so too, in place of the last run's reports.
            let report = VerificationReport(graph: graph.name, source: graph.origin, summary: graph.summary,
                                            notExplored: VerificationReport.notExploredForChecker, rule: "checker",
                                            message: "\(error)", remedy: "", location: nil)
            try Self.writeRefusal(report, mermaid: nil, in: folder, graphPath: graphPath)
            throw CommandFailure(message: "\(graphPath): \(error)", exitCode: 2)
        }
        Console.endProgress()
        let result = run.result
        let report = VerificationReport(graph: graph, run: run, lint: findings, timings: timings)

        let diagram = RouteDiagram(graph)
        let dot = diagram.dot()
        let drawing = diagrams.plan(for: diagram.layoutSize(), graphName: name, graphPath: graphPath, folder: folder.path)
        var warnings = drawing.warnings
        var graphSVG: String?
        var traceSVGs: [String: String] = [:]
        var files: [(name: String, bytes: [UInt8])] = [("graph.dot", Array(dot.utf8))]
        if drawing.drawGraph {
            do {
                let images = try GraphvizRenderer.shared.render(dot, formats: [.svg, .png], engine: engine)
                graphSVG = String(decoding: images[0], as: UTF8.self)
                files.append(("graph.svg", images[0]))
                files.append(("graph.png", images[1]))
            } catch {
                warnings.append("\(name): diagram not rendered (\(error)); graph.dot is written instead")
            }
        }
        var counter = 0
        let drawTraces = drawing.drawGraph && diagrams.allows(diagram.layoutSize(highlightingTrace: true))
        for verdict in result.failures where drawing.counterexamples {
            guard let trace = verdict.trace else { continue }
            counter += 1
            let overlay = diagram.dot(highlighting: trace)
            files.append(("counterexample-\(counter).dot", Array(overlay.utf8)))
            if drawTraces, let svg = try? GraphvizRenderer.shared.render(overlay, format: .svg, engine: engine) {
                traceSVGs[verdict.name] = String(decoding: svg, as: UTF8.self)
                files.append(("counterexample-\(counter).svg", svg))
            }
        }
        var stateSVG: String?
        if drawing.states, result.statistics.states <= Self.stateDiagramLimit, let states = try? checker.stateGraph(maxStates: Self.stateDiagramLimit) {
            let stateDiagram = StateDiagram(graph, states)
            let stateDOT = stateDiagram.dot(highlighting: result.failures.compactMap(\.trace).first)
            files.append(("states.dot", Array(stateDOT.utf8)))
            if diagrams.allows(stateDiagram.layoutSize), let svg = try? GraphvizRenderer.shared.render(stateDOT, format: .svg, engine: engine) {
                stateSVG = String(decoding: svg, as: UTF8.self)
                files.append(("states.svg", svg))
            }
        }
        do {
            files.append(("report.json", Array(try ReportWriter.json(report).utf8)))
            files.append(("summary.md", Array(ReportWriter.markdown(report, mermaid: drawing.mermaid ? diagram.mermaid() : nil, diagramNotes: drawing.notes).utf8)))
            files.append(("junit.xml", Array(ReportWriter.junit([report]).utf8)))
            files.append(("results.sarif", Array(try SARIFLog.text([report]).utf8)))
            files.append(("report.html", Array(HTMLPage.render(report, graphSVG: graphSVG, graphDOT: dot, traceSVGs: traceSVGs, stateSVG: stateSVG,
                                                                 diagramNotes: drawing.notes).utf8)))
        } catch {
            throw CommandFailure(message: "\(graphPath): error: cannot encode the reports (\(error)); please report this as a navgraph bug", exitCode: 2)
        }
        do { try folder.replaceReports(with: files) } catch { throw CommandFailure(message: error.message, exitCode: 2) }
        return Outcome(report: report, folder: folder.path, renderWarnings: warnings)
    }

    /// A folder name from a graph name: letters, digits, `-` and `_` kept, the rest `_`.
    static func folderName(_ name: String) -> String {
        let cleaned = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return cleaned.isEmpty ? "graph" : cleaned
    }
}
