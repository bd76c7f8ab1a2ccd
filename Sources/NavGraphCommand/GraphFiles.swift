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
/// The message is one or more lines; each is escaped for the terminal when printed, so
/// document text inside a line can never start another.
struct CommandFailure: Error, CustomStringConvertible {
    let lines: [String]
    let exitCode: Int32

    init(message: String, exitCode: Int32) {
        self.init(lines: [message], exitCode: exitCode)
    }

    init(lines: [String], exitCode: Int32) {
        self.lines = lines
        self.exitCode = exitCode
    }

    var message: String { lines.joined(separator: "\n") }
    var description: String { message }
}

/// Where the commands print. Every line goes through ``TerminalText/escape(_:)``, so names and
/// messages from a document cannot drive the terminal or a CI log; output that is already in
/// a file format (SVG, DOT, Mermaid, the JSON Schema) goes through ``data(_:)`` unchanged.
enum Console {
    static let isTerminal = isatty(2) == 1

    /// One line on standard output.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((TerminalText.escape(text) + "\n").utf8))
    }

    /// One line on standard error.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.escape(text) + "\n").utf8))
    }

    /// A failure's lines on standard error.
    static func error(_ failure: CommandFailure) {
        for line in failure.lines { error(line) }
    }

    /// Bytes in an output format of their own (escaped for it already), on standard output.
    static func data(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// A progress line that the next one overwrites, on a terminal only.
    static func progress(_ text: String) {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(TerminalText.escape(text))".utf8))
    }

    static func endProgress() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Printing goes through ``Console``, which escapes what it prints; a bare `print` would not.
@available(*, unavailable, message: "print through Console.line or Console.error, which escape document text for the terminal")
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}
