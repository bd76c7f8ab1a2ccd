// The NavGraphCommandPlugin convention: an executable target whose name ends in `NavGraphs` is
// run with one argument, a folder, and writes each of the package's DSL graphs into it as a
// document; `swift package navgraph verify` then verifies them with the package's documents.
import Foundation
import NavigationGraph
import ShopApp

let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
let document = try GraphDocument.export(try ProfileGraph.graph())
try document.write(to: folder.appendingPathComponent("Profile.navgraph.yaml"), atomically: true, encoding: .utf8)
