import GraphvizRendering
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationDiagrams
import NavigationGraph
import NavigationReports

/// Verifies one graph document end to end and returns every report file: the pipeline behind
/// `navgraph verify`, for any Swift caller (a test, a plugin, a tool of a team's own).
///
/// ```swift
/// let graph = try GraphDocument.load(contentsOf: "Graphs/Shop.navgraph.yaml")
/// let outcome = try GraphVerification(graph: graph, path: "Graphs/Shop.navgraph.yaml").run()
/// print(outcome.report.status)                         // "passed"
/// try outcome.write(toReports: "Reports")              // Reports/Shop/report.json, report.html, …
/// ```
///
/// Each step runs once per graph: lint (whose findings both engines take instead of linting
/// again), the graph's model (the engine that runs, the traces' replay and the state diagram
/// share it), and one search, whose state graph is the state diagram when the explicit engine
/// ran and the model is small (``VerificationOptions/stateDiagramLimit``). Diagrams are laid
/// out in process by Graphviz, as far as ``DiagramPolicy`` allows.
///
/// The search is specialised for documents' routes (`DynamicRoute`) inside the checker's
/// modules, so this path explores as fast as a benchmark that calls them directly.
public struct GraphVerification: Sendable {
    /// The graph, with any bounds the caller overrides already applied.
    public let graph: NavigationGraph<DynamicRoute>
    /// Where the graph was read from, as messages and the reports' "how to draw" advice name it.
    public let path: String
    public var options: VerificationOptions

    public init(graph: NavigationGraph<DynamicRoute>, path: String, options: VerificationOptions = VerificationOptions()) {
        self.graph = graph
        self.path = path
        self.options = options
    }

    /// Lints, checks, draws and writes every report into memory.
    ///
    /// A graph with lint errors is not explored: its outcome carries the findings in
    /// report.json, summary.md, junit.xml and results.sarif, each failing. A graph the checker
    /// refuses (the symbolic engine asked for on a graph it does not model, no initial state)
    /// gets those four reports saying why, and ``VerificationOutcome/checkError``.
    ///
    /// - Throws: ``VerificationError/encoding(_:)`` when a report cannot be encoded (a bug).
    /// - Complexity: that of the engine that runs, plus Graphviz's layout of the diagrams drawn.
    public func run() throws(VerificationError) -> VerificationOutcome {
        let findings = GraphLinter.lint(graph)
        guard !findings.contains(where: { $0.severity == .error }) else {
            let report = VerificationReport(graph: graph, notExploredBecauseOf: findings)
            return VerificationOutcome(graph: graph.name, report: report, files: try Self.refusalFiles(report, mermaid: RouteDiagram(graph).mermaid()),
                                       run: nil, checkError: nil, warnings: [])
        }
        let run: CheckRun<DynamicRoute>
        let stateGraph: StateGraph<DynamicRoute>?
        let drawsStates = options.diagrams.selection == .all
        let model = GraphModel(graph: graph)
        do {
            (run, stateGraph) = try GraphCheck.run(graph, engine: options.engine, options: options.checker, symbolicProgress: options.symbolicProgress,
                                                   linted: findings, stateGraphLimit: drawsStates ? options.stateDiagramLimit : nil, model: model)
        } catch {
            let report = VerificationReport(graph: graph.name, source: graph.origin, summary: graph.summary,
                                            notExplored: VerificationReport.notExploredForChecker, rule: "checker",
                                            message: "\(error)", remedy: "", location: nil)
            return VerificationOutcome(graph: graph.name, report: report, files: try Self.refusalFiles(report, mermaid: nil),
                                       run: nil, checkError: error, warnings: [])
        }
        let report = VerificationReport(graph: graph, run: run, lint: findings, timings: options.timings).overriding(options.propertyOverrides).applying(options.baseline)
        let states = stateGraph ?? smallSymbolicStateGraph(run: run, model: model, linted: findings)
        return try draw(report, run: run, stateGraph: states)
    }

    /// The diagrams and the report files of a checked graph.
    private func draw(_ report: VerificationReport, run: CheckRun<DynamicRoute>,
                      stateGraph: StateGraph<DynamicRoute>?) throws(VerificationError) -> VerificationOutcome {
        let result = run.result
        let name = graph.name
        let engine = options.diagrams.engine
        let diagram = RouteDiagram(graph)
        let dot = diagram.dot()
        let folder = options.reportFolderPath ?? ReportNames.folderName(name)
        let drawing = options.diagrams.plan(for: diagram.layoutSize(), graphName: name, graphPath: path, folder: folder)
        var warnings = drawing.warnings
        var graphSVG: String?
        var traceSVGs: [String: String] = [:]
        var storyboardSVGs: [String: String] = [:]
        var files: [ReportFile] = [ReportFile(name: "graph.dot", bytes: Array(dot.utf8))]
        if drawing.drawGraph {
            do {
                let images = try GraphvizRenderer.shared.render(dot, formats: options.diagrams.png ? [.svg, .png] : [.svg], engine: engine)
                graphSVG = String(decoding: images[0], as: UTF8.self)
                files.append(ReportFile(name: "graph.svg", bytes: images[0]))
                if images.count > 1 { files.append(ReportFile(name: "graph.png", bytes: images[1])) }
            } catch {
                warnings.append("\(name): diagram not rendered (\(error)); graph.dot is written instead")
            }
        }
        // Past what an overview shows, or when it was not drawn: a diagram per route (the route,
        // what leads to it, where it leads), small whatever the graph's size, linked from the
        // route list in report.html.
        var focusFiles: [String: String] = [:]
        var focusNote: String?
        if drawing.focusDiagrams {
            let routes = graph.routes.map(\.name)
            let chosen = Array(routes.prefix(max(options.diagrams.maxFocusDiagrams, 0)))
            // Named by the route's place in the document: a route's name may be anything.
            let positions = Dictionary(routes.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
            for focus in diagram.focusDiagrams(for: chosen) {
                guard let position = positions[focus.route],
                      let svg = try? GraphvizRenderer.shared.render(focus.dot, format: .svg, engine: engine) else { continue }
                let file = "focus-\(position).svg"
                files.append(ReportFile(name: file, bytes: svg))
                focusFiles[focus.route] = file
            }
            if routes.count > chosen.count {
                focusNote = "Focus diagrams are drawn for the first \(chosen.count) of the \(routes.count) routes, to keep drawing under a few seconds; "
                    + "draw another with: navgraph render \(DiagramPolicy.shellQuoted(path)) --focus <route> --output focus.svg"
            }
        }
        var counter = 0
        // The trace is drawn on the routes it visits and their neighbours, so it is drawn when that
        // part fits, whether or not the whole graph did.
        let drawsDiagrams = options.diagrams.selection != .none
        for verdict in result.failures where drawing.counterexamples {
            guard let trace = verdict.trace else { continue }
            counter += 1
            // The storyboard needs no layout: drawn for every counterexample.
            let board = Storyboard(graph, trace: trace)
            let storyboard = board.svg()
            storyboardSVGs[verdict.name] = storyboard
            files.append(ReportFile(name: "storyboard-\(counter).svg", bytes: Array(storyboard.utf8)))
            // The trace on the routes it visits and their neighbours, never on the whole graph.
            let overlay = diagram.dot(focusingOn: trace, stepLabels: board.frames().map(\.action))
            files.append(ReportFile(name: "counterexample-\(counter).dot", bytes: Array(overlay.utf8)))
            if drawsDiagrams, options.diagrams.allows(diagram.layoutSize(focusingOn: trace)),
               let svg = try? GraphvizRenderer.shared.render(overlay, format: .svg, engine: engine) {
                traceSVGs[verdict.name] = String(decoding: svg, as: UTF8.self)
                files.append(ReportFile(name: "counterexample-\(counter).svg", bytes: svg))
            }
        }
        var stateSVG: String?
        var stateNotes: [String] = []
        if drawing.states, result.statistics.states > options.stateDiagramLimit {
            stateNotes.append("The state graph is not drawn: \(report.statistics.statesText) states are more than the \(options.stateDiagramLimit) a drawing stays readable with; the storyboards show each counterexample's states, and `navgraph render <graph> --states --max-states N` draws it.")
        }
        if drawing.states, result.statistics.states <= options.stateDiagramLimit, let states = stateGraph {
            let stateDiagram = StateDiagram(graph, states)
            let stateDOT = stateDiagram.dot(highlighting: result.failures.compactMap(\.trace).first)
            files.append(ReportFile(name: "states.dot", bytes: Array(stateDOT.utf8)))
            if options.diagrams.allows(stateDiagram.layoutSize), let svg = try? GraphvizRenderer.shared.render(stateDOT, format: .svg, engine: engine) {
                stateSVG = String(decoding: svg, as: UTF8.self)
                files.append(ReportFile(name: "states.svg", bytes: svg))
            }
        }
        do {
            files.append(ReportFile(name: "report.json", bytes: Array(try ReportWriter.json(report).utf8)))
            files.append(ReportFile(name: "summary.md", bytes: Array(ReportWriter.markdown(report, mermaid: drawing.mermaid ? diagram.mermaid() : nil,
                                                                                                 diagramNotes: drawing.notes).utf8)))
            files.append(ReportFile(name: "junit.xml", bytes: Array(ReportWriter.junit([report]).utf8)))
            files.append(ReportFile(name: "results.sarif", bytes: Array(try SARIFLog.text([report]).utf8)))
            files.append(ReportFile(name: "report.html", bytes: Array(HTMLPage.render(report, graphSVG: graphSVG, graphDOT: dot, traceSVGs: traceSVGs,
                                                                                        stateSVG: stateSVG, diagramNotes: stateNotes + drawing.notes,
                                                                                        storyboardSVGs: storyboardSVGs,
                                                                                        routeIndex: routeIndex(report, focusFiles: focusFiles, note: focusNote)).utf8)))
        } catch {
            throw .encoding("\(error)")
        }
        return VerificationOutcome(graph: name, report: report, files: files, run: run, checkError: nil, warnings: warnings)
    }

    /// report.html's route list: every route, its focus diagram if drawn, the properties that
    /// mention it.
    private func routeIndex(_ report: VerificationReport, focusFiles: [String: String], note: String?) -> HTMLPage.RouteIndex {
        HTMLPage.RouteIndex(routes: graph.routes.map(\.name), focusFiles: focusFiles, mentions: RouteMentions(report: report, graph: graph), note: note)
    }

    /// The symbolic engine keeps no states to draw: for its small models (and only when the
    /// state diagram is drawn) an explicit search over the same model lists them, with the same
    /// runtime and bounds; the engines agree on the reachable states, which the differential
    /// tests hold them to.
    private func smallSymbolicStateGraph(run: CheckRun<DynamicRoute>, model: GraphModel<DynamicRoute>,
                                         linted: [LintFinding]) -> StateGraph<DynamicRoute>? {
        guard options.diagrams.selection == .all, run.engine.engine == .symbolic, run.result.statistics.states <= options.stateDiagramLimit else { return nil }
        return try? Checker(model: model).stateGraph(maxStates: options.stateDiagramLimit, linted: linted)
    }

    /// report.json, summary.md, junit.xml and results.sarif of a graph that was not explored,
    /// each failing, so CI's test and code-scanning views show why instead of an earlier run's.
    package static func refusalFiles(_ report: VerificationReport, mermaid: String?) throws(VerificationError) -> [ReportFile] {
        do {
            return [
                ReportFile(name: "report.json", bytes: Array(try ReportWriter.json(report).utf8)),
                ReportFile(name: "summary.md", bytes: Array(ReportWriter.markdown(report, mermaid: mermaid).utf8)),
                ReportFile(name: "junit.xml", bytes: Array(ReportWriter.junit([report]).utf8)),
                ReportFile(name: "results.sarif", bytes: Array(try SARIFLog.text([report]).utf8)),
            ]
        } catch {
            throw .encoding("\(error)")
        }
    }
}
