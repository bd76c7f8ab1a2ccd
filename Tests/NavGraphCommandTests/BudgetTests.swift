import Foundation
import Testing

/// `--timeout` and `--max-memory` are kept by both engines on shapes that hurt each: many
/// toggling flags over a few routes at a deep stack bound (the symbolic engine's relational
/// products grow for seconds at a time), and a 10,000-route chain (the explicit engine's long
/// levels, the symbolic engine's two thousand variables). Each runs the built `navgraph` as a
/// user does, in a child process, and measures **wall time** from launch to exit (the time a
/// budget promises: a CI job waits that long) and the child's peak resident memory (`VmHWM`).
/// The allowance is the issue's: 10 % of the budget plus one second, which also covers
/// starting the process, loading and linting the graph, and writing its reports.
///
/// Serialized: a second search running beside one on a two-core machine would measure the
/// machine, not the budget.
@Suite("Budgets kept end to end", .serialized)
struct BudgetTests {
    /// One run of the executable: how it ended, its wall time and peak resident memory.
    struct Measured {
        let status: Int32
        let signalled: Bool
        let seconds: Double
        let peakResidentBytes: Int
        let errors: String
    }

    /// 24 flags, each set and cleared by an event of its own, over 6 routes whose pushes are
    /// guarded by them, at stack depth 64: before the budget was kept inside BuDDy's operations,
    /// `--timeout 4s` ended after 63 s and 1.1 GB.
    static let flags: String = {
        var lines = ["navgraph: 1", "name: Flags24", "root: r0", "routes:"]
        lines += (0..<6).map { "  r\($0): {}" }
        lines.append("flags:")
        lines += (0..<24).map { "  f\($0): false" }
        lines.append("events:")
        for flag in 0..<24 {
            lines.append("  set_f\(flag): { when: not f\(flag), set: { f\(flag): true } }")
            lines.append("  clear_f\(flag): { when: f\(flag), set: { f\(flag): false } }")
        }
        lines.append("transitions:")
        for from in 0..<6 {
            for to in 0..<6 where to != from {
                let flag = (from * 6 + to) % 24
                lines.append("  - { from: r\(from), to: r\(to), when: \"f\(flag) or not f\((flag + 7) % 24)\" }")
            }
        }
        lines += ["bounds:", "  maxStackDepth: 64", "  maxModalDepth: 0", "  maxStates: 500000000"]
        return lines.joined(separator: "\n") + "\n"
    }()

    /// `Scripts/generate-large-graph.py chain 10000`: r0 → r1 → … → r9999, stack depth 64.
    static let chain: String = {
        var lines = ["navgraph: 1", "name: Chain10000", "root: r0", "routes:"]
        lines += (0..<10_000).map { "  r\($0): {}" }
        lines.append("transitions:")
        lines += (0..<9_999).map { "  - { from: r\($0), to: r\($0 + 1) }" }
        lines += ["bounds:", "  maxStackDepth: 64"]
        return lines.joined(separator: "\n") + "\n"
    }()

    static let shapes = ["flags": flags, "chain": chain]

    /// Runs `navgraph` with `arguments`, sending each of `signals` at its time after launch,
    /// and measures it (see the suite's discussion).
    static func measure(_ arguments: [String], signals: [(after: Double, signal: Int32)] = []) throws -> Measured {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navgraph")
        let candidates = [binary, repositoryRoot.appendingPathComponent(".build/debug/navgraph")]
        let executable = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "build navgraph first")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let errorFile = folder.appendingPathComponent("stderr")
        try Data().write(to: errorFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let started = ContinuousClock.now
        try process.run()
        var peak = 0
        var pending = signals.sorted { $0.after < $1.after }
        // Polled every 10 ms: VmHWM is the peak so far, so the last reading before the exit is
        // the run's peak (up to what grew in its last 10 ms).
        waitPolling(process, until: started + .seconds(120), describedAs: "navgraph \(arguments.joined(separator: " "))") {
            peak = max(peak, Self.peakResident(of: process.processIdentifier))
            if let next = pending.first, ContinuousClock.now - started >= .milliseconds(Int(next.after * 1000)) {
                kill(process.processIdentifier, next.signal)
                pending.removeFirst()
            }
        }
        let elapsed = ContinuousClock.now - started
        try errors.close()
        return Measured(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                        seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                        peakResidentBytes: peak, errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    /// The peak resident memory of process `pid` so far (`VmHWM` in `/proc/<pid>/status`), 0 if unknown.
    static func peakResident(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }

    /// The shape `name` written to a fresh folder, and the folder.
    static func document(_ name: String) throws -> (file: String, folder: URL) {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("\(name).navgraph.yaml")
        try Data((shapes[name] ?? "").utf8).write(to: file)
        return (file.path, folder)
    }

    @Test("--timeout 4s ends the run within 10 % plus one second (wall time) past loading and linting, both engines, hostile shapes",
          arguments: [("flags", "symbolic"), ("flags", "explicit"), ("chain", "symbolic"), ("chain", "explicit")])
    func timeout(shape: String, engine: String) throws {
        #if os(Linux)
        let (file, folder) = try Self.document(shape)
        defer { try? FileManager.default.removeItem(at: folder) }
        let budget = 4.0
        // What the budget does not cover, on this machine now: starting the process, loading
        // and linting the graph (`navgraph lint`, wall time, the longer of a lint before and
        // one after the run). On a loaded machine it stretches, and the allowance with it; the
        // search's own overshoot must fit in 10 % plus a second. The other tests share the two
        // cores and can stretch one run past that (CI once saw 7.9 s against 7.6 s allowed), so a
        // run over gets two more tries: a search that ignores its budget is over every time.
        func attempt() throws -> (run: Measured, loading: Double, allowed: Double) {
            let before = try Self.measure(["lint", file])
            let run = try Self.measure(["verify", file, "--checker", engine, "--timeout", "\(Int(budget))s", "--diagrams", "none",
                                        "--reports", folder.appendingPathComponent("Reports").path])
            let loading = max(before.seconds, try Self.measure(["lint", file]).seconds)
            return (run, loading, budget * 1.1 + 1 + loading)
        }
        var (run, loading, allowed) = try attempt()
        for _ in 0..<2 where run.seconds > allowed { (run, loading, allowed) = try attempt() }
        #expect(run.seconds <= allowed, "\(shape), \(engine): \(run.seconds) s for a \(budget) s budget (loading and linting: \(loading) s)\n\(run.errors.prefix(2_000))")
        // Stopped by the budget (inconclusive, 3), or done within it (0, or 1 for a failure it
        // found: the chain's transitions past its depth bound are never taken): never a crash.
        #expect(!run.signalled && [0, 1, 3].contains(run.status), "\(shape), \(engine): exit \(run.status)\n\(run.errors.prefix(2_000))")
        #endif
    }

    @Test("--max-memory 64MB keeps the peak resident memory within 10 %, both engines, on the flag shape",
          arguments: ["symbolic", "explicit"])
    func maxMemory(engine: String) throws {
        #if os(Linux)
        let (file, folder) = try Self.document("flags")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Small, so a debug build's explicit engine (which checks every undone step) reaches it
        // in seconds; the process itself holds about 35 MB of it.
        let budget = 64_000_000
        let run = try Self.measure(["verify", file, "--checker", engine, "--max-memory", "64MB", "--timeout", "60s", "--diagrams", "none",
                                    "--reports", folder.appendingPathComponent("Reports").path])
        #expect(run.peakResidentBytes <= budget + budget / 10, "\(engine): peak \(run.peakResidentBytes / 1_000_000) MB for a 64 MB budget\n\(run.errors.prefix(2_000))")
        #expect(!run.signalled && [0, 1, 3].contains(run.status), "\(engine): exit \(run.status)\n\(run.errors.prefix(2_000))")
        #endif
    }

    @Test("the first SIGTERM stops a symbolic search inside its long operations: the reports are written and it exits 143 within seconds")
    func firstSignal() throws {
        #if os(Linux)
        let (file, folder) = try Self.document("flags")
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = folder.appendingPathComponent("Reports")
        // Before the hooks kept the cancellation inside BuDDy's operations, this took 16 s.
        let run = try Self.measure(["verify", file, "--checker", "symbolic", "--diagrams", "none", "--reports", reports.path],
                                   signals: [(1.5, SIGTERM)])
        #expect(!run.signalled && run.status == 128 + SIGTERM, "exit \(run.status), signalled \(run.signalled)\n\(run.errors.prefix(2_000))")
        // A grace of a second to judge the levels computed, then the reports.
        #expect(run.seconds < 1.5 + 3.0, "ended \(run.seconds) s after launch, the signal at 1.5 s")
        #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("Flags24/report.json").path))
        #endif
    }

    @Test("a second SIGTERM ends the process at once: while the first one's search stops, and while a large graph loads",
          arguments: [("flags", 1.0, 0.05), ("chain", 0.3, 0.3)])
    func secondSignal(shape: String, first: Double, gap: Double) throws {
        #if os(Linux)
        let (file, folder) = try Self.document(shape)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.measure(["verify", file, "--checker", "explicit", "--diagrams", "none", "--reports", folder.appendingPathComponent("Reports").path],
                                   signals: [(first, SIGTERM), (first + gap, SIGTERM)])
        // Ended by the signal itself, as a shell expects (or, had the first one's clean stop
        // finished before the second arrived, with its exit code 128 + 15).
        #expect((run.signalled && run.status == SIGTERM) || (!run.signalled && run.status == 128 + SIGTERM),
                "\(shape): exit \(run.status), signalled \(run.signalled)\n\(run.errors)")
        #expect(run.seconds < first + gap + 1.0, "\(shape): ended \(run.seconds) s after launch, the second signal at \(first + gap) s")
        #endif
    }
}
