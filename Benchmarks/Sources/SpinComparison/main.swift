import Foundation
import NavGraphBenchmarkSupport
import NavigationChecker
import NavigationGraph

// Explores generated graphs with NavGraph and with SPIN (pan -O2 -DSAFETY, exact storage) and
// prints both stored-state counts and rates side by side: medians of several runs.

let runs = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 5
/// Graph sizes as routes, out-degree, flags, depth; SIZES="20,3,2,7 40,4,3,6" overrides.
let sizes: [(Int, Int, Int, Int)] = {
    if let text = ProcessInfo.processInfo.environment["SIZES"] {
        let parsed = text.split(separator: " ").map { $0.split(separator: ",").compactMap { Int($0) } }.filter { $0.count == 4 }
        if !parsed.isEmpty { return parsed.map { ($0[0], $0[1], $0[2], $0[3]) } }
    }
    // Large enough that SPIN's 0.01 s clock resolves its search time.
    return [(20, 3, 2, 9), (50, 4, 3, 8), (100, 5, 1, 8), (50, 3, 4, 10)]
}()

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func spread(_ values: [Double]) -> Double {
    guard let low = values.min(), let high = values.max(), median(values) > 0 else { return 0 }
    return (high - low) / median(values) * 100
}

/// Processor time of `clock` (this thread's, or the whole process's) in seconds.
func processorSeconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

guard SpinRun.isAvailable else {
    FileHandle.standardError.write(Data("spin or cc is missing: apt-get install spin\n".utf8))
    exit(2)
}
let skipSpin = ProcessInfo.processInfo.environment["SPIN"] == "0"  // SPIN=0: ours only, while tuning
/// PROMELA=folder: also writes each model's Promela there (`<graph name>.pml`), to run SPIN by hand.
let promelaFolder = ProcessInfo.processInfo.environment["PROMELA"]
print("Medians of \(runs) runs, one after the other on this machine: the explorer, then SPIN.")
print("Rates per wall-clock second (SPIN's: pan's own clock), and ours also per second of this thread's")
print("processor time: the host of this virtual machine sometimes takes its CPUs away, which stretches")
print("wall-clock times but not processor times.")
print("")
print("| graph | states (ours) | states (SPIN) | equal | ours: wall (spread) | ours: CPU | SPIN: wall (spread) | ours ÷ SPIN, wall | bytes/state |")
print("|---|---:|---:|---|---:|---:|---:|---:|---:|")
var allEqual = true
for (routes, degree, flags, depth) in sizes {
    let graph = SyntheticGraph.make(routes: routes, outDegree: degree, flags: flags, depth: depth)
    var oneRates: [Double] = [], oneCPURates: [Double] = [], spinRates: [Double] = []
    var ourStates = 0, spinStates = 0, bytes = 0.0
    if let promelaFolder {
        let file = URL(fileURLWithPath: promelaFolder).appendingPathComponent("\(graph.name).pml")
        try PromelaModel.translate(graph).write(to: file, atomically: true, encoding: .utf8)
    }
    for _ in 0..<runs {
        let started = processorSeconds(CLOCK_THREAD_CPUTIME_ID)
        let one = try Checker(graph, options: .init(checkTraps: false)).run()
        let used = processorSeconds(CLOCK_THREAD_CPUTIME_ID) - started
        ourStates = one.statistics.states
        bytes = one.statistics.bytesPerState
        oneRates.append(one.statistics.statesPerSecond)
        oneCPURates.append(used > 0 ? Double(ourStates) / used : 0)
        guard !skipSpin else { continue }
        let spin = try SpinRun.run(try PromelaModel.translate(graph))
        spinStates = spin.states
        spinRates.append(spin.statesPerSecond)
    }
    allEqual = allEqual && (skipSpin || ourStates == spinStates)
    let ratio = median(spinRates) > 0 ? String(format: "%.2f", median(oneRates) / median(spinRates)) : "–"
    print("| \(graph.name) | \(ourStates) | \(spinStates) | \(ourStates == spinStates ? "yes" : "NO") "
          + "| \(Int(median(oneRates))) (±\(Int(spread(oneRates)))%) | \(Int(median(oneCPURates))) "
          + "| \(Int(median(spinRates))) (±\(Int(spread(spinRates)))%) | \(ratio) | \(Int(bytes)) |")
}
exit(allEqual ? 0 : 1)
