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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "\(path): error: cannot read the file; check that it is a readable file", exitCode: 2)
        }
        // Bytes, not text: the loader says where a byte that is not UTF-8 is.
        do { return try GraphDocument.load(bytes: Array(data), origin: path) } catch {
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

/// Where progress and summaries go: stderr, and only when it is a terminal (unless forced).
enum Console {
    static let isTerminal = isatty(2) == 1

    static func progress(_ text: String) {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    static func endProgress() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
