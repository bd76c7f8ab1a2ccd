import Foundation
import NavGraphBenchmarkSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph

// Measures the symbolic engine on the app-shaped graph at one stack depth (one process per
// depth, so the peak resident memory is that depth's):
//   SymbolicMeasurement <maxStackDepth> [--explicit] [--no-traps] [--no-taps] [--levels | --traces-only] [--no-events] [--no-logout] [--violated]
// or, with --document <path>, on that document (Graphs/Mastodon.navgraph.yaml) at that stack depth,
// or, with --shop, on the shop sample (Graphs/Shop.navgraph.yaml: tabs of products, a cart
// sheet, guarded checkout, a pending deep link) at that stack depth.
// (--levels: every breadth-first level, for the exact depth; --traces-only: levels only as far
// as the traces need; neither: as navgraph runs it, levels while cheap)
let arguments = CommandLine.arguments.dropFirst()
guard let depth = arguments.first.flatMap(Int.init) else {
    print("usage: SymbolicMeasurement <maxStackDepth> [--shop | --document <path>] [--explicit] [--no-traps] [--no-taps]")
    exit(2)
}
var graph: NavigationGraph<DynamicRoute>
if let option = arguments.firstIndex(of: "--document"), arguments.index(after: option) < arguments.endIndex {
    // Any document, its stack bound set to the depth given (Graphs/Mastodon.navgraph.yaml).
    let path = arguments[arguments.index(after: option)]
    graph = try GraphDocument.load(String(contentsOfFile: path, encoding: .utf8), origin: path)
    graph.bounds.maxStackDepth = depth
} else if arguments.contains("--shop") {
    // The repository's sample, found from this file so that any working directory will do.
    let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Graphs/Shop.navgraph.yaml").standardized
    graph = try GraphDocument.load(String(contentsOf: shop, encoding: .utf8), origin: "Graphs/Shop.navgraph.yaml")
    graph.bounds.maxStackDepth = depth
} else {
    graph = try GraphDocument.load(AppShapedGraph.document(maxStackDepth: depth, events: !arguments.contains("--no-events"), logout: !arguments.contains("--no-logout"), violated: arguments.contains("--violated")), origin: "AppShaped.navgraph.yaml")
}
let name = arguments.contains("--document") ? "\(graph.name) " : arguments.contains("--shop") ? "shop " : ""
if arguments.contains("--explicit") {
    let result = try Checker(graph).run()
    let statistics = result.statistics
    print("\(name)explicit depth \(depth): \(statistics.states) states, \(statistics.transitions) transitions, \(statistics.depth) levels, "
          + "\(String(format: "%.2f", statistics.elapsedSeconds)) s, peak \(statistics.peakResidentBytes / 1_000_000) MB, "
          + "\(result.verdicts.map { "\($0.name): \($0.status.rawValue)\($0.trace.map { " (trace of \($0.actions.count) steps)" } ?? "")" }.joined(separator: "; "))")
} else {
    // --traces-only: levels only as far as traces need (a node limit of 0), as before levels
    // were computed for the depth while cheap.
    var options = SymbolicChecker<DynamicRoute>.Options(checkTraps: !arguments.contains("--no-traps"), exactDepth: arguments.contains("--levels"),
                                                       levelNodeLimit: arguments.contains("--traces-only") ? 0 : nil)
    options.tapDistances = !arguments.contains("--no-taps")
    // --initial-nodes N: the node table's starting size (and with it the caches'), for sizing experiments.
    if let option = arguments.firstIndex(of: "--initial-nodes"), arguments.index(after: option) < arguments.endIndex {
        options.initialNodes = Int(arguments[arguments.index(after: option)])
    }
    let (result, figures) = try SymbolicChecker(graph, options: options).runWithFigures()
    let statistics = result.statistics
    print("\(name)symbolic depth \(depth)\(options.tapDistances ? "" : " without taps to reach"): \(figures.states) states, \(figures.transitions) transitions, \(figures.depthIsExact ? "\(statistics.depth) levels" : "at least \(statistics.depth) levels, reachable set by saturation"), "
          + "\(String(format: "%.2f", statistics.elapsedSeconds)) s, peak \(ProcessMemory.peakResidentBytes() / 1_000_000) MB, "
          + "\(figures.reachableNodes) nodes reachable set, \(figures.peakLiveNodes) live nodes at most, table \(figures.tableNodes), "
          + "\(figures.garbageCollections) collections, \(figures.variables) variables, \(figures.relationParts) parts, "
          + "\(result.verdicts.map { "\($0.name): \($0.status.rawValue)\($0.trace.map { " (trace of \($0.actions.count) steps)" } ?? "")" }.joined(separator: "; "))")
    // Processor seconds per phase, to split a run without a profiler.
    print("phases (processor seconds): " + SymbolicPhaseTimes.Phase.allCases.map { "\($0.rawValue) \(String(format: "%.2f", figures.phases[$0]))" }.joined(separator: ", "))
}
