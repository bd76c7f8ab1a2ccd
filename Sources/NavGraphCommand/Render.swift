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
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a graph, its state graph, or a counterexample, with Graphviz or as Mermaid.",
            discussion: """
                Examples:
                  navgraph render Graphs/Shop.navgraph.yaml --output shop.svg
                  navgraph render Graphs/Account.navgraph.yaml --counterexample --format png --output bug.png
                  navgraph render Graphs/Social.navgraph.yaml --format mermaid
                  navgraph render Graphs/Onboarding.navgraph.yaml --states --output states.svg
                  navgraph render Graphs/Mastodon.navgraph.yaml --focus status --output status.svg
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

        @Option(help: ArgumentHelp("Draw one route's focus diagram: the route, what leads to it and where it leads.", valueName: "route"))
        var focus: String?

        func validate() throws {
            guard format == "mermaid" || GraphvizRenderer.Format(rawValue: format) != nil else {
                throw ValidationError("unknown format '\(format)'; use svg, png, pdf, dot or mermaid")
            }
            if (format == "png" || format == "pdf") && output == nil {
                throw ValidationError("--format \(format) is binary; pass --output <file>")
            }
            guard maxStates > 0 else { throw ValidationError("--max-states must be positive") }
            if focus != nil {
                guard !states && !counterexample else { throw ValidationError("--focus draws one route's neighbourhood; drop --states and --counterexample") }
                guard format != "mermaid" else { throw ValidationError("--focus draws with Graphviz; use --format svg, png, pdf or dot") }
            }
        }

        func run() throws {
            try running { () throws(CommandFailure) -> ExitStatus in
                let loaded = try GraphFiles.load(graph)
                let diagram = RouteDiagram(loaded)
                var trace: CheckTrace<DynamicRoute>?
                var exitCode = ExitStatus.passed
                if counterexample {
                    let run: GraphCheck.Run<DynamicRoute>
                    do { run = try engineOptions.check(loaded, options: .init(), quiet: false) } catch {
                        throw CommandFailure(message: "\(graph): \(error)", exitCode: .badInput)
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
                        throw CommandFailure(message: "\(graph): \(error)", exitCode: .badInput)
                    }
                    let stateDiagram = StateDiagram(loaded, stateGraph)
                    text = (stateDiagram.dot(highlighting: trace), stateDiagram.mermaid(highlighting: trace))
                } else if let focus {
                    guard let focused = diagram.focusDiagrams(for: [focus]).first else {
                        let names = loaded.routes.map(\.name)
                        throw CommandFailure(message: "\(graph): error: no route is called '\(focus)'; --focus takes a route name: "
                                                + names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", …" : ""), exitCode: .badInput)
                    }
                    text = (focused.dot, "")
                } else {
                    text = (diagram.dot(highlighting: trace), diagram.mermaid())
                }
                let bytes: [UInt8]
                if format != "mermaid" && format != "dot", !states, focus == nil,
                   let warning = DiagramPolicy(engine: engine).slowLayoutWarning(for: diagram.layoutSize(highlightingTrace: trace != nil)) {
                    Console.error("warning: \(graph): \(warning)")
                }
                if format == "mermaid" {
                    bytes = Array(text.mermaid.utf8)
                } else {
                    do {
                        bytes = try GraphvizRenderer.shared.render(text.dot, format: GraphvizRenderer.Format(rawValue: format) ?? .svg, engine: engine)
                    } catch {
                        throw CommandFailure(message: "error: \(error)", exitCode: .badInput)
                    }
                }
                if let output {
                    do { try Data(bytes).write(to: URL(fileURLWithPath: output)) } catch {
                        throw CommandFailure(message: "\(output): error: cannot write (\(error.localizedDescription))", exitCode: .badInput)
                    }
                } else {
                    Console.data(bytes)
                }
                return exitCode
            }
        }
    }
}
