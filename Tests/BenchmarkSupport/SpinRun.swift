import Foundation

/// Runs SPIN on a Promela model: `spin -a`, `cc -O2 -DSAFETY` (exact state storage), `./pan`,
/// and reads the states it stored and its own timing.
public struct SpinRun: Sendable {
    /// What went wrong running SPIN.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Distinct states SPIN stored ("states, stored").
    public let states: Int
    /// SPIN's own search time ("pan: elapsed time").
    public let seconds: Double
    /// The full `pan` output.
    public let output: String

    public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }

    /// Whether `spin` and `cc` are on the PATH.
    public static var isAvailable: Bool { which("spin") != nil && which("cc") != nil }

    /// Compiles and runs `promela` in a fresh temporary folder.
    public static func run(_ promela: String, maxSearchDepth: Int = 100_000_000) throws -> SpinRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-spin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try promela.write(to: folder.appendingPathComponent("model.pml"), atomically: true, encoding: .utf8)
        _ = try shell(["spin", "-a", "model.pml"], in: folder)
        _ = try shell(["cc", "-O2", "-DSAFETY", "-DMEMLIM=16000", "-o", "pan", "pan.c"], in: folder)
        let output = try shell(["./pan", "-m\(maxSearchDepth)"], in: folder)
        guard let states = number(after: "states, stored", in: output, before: true) else {
            throw Failure(description: "pan printed no stored-state count:\n\(output)")
        }
        if output.contains("max search depth too small") { throw Failure(description: "pan's search depth was too small:\n\(output)") }
        let seconds = number(after: "pan: elapsed time", in: output, before: false) ?? 0
        return SpinRun(states: Int(states), seconds: seconds, output: output)
    }

    private static func number(after marker: String, in text: String, before: Bool) -> Double? {
        for line in text.split(separator: "\n") where line.contains(marker) {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if before { return words.first.flatMap { Double($0) } }
            return words.compactMap { Double($0) }.first
        }
        return nil
    }

    private static func which(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(command)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private static func shell(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus):\n\(output)")
        }
        return output
    }
}
