import Foundation
import NavigationChecker
import NavigationGraph

// Explores generated graphs with NavGraph and with SPIN (pan -O2 -DSAFETY, exact storage) and
// prints both stored-state counts and rates side by side: medians of several runs.

let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 5
let sizes = [(20, 3, 2, 7), (40, 4, 3, 6), (100, 3, 4, 6), (60, 5, 2, 6)]

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func spread(_ values: [Double]) -> Double {
    guard let low = values.min(), let high = values.max(), median(values) > 0 else { return 0 }
    return (high - low) / median(values) * 100
}

guard SpinRun.isAvailable else {
    FileHandle.standardError.write(Data("spin or cc is missing: apt-get install spin\n".utf8))
    exit(2)
}
print("| graph | explorer states | SPIN states | equal | explorer states/s (median, spread) | SPIN states/s (median, spread) | bytes/state |")
print("|---|---:|---:|---|---:|---:|---:|")
var allEqual = true
for (routes, degree, flags, depth) in sizes {
    let graph = SyntheticGraph.make(routes: routes, outDegree: degree, flags: flags, depth: depth)
    var ourRates: [Double] = [], spinRates: [Double] = []
    var ourStates = 0, spinStates = 0, bytes = 0.0
    for _ in 0..<runs {
        let result = try Checker(graph, options: .init(checkTraps: false)).run()
        ourStates = result.statistics.states
        bytes = result.statistics.bytesPerState
        ourRates.append(result.statistics.statesPerSecond)
        let spin = try SpinRun.run(try PromelaModel.translate(graph))
        spinStates = spin.states
        spinRates.append(spin.statesPerSecond)
    }
    allEqual = allEqual && ourStates == spinStates
    print("| \(graph.name) | \(ourStates) | \(spinStates) | \(ourStates == spinStates ? "yes" : "NO") "
          + "| \(Int(median(ourRates))) (±\(Int(spread(ourRates)))%) | \(Int(median(spinRates))) (±\(Int(spread(spinRates)))%) | \(Int(bytes)) |")
}
exit(allEqual ? 0 : 1)
