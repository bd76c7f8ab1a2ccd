import ArgumentParser
import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph
import NavigationReports

extension NavGraphCommand {
    struct Conform: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an app's recorded navigation traces against a graph.",
            discussion: """
                Replays each step of a trace file (JSON lines, one step each: see the Guide's "Checking recorded \
                traces" and Schemas/navgraph-trace-1.schema.json) through the graph's runtime, the model verify \
                explores, and reports each trace's first step the graph does not allow or whose recorded state \
                differs, with the steps before it, and which declared transitions the traces took. The file is \
                read a line at a time, so its size does not matter. Exits 0 when every trace conforms, 1 when one \
                diverges, 2 for bad input (a graph that does not load, a line that is not JSON or not a step).

                Examples:
                  navgraph conform Graphs/Shop.navgraph.yaml session.jsonl
                  navgraph conform Graphs/Shop.navgraph.yaml session.jsonl --format sarif > conform.sarif
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, sarif
        }

        @Argument(help: "The graph document.")
        var graph: String

        @Argument(help: "The trace file: JSON lines, one step each (- reads standard input).")
        var traces: String

        @Option(help: "text, json (one JSON document on standard output) or sarif (SARIF 2.1.0, located at the trace file's lines).")
        var format: Format = .text

        @Option(help: "How many steps before a divergence to show.")
        var context = 10

        @Option(help: "The longest line accepted, in bytes; a longer one is bad input.")
        var maxLineBytes = 1 << 20

        func validate() throws {
            guard context >= 0 else { throw ValidationError("--context must be 0 or more") }
            guard maxLineBytes >= 64 else { throw ValidationError("--max-line-bytes must be at least 64") }
        }

        func run() throws {
            try running { () throws(CommandFailure) -> ExitStatus in
                let loaded = try GraphFiles.load(graph)
                let report = try Self.check(loaded, traces: traces, context: context, maxLineBytes: maxLineBytes)
                switch format {
                case .text: printText(report)
                case .json:
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                    do { Console.data(Array(try encoder.encode(JSONReport(report))) + [0x0A]) } catch {
                        throw CommandFailure(message: "error: cannot write the JSON report: \(error)", exitCode: .badInput)
                    }
                case .sarif:
                    do { Console.data(Array(try SARIFLog.conformanceText(report, traceFile: traces, graphFile: graph).utf8)) } catch {
                        throw CommandFailure(message: "error: cannot write the SARIF log: \(error)", exitCode: .badInput)
                    }
                }
                return report.conforms ? ExitStatus.passed : ExitStatus.failed
            }
        }

        /// Reads `traces` a line at a time and replays every step through `graph`.
        static func check(_ graph: NavigationGraph<DynamicRoute>, traces: String, context: Int, maxLineBytes: Int) throws(CommandFailure) -> TraceConformance.Report {
            var conformance: TraceConformance
            do { conformance = try TraceConformance(graph: graph, context: context) } catch {
                throw CommandFailure(message: "error: \(graph.name): \(error)", exitCode: .badInput)
            }
            do {
                let reader = try TraceFileReader(path: traces, maxLineBytes: maxLineBytes)
                while let line = try reader.nextLine() {
                    if let step = try TraceLineDecoder.decode(line.bytes, line: line.number) { conformance.read(step, at: line.number) }
                }
            } catch {
                let place = error.line == 0 ? traces : "\(traces):\(error.line)\(error.column.map { ":\($0)" } ?? "")"
                throw CommandFailure(message: "\(place): error: \(error.message)", exitCode: .badInput)
            }
            return conformance.report()
        }

        private func printText(_ report: TraceConformance.Report) {
            let diverging = report.traces.filter { $0.divergence != nil }
            let count = report.traces.count
            Console.line("\(report.graph): \(count) trace\(count == 1 ? "" : "s"), \(report.steps) step\(report.steps == 1 ? "" : "s"): "
                         + (diverging.isEmpty ? "every trace conforms" : "\(diverging.count) diverge\(diverging.count == 1 ? "s" : "")"))
            for trace in diverging {
                guard let divergence = trace.divergence else { continue }
                Console.line("\(traces):\(divergence.line): error: trace \(trace.id) diverges at step \(divergence.step) (\(divergence.action)): \(divergence.message)")
                if divergence.earlierSteps > 0 { Console.line("    … \(divergence.earlierSteps) earlier step\(divergence.earlierSteps == 1 ? "" : "s")") }
                for step in divergence.stepsBefore { Console.line("    line \(step.line): \(step.action)") }
                Console.line("  → line \(divergence.line): \(divergence.action)")
                for difference in divergence.differences { Console.line("      \(difference)") }
            }
            let percent = String(format: "%.1f", report.coveragePercent)
            Console.line("\(report.graph): transition coverage \(report.covered)/\(report.transitions.count) (\(percent)%)"
                         + (report.untaken.isEmpty ? "" : "; never taken:"))
            for use in report.untaken { Console.line("    \(use.label)\(use.location.map { " (\(graph):\($0))" } ?? "")") }
        }

        /// The JSON document `--format json` prints.
        struct JSONReport: Encodable {
            let graph: String
            let conforms: Bool
            let steps: Int
            let traces: [TraceConformance.TraceOutcome]
            let coverage: Coverage

            struct Coverage: Encodable {
                let covered: Int
                let total: Int
                let percent: Double
                let transitions: [TraceConformance.TransitionUse]
            }

            init(_ report: TraceConformance.Report) {
                graph = report.graph
                conforms = report.conforms
                steps = report.steps
                traces = report.traces
                coverage = Coverage(covered: report.covered, total: report.transitions.count,
                                    percent: (report.coveragePercent * 10).rounded() / 10, transitions: report.transitions)
            }
        }
    }
}
