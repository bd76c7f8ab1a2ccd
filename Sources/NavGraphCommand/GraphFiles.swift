import Foundation
import NavigationCore
import NavigationGraph

/// Finding and loading graph documents for the commands.
enum GraphFiles {
    /// Every `*.navgraph.yaml` / `*.navgraph.json` under `Graphs/`, sorted.
    static func defaultGraphs() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "Graphs")) ?? []
        return files.filter { $0.hasSuffix(".navgraph.yaml") || $0.hasSuffix(".navgraph.json") }.sorted().map { "Graphs/\($0)" }
    }

    static func load(_ path: String) throws(CommandFailure) -> NavigationGraph<DynamicRoute> {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(message: "\(path): error: no such file; pass a graph document, e.g. Graphs/Shop.navgraph.yaml", exitCode: 2)
        }
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw CommandFailure(message: "\(path): error: cannot read the file as UTF-8 text (\(error.localizedDescription))", exitCode: 2)
        }
        do { return try GraphDocument.load(text, origin: path) } catch {
            throw CommandFailure(message: error.description, exitCode: 2)
        }
    }
}

/// A problem that ends a command with a message and an exit code (2: bad input or usage).
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    let exitCode: Int32
    var description: String { message }
}

/// Where progress and summaries go: stderr. Progress rewrites one line every half second on a
/// terminal, and prints a line every few seconds elsewhere (a CI log).
enum Console {
    static let isTerminal = isatty(2) == 1

    /// Reports a search's progress for the graph called `name`, every `seconds` off a terminal.
    static func progressReporter(for name: String, every seconds: Double) -> SearchOptions.Progress {
        if isTerminal {
            return SearchOptions.Progress(interval: .milliseconds(500)) { progress in
                FileHandle.standardError.write(Data("\r\u{1B}[K\(name): \(progress.line)".utf8))
            }
        }
        return SearchOptions.Progress(interval: .milliseconds(Int64((seconds * 1000).rounded()))) { progress in
            FileHandle.standardError.write(Data("navgraph: \(name): \(progress.line)\n".utf8))
        }
    }

    /// Clears a terminal's progress line.
    static func endProgress() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
