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
            abstract: "Print the JSON Schema of graph documents.",
            discussion: "Example:\n  navgraph schema > navgraph.schema.json")

        func run() throws {
            Console.data(Array((GraphDocument.jsonSchema + "\n").utf8))
        }
    }
}
