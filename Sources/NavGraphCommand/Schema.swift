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
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the JSON Schema of graph documents, or of trace files' lines.",
            discussion: "Examples:\n  navgraph schema > navgraph.schema.json\n  navgraph schema trace > navgraph-trace.schema.json")

        enum Document: String, ExpressibleByArgument, CaseIterable {
            /// Graph documents (`Schemas/navgraph-1.schema.json`).
            case graph
            /// One line of a trace file that `navgraph conform` reads (`Schemas/navgraph-trace-1.schema.json`).
            case trace
        }

        @Argument(help: "graph (documents) or trace (a line of a trace file).")
        var document: Document = .graph

        func run() throws {
            switch document {
            case .graph: Console.data(Array((GraphDocument.jsonSchema + "\n").utf8))
            case .trace: Console.data(Array((NavigationTrace.jsonSchema + "\n").utf8))
            }
        }
    }
}
