import Foundation
import NavGraphBenchmarkSupport
import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph

// One side-by-side run on the generated R/k/F/D graphs: NavGraph's explicit engine, its symbolic
// engine, SPIN on the idiomatic encoding (depth-first with hidden tables, breadth-first with C
// tables), SPIN on the flat encoding (one statement per transition), and the C floor. Each round
// runs every engine once, one after the other, so a slow stretch of this shared machine falls on
// all of them; the tables give medians and spreads over the rounds. Every engine's state count
// must equal the explicit engine's, or the run fails.

let environment = ProcessInfo.processInfo.environment
let runs = max(Int(environment["RUNS"] ?? "") ?? 3, 1)
/// Graph sizes as routes, out-degree, flags, depth; SIZES="20,3,2,12 50,4,3,8" overrides.
let sizes: [[Int]] = {
    if let text = environment["SIZES"] {
        let parsed = text.split(separator: " ").map { $0.split(separator: ",").compactMap { Int($0) } }.filter { $0.count == 4 }
        if !parsed.isEmpty { return parsed }
    }
    return [[20, 3, 2, 12], [50, 4, 3, 8], [100, 5, 1, 8]]
}()
/// ENGINES="explicit,symbolic,cli,app,appclosure,dfs,bfs,flat,floor" (all by default) chooses the engines;
/// with the explicit engine alone (`ENGINES=explicit RUNS=1`) the process runs one search and
/// nothing else, for instruction counts (valgrind --tool=callgrind).
let engines = Set((environment["ENGINES"] ?? "explicit,symbolic,cli,app,appclosure,dfs,bfs,flat,floor").split(separator: ",").map(String.init))
/// NAVGRAPH=path: the release command line `cli` runs (default: the repository's .build/release/navgraph).
let commandLine = URL(fileURLWithPath: environment["NAVGRAPH"] ?? "../.build/release/navgraph")

/// An app's own route type, as a test target declares it: the checker's generic code meets a
/// type no module of NavGraph was specialised for.
/// An `Int` payload, as cheap to hash as an enum's case, so the column measures the generic
/// code's cost and not a costlier route value; it prints as an enum's case does, by its name.
struct AppRoute: Route, CustomStringConvertible {
    let index: Int

    init(name: String) { index = Int(name.dropFirst()) ?? -1 }
    var name: String { "r\(index)" }
    var description: String { name }
}

/// Processor seconds (user and system) this process, or its finished children, have used.
func processorSeconds(children: Bool) -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    let who = __rusage_who_t((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue)
    #else
    let who = children ? RUSAGE_CHILDREN : RUSAGE_SELF
    #endif
    getrusage(who, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Runs `navgraph verify` on `document` as a user does (explicit engine, no diagrams), and
/// returns the whole process's processor seconds and the states its report.json counts.
func runCommandLine(_ document: URL, reports: URL) throws -> (seconds: Double, states: Int) {
    let process = Process()
    process.executableURL = commandLine
    process.arguments = ["verify", document.path, "--checker", "explicit", "--diagrams", "none", "--reports", reports.path, "--quiet"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let before = processorSeconds(children: true)
    try process.run()
    process.waitUntilExit()
    let spent = processorSeconds(children: true) - before
    guard process.terminationReason == .exit, process.terminationStatus <= 1 else { fail("navgraph verify \(document.path) exited \(process.terminationStatus)") }
    let folder = try FileManager.default.contentsOfDirectory(atPath: reports.path).first ?? ""
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: reports.appendingPathComponent("\(folder)/report.json"))) as? [String: Any]
    let states = (json?["statistics"] as? [String: Any])?["states"] as? Int ?? -1
    return (spent, states)
}
/// `pan` for the idiomatic depth-first model, compiled once as `SpinRun` compiles it, so that
/// each round can time the `pan` process alone by processor time (getrusage of the finished
/// child), as the command line is timed: `SpinRun`'s figures are wall-clock, which a shared
/// machine inflates for `pan` and not for a processor-time figure.
struct PanProcess {
    let folder: URL
    let arguments: [String]

    init(_ promela: String, options: SpinRun.Options) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-pan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try promela.write(to: folder.appendingPathComponent("model.pml"), atomically: true, encoding: .utf8)
        var defines = ["-DSAFETY", "-DNOCLAIM", "-DNOFAIR", "-DNOBOUNDCHECK", "-DMEMLIM=\(options.memoryLimitMegabytes)"]
        if options.search == .breadthFirst { defines.append("-DBFS") }
        if promela.contains("void \(IdiomaticPromelaModel.tableInitializer)(void)") {
            defines.append("-DC_INIT=\(IdiomaticPromelaModel.tableInitializer)()")
        }
        try Self.run(["spin", "-a", "model.pml"], in: folder)
        try Self.run(["cc", "-O2"] + defines + ["-o", "pan", "pan.c"], in: folder)
        arguments = ["./pan", "-m\(options.maxSearchDepth)"] + (options.hashTableBits.map { ["-w\($0)"] } ?? [])
    }

    /// Runs `pan` once and returns its processor seconds (user and system).
    func timedRun() throws -> Double {
        let before = processorSeconds(children: true)
        try Self.run(arguments, in: folder)
        return processorSeconds(children: true) - before
    }

    @discardableResult
    private static func run(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { fail("\(arguments.joined(separator: " ")) exited \(process.terminationStatus) in \(folder.path)") }
        return process.terminationStatus
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// FLAT=0 leaves out SPIN on the flat encoding (slow to compile on wide graphs).
let includeFlat = environment["FLAT"] != "0" && engines.contains("flat")
/// PROMELA=folder: also writes each model's Promela and the floor's C there, to run them by hand.
let sourceFolder = environment["PROMELA"].map { URL(fileURLWithPath: $0) }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// A median and the whole range around it: "1.23 s (1.10–1.40)".
func figure(_ values: [Double], digits: Int = 2) -> String {
    guard let low = values.min(), let high = values.max() else { return "–" }
    let format = "%.\(digits)f"
    return "\(String(format: format, median(values))) (\(String(format: format, low))–\(String(format: format, high)))"
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SpinComparison: \(message)\n".utf8))
    exit(1)
}

/// The -m and -w SPIN gets: -w from the state count (2^N ≥ states), -m from a first run's depth.
func sizedOptions(_ promela: String, search: SpinRun.Search, states: Int) throws -> SpinRun.Options {
    let bits = SpinRun.Options.hashTableBits(forStates: states)
    let first = try SpinRun.run(promela, options: .init(search: search, maxSearchDepth: states + 10, hashTableBits: bits))
    return .init(search: search, maxSearchDepth: first.depthReached + 10, hashTableBits: bits)
}

struct Engine {
    let name: String
    var seconds: [Double] = []
    var totals: [Double] = []
    var compile: [Double] = []
    var bytesPerState: [Double] = []
    var note = ""
    init(_ name: String) { self.name = name }

    /// This engine with its whole-process totals as its times.
    var totalsOnly: Engine {
        var copy = Engine(name)
        copy.seconds = totals
        return copy
    }
}

guard SpinRun.isAvailable else { fail("spin or cc is missing: apt-get install spin") }
if engines.contains("cli") && !FileManager.default.isExecutableFile(atPath: commandLine.path) {
    fail("\(commandLine.path) is missing: build it with swift build -c release --product navgraph (make bench does), or set NAVGRAPH")
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-spin-comparison-\(ProcessInfo.processInfo.processIdentifier)")
defer { try? FileManager.default.removeItem(at: scratch) }
print("SpinComparison: \(runs) rounds, each engine once a round, one after the other (the machine may be shared: read the ranges).")
print("")
var timeRows: [String] = [], memoryRows: [String] = [], optionRows: [String] = [], pathRows: [String] = [], processorRows: [String] = []
for size in sizes {
    let graph = SyntheticGraph.make(routes: size[0], outDegree: size[1], flags: size[2], depth: size[3])
    let label = "R\(size[0]) k\(size[1]) F\(size[2]) D\(size[3])"
    FileHandle.standardError.write(Data("\(label): sizing…\n".utf8))
    let explicitAlone = engines == ["explicit"]
    let states = explicitAlone ? 0 : try Checker(graph, options: .init(checkTraps: false)).run().statistics.states
    let depthFirst = try IdiomaticPromelaModel.translate(graph, tables: .hidden)
    let breadthFirst = try IdiomaticPromelaModel.translate(graph, tables: .embeddedC)
    let flat = try PromelaModel.translate(graph)
    if let sourceFolder {
        try depthFirst.write(to: sourceFolder.appendingPathComponent("\(graph.name)-idiomatic.pml"), atomically: true, encoding: .utf8)
        try breadthFirst.write(to: sourceFolder.appendingPathComponent("\(graph.name)-idiomatic-embedded.pml"), atomically: true, encoding: .utf8)
        try flat.write(to: sourceFolder.appendingPathComponent("\(graph.name)-flat.pml"), atomically: true, encoding: .utf8)
        try FloorSearch.program(SuccessorTable(graph)).write(to: sourceFolder.appendingPathComponent("\(graph.name)-floor.c"), atomically: true, encoding: .utf8)
    }
    let depthFirstOptions = engines.contains("dfs") ? try sizedOptions(depthFirst, search: .depthFirst, states: states) : nil
    let breadthFirstOptions = engines.contains("bfs") ? try sizedOptions(breadthFirst, search: .breadthFirst, states: states) : nil
    let flatOptions = includeFlat ? try sizedOptions(flat, search: .depthFirst, states: states) : nil
    func describe(_ options: SpinRun.Options?) -> String { options.map { "-m\($0.maxSearchDepth) -w\($0.hashTableBits ?? 24)" } ?? "–" }
    if !explicitAlone { optionRows.append("| \(label) | \(describe(depthFirstOptions)) | \(describe(breadthFirstOptions)) | \(describe(flatOptions)) |") }
    var explicit = Engine("explicit"), symbolic = Engine("symbolic"), spinDFS = Engine("SPIN DFS"), spinBFS = Engine("SPIN BFS")
    var spinFlat = Engine("SPIN flat"), floor = Engine("floor")
    // The paths users run: the command line on the graph as a document, and an app's test
    // target over its own route type; beside them the same search in process with the same
    // work (the command line also checks no-trap, so this one does too), by processor time.
    var cli = Engine("CLI"), sameWork = Engine("in process, same work"), app = Engine("app route type")
    var appClosures = Engine("app route type with a Swift closure")
    var explicitProcessor = Engine("explicit, processor time")
    // pan alone by processor time, beside the command line's (both whole processes).
    var panProcessor = Engine("pan, processor time")
    let pan = engines.contains("cli") ? try depthFirstOptions.map { try PanProcess(depthFirst, options: $0) } : nil
    defer { pan?.remove() }
    let document = scratch.appendingPathComponent("\(graph.name).navgraph.yaml")
    if engines.contains("cli") {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try GraphDocument.export(graph).write(to: document, atomically: true, encoding: .utf8)
    }
    let appGraph = SyntheticGraph.make(routes: size[0], outDegree: size[1], flags: size[2], depth: size[3], route: AppRoute.init(name:), routeName: { $0.name })
    // The same graph with one invariant written as a Swift closure: the document form cannot
    // carry it, so the search runs over the app's type itself (no `DynamicRoute` mirror).
    var appGraphWithClosure = appGraph
    appGraphWithClosure.invariants.append(.init(name: "always", condition: GraphCondition("always") { _ in true }))
    var vector = 0, stateBits = 0
    for round in 1...runs {
        FileHandle.standardError.write(Data("\(label): round \(round) of \(runs)\n".utf8))
        if engines.contains("explicit") {
            let started = ContinuousClock.now
            let processorBefore = processorSeconds(children: false)
            let ours = try Checker(graph, options: .init(checkTraps: false)).run()
            explicit.seconds.append(seconds(ContinuousClock.now - started))
            explicitProcessor.seconds.append(processorSeconds(children: false) - processorBefore)
            explicit.bytesPerState.append(ours.statistics.bytesPerState)
            guard explicitAlone || ours.statistics.states == states, ours.statistics.complete else {
                fail("\(label): the explicit engine found \(ours.statistics.states) states, then \(states)")
            }
            if explicitAlone { print("\(label): \(ours.statistics.states) states") }
        }
        if explicitAlone { continue }

        if engines.contains("cli") {
            let reports = scratch.appendingPathComponent("reports-\(round)")
            let run = try runCommandLine(document, reports: reports)
            try? FileManager.default.removeItem(at: reports)
            guard run.states == states else { fail("\(label): the command line found \(run.states) states, the explicit engine \(states)") }
            cli.seconds.append(run.seconds)
            if let pan { panProcessor.seconds.append(try pan.timedRun()) }
            let before = processorSeconds(children: false)
            let same = try Checker(graph).run()
            sameWork.seconds.append(processorSeconds(children: false) - before)
            guard same.statistics.states == states else { fail("\(label): the same-work search found \(same.statistics.states) states") }
        }
        if engines.contains("app") {
            let before = processorSeconds(children: false)
            let result = try Checker(appGraph, options: .init(checkTraps: false)).run()
            app.seconds.append(processorSeconds(children: false) - before)
            guard result.statistics.states == states else { fail("\(label): over an app's route type the explicit engine found \(result.statistics.states) states") }
        }
        if engines.contains("appclosure") {
            let before = processorSeconds(children: false)
            let result = try Checker(appGraphWithClosure, options: .init(checkTraps: false)).run()
            appClosures.seconds.append(processorSeconds(children: false) - before)
            guard result.statistics.states == states else { fail("\(label): over an app's route type with a closure the explicit engine found \(result.statistics.states) states") }
        }

        if engines.contains("symbolic") {
            let started = ContinuousClock.now
            do {
                let result = try SymbolicChecker(graph, options: .init(checkTraps: false)).run()
                symbolic.seconds.append(seconds(ContinuousClock.now - started))
                guard result.statistics.states == states else { fail("\(label): the symbolic engine found \(result.statistics.states) states, the explicit \(states)") }
            } catch {
                symbolic.note = "\(error)"
            }
        }

        let spinRuns = [(0, depthFirst, depthFirstOptions), (1, breadthFirst, breadthFirstOptions), (2, flat, flatOptions)]
        for (engine, promela, options) in spinRuns.compactMap({ run in run.2.map { (run.0, run.1, $0) } }) {
            let run = try SpinRun.run(promela, options: options)
            guard run.states == states else { fail("\(label): SPIN (\(options.search.rawValue)) stored \(run.states) states, the explicit engine \(states)") }
            let bytes = run.totalMegabytes * 1_048_576 / Double(states)
            switch engine {
            case 0:
                spinDFS.seconds.append(run.seconds); spinDFS.totals.append(run.compileSeconds + run.processSeconds)
                spinDFS.compile.append(run.compileSeconds); spinDFS.bytesPerState.append(bytes)
                vector = run.stateVectorBytes
            case 1:
                spinBFS.seconds.append(run.seconds); spinBFS.totals.append(run.compileSeconds + run.processSeconds)
                spinBFS.compile.append(run.compileSeconds); spinBFS.bytesPerState.append(bytes)
            default:
                spinFlat.seconds.append(run.seconds); spinFlat.totals.append(run.compileSeconds + run.processSeconds)
                spinFlat.compile.append(run.compileSeconds); spinFlat.bytesPerState.append(bytes)
            }
        }

        guard engines.contains("floor") else { continue }
        let bottom = try FloorSearch.run(graph, expectedStates: states)
        guard bottom.states == states else { fail("\(label): the C floor found \(bottom.states) states, the explicit engine \(states)") }
        floor.seconds.append(bottom.seconds); floor.totals.append(bottom.compileSeconds + bottom.processSeconds)
        floor.compile.append(bottom.compileSeconds); floor.bytesPerState.append(bottom.bytesPerState)
        stateBits = bottom.stateBits
    }
    if explicitAlone { continue }
    /// How many times faster than `engine` the explicit engine is, on medians (above 1: NavGraph is faster).
    func ratio(_ engine: Engine) -> String {
        let ours = median(explicit.seconds), theirs = median(engine.seconds)
        return ours > 0 && theirs > 0 ? String(format: "%.2f×", theirs / ours) : "–"
    }
    func processorRatio(_ numerator: Engine, _ denominator: Engine) -> String {
        let top = median(numerator.seconds), bottom = median(denominator.seconds)
        return top > 0 && bottom > 0 ? String(format: "%.2f×", top / bottom) : "–"
    }
    pathRows.append("| \(label) | \(states) | \(figure(cli.seconds)) | \(figure(sameWork.seconds)) | \(processorRatio(sameWork, cli)) "
                    + "| \(figure(explicitProcessor.seconds)) | \(figure(app.seconds)) | \(processorRatio(explicitProcessor, app)) "
                    + "| \(figure(appClosures.seconds)) | \(processorRatio(explicitProcessor, appClosures)) "
                    + "| \(figure(spinDFS.seconds)) | \(processorRatio(spinDFS, cli)) | \(figure(spinDFS.totals)) | \(processorRatio(spinDFS.totalsOnly, cli)) |")
    if !panProcessor.seconds.isEmpty {
        processorRows.append("| \(label) | \(states) | \(figure(cli.seconds)) | \(figure(panProcessor.seconds)) | \(processorRatio(panProcessor, cli)) |")
    }
    let symbolicFigure = symbolic.seconds.isEmpty && !symbolic.note.isEmpty ? "– (\(symbolic.note.prefix(60)))" : figure(symbolic.seconds)
    timeRows.append("| \(label) | \(states) | \(figure(explicit.seconds)) | \(symbolicFigure) | \(figure(spinDFS.seconds)) | \(figure(spinBFS.seconds)) "
                    + "| \(includeFlat ? figure(spinFlat.seconds) : "–") | \(figure(floor.seconds, digits: 3)) "
                    + "| \(ratio(spinDFS)) | \(ratio(spinBFS)) | \(includeFlat ? ratio(spinFlat) : "–") | \(ratio(floor)) |")
    memoryRows.append("| \(label) | \(Int(median(explicit.bytesPerState))) | \(Int(median(spinDFS.bytesPerState))) (vector \(vector) B) "
                      + "| \(Int(median(spinBFS.bytesPerState))) | \(includeFlat ? String(Int(median(spinFlat.bytesPerState))) : "–") "
                      + "| \(Int(median(floor.bytesPerState))) (state \(stateBits) bits) "
                      + "| \(figure(spinDFS.compile)) | \(figure(spinDFS.totals)) | \(figure(spinBFS.totals)) | \(figure(floor.compile)) | \(figure(floor.totals)) |")
}
print("Search time in seconds, median (lowest–highest) of \(runs) rounds. NavGraph: wall clock around `Checker(graph).run()` and")
print("`SymbolicChecker(graph).run()` (model, search and every property; no-trap check off); SPIN: pan's own \"elapsed time\"")
print("(search only, three significant digits); floor: its clock around the search. \"× SPIN\": that time over the explicit")
print("engine's (above 1: the explicit engine is faster).")
print("")
print("| graph | states | explicit | symbolic | SPIN idiomatic DFS | SPIN idiomatic BFS | SPIN flat DFS | C floor | × SPIN DFS | × SPIN BFS | × SPIN flat | × floor |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
timeRows.forEach { print($0) }
print("")
print("Memory (bytes a state: NavGraph's table; SPIN's \"total actual memory usage\" over the states; the floor's set and queue)")
print("and whole-process times in seconds (SPIN: spin -a and cc, then the pan process; floor: cc, then the program).")
print("")
print("| graph | explicit B/state | SPIN DFS B/state | SPIN BFS B/state | SPIN flat B/state | floor B/state | SPIN compile | SPIN DFS total | SPIN BFS total | floor compile | floor total |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
memoryRows.forEach { print($0) }
print("")
print("The paths users run. CLI: `navgraph verify <document> --checker explicit --diagrams none` (release build), the whole")
print("process's processor seconds (start-up, loading, lint, search with the no-trap check, reports). In process, same work:")
print("`Checker(graph).run()` (no-trap check on), processor seconds. App route type: `Checker(graph).run()` with no-trap off over")
print("a route type of this module's own, as an app's test target calls it, beside the explicit column's `DynamicRoute`;")
print("it is searched over its DynamicRoute mirror. App type, a Swift closure: the same graph with one invariant written as a")
print("closure, which the mirror cannot carry, so the search runs over the app's type itself.")
print("SPIN DFS: pan's search (its \"elapsed time\"); SPIN DFS total: spin -a, cc and pan (whole processes). Ratios over")
print("medians; above 1 the command line is faster (CLI × …) or the search over DynamicRoute is (app × DynamicRoute: app / it).")
print("")
print("| graph | states | CLI | in process, same work | CLI × in process | explicit (DynamicRoute) | app route type | app × DynamicRoute | app type, a Swift closure | that × DynamicRoute | SPIN DFS | CLI × SPIN DFS | SPIN DFS total | CLI × SPIN DFS total |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
pathRows.forEach { print($0) }
print("")
if !processorRows.isEmpty {
    print("Whole processes by processor time (user and system, getrusage), each run once a round, one after the other: the")
    print("command line as above, and `pan` for the idiomatic DFS model (compiled once, as above; the process alone). Above 1")
    print("the command line is faster. On a shared machine this is the fair comparison: wall-clock figures inflate with the load.")
    print("")
    print("| graph | states | CLI processor | pan processor | CLI × pan |")
    print("|---|---:|---:|---:|---:|")
    processorRows.forEach { print($0) }
    print("")
}
print("pan's options, sized from a first run: -w from the state count (2^N ≥ states), -m the depth that run reached + 10.")
print("")
print("| graph | idiomatic DFS | idiomatic BFS | flat DFS |")
print("|---|---|---|---|")
optionRows.forEach { print($0) }
