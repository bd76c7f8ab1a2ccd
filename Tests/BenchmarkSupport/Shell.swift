import Foundation

/// What went wrong running SPIN, the C compiler or a program they built: the command, its exit
/// status, the folder it ran in and its output.
public struct ToolFailure: Error, CustomStringConvertible {
    public let description: String
}

/// Runs the command-line tools the benchmarks compare against (spin, cc, the programs they
/// build) and times them.
enum Shell {
    /// The path of `command` on the PATH, if any.
    static func which(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(command)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `arguments` in `folder` and returns its output (standard output and error together)
    /// and its wall-clock time; throws when it exits with a status other than 0.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> (output: String, seconds: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let started = ContinuousClock.now
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = (ContinuousClock.now - started).seconds
        let output = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus) in \(folder.path):\n\(output)")
        }
        return (output, seconds)
    }

    /// A fresh temporary folder; the caller removes it.
    static func temporaryFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The first number on the line containing `marker`: the line's first word when `before`,
    /// else the first word after the marker that is a number.
    static func number(after marker: String, in text: String, before: Bool) -> Double? {
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: marker) else { continue }
            let words = (before ? line[...] : line[range.upperBound...]).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            if before { return words.first.flatMap { Double($0) } }
            return words.compactMap { Double($0) }.first
        }
        return nil
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
