import Foundation
import NavigationCore
import NavigationGraph

/// Finding and loading graph documents for the commands.
enum GraphFiles {
    /// Every `*.navgraph.yaml` / `*.navgraph.json` under `Graphs/`, sorted.
    /// The documents a command takes: `given` when any, else the configuration's `graphs:`,
    /// else those under `Graphs/`.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) when that leaves none, or a configured folder
    ///   holds no document.
    static func chosen(_ given: [String], configuration: ProjectConfiguration?) throws(CommandFailure) -> [String] {
        if !given.isEmpty { return given }
        if let configuration, let entries = configuration.graphs {
            let files = try configuration.documents()
            guard !files.isEmpty else {
                throw CommandFailure(message: "\(configuration.path): error: its graphs (\(entries.joined(separator: ", "))) hold no graph document; name folders or documents that hold *.navgraph.yaml", exitCode: .badInput)
            }
            return files
        }
        let files = defaultGraphs()
        guard !files.isEmpty else {
            throw CommandFailure(message: "error: no graphs given and none found under Graphs/; pass a graph document, or list the graphs in .navgraph.yml", exitCode: .badInput)
        }
        return files
    }

    static func defaultGraphs() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "Graphs")) ?? []
        return files.filter { $0.hasSuffix(".navgraph.yaml") || $0.hasSuffix(".navgraph.json") }.sorted().map { "Graphs/\($0)" }
    }

    static func load(_ path: String) throws(CommandFailure) -> NavigationGraph<DynamicRoute> {
        // Bytes, not text: the loader says where a byte that is not UTF-8 is.
        let bytes = try read(path)
        do { return try GraphDocument.load(bytes: bytes, origin: path) } catch {
            var failure = CommandFailure(lines: error.description.components(separatedBy: "\n"), exitCode: .badInput)
            // An error inside an included feature's document is placed in that document.
            failure.documents = error.all.map { problem in
                let location = problem.file == path ? problem.location : (problem.location ?? SourceLocation(line: 1, column: 1)).inFile(problem.file)
                return (problem.message, problem.remedy, location)
            }
            throw failure
        }
    }

    /// Where `path` leads when it is a symbolic link inside the current folder (the repository
    /// in CI) whose target, all links resolved, lies outside it: what a pull request could plant
    /// in `Graphs/`. `nil` for a regular file, a link that stays inside, or a link that is itself
    /// outside the folder (named there by the caller, who chose it).
    static func linkLeavingWorkingFolder(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & mode_t(S_IFMT) == mode_t(S_IFLNK) else { return nil }
        guard let here = realpath(".", nil) else { return nil }
        defer { free(here) }
        let folder = String(cString: here)
        func inside(_ resolved: String) -> Bool { folder == "/" || resolved == folder || resolved.hasPrefix(folder + "/") }
        // The folder holding the link, its own links resolved: is the link in the repository?
        guard let parent = realpath((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent, nil) else { return nil }
        defer { free(parent) }
        guard inside(String(cString: parent)) else { return nil }
        guard let target = realpath(path, nil) else { return nil }     // a dangling link fails to open, with its own message
        defer { free(target) }
        let resolved = String(cString: target)
        return inside(resolved) ? nil : resolved
    }

    /// The bytes of the graph document at `path`: a regular file (or a link to one) of at most
    /// ``GraphDocument/maxBytes`` bytes (the loader checks they are UTF-8, and says where not).
    ///
    /// The file is opened without blocking and its type checked on the open descriptor before
    /// anything is read, so a named pipe cannot hang the command and a directory or device gets
    /// a message naming what it is; reading stops one byte past the limit, so `/dev/zero` or a
    /// file growing while it is read cannot exhaust memory.
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        func failure(_ problem: String) -> CommandFailure { CommandFailure(message: "\(path): error: \(problem)", exitCode: .badInput) }
        if let outside = linkLeavingWorkingFolder(path) {
            throw failure("is a symbolic link to \(outside), outside the folder navgraph runs in; navgraph does not follow a document's link "
                          + "out of it (a link planted in a pull request could make CI read any file); put the document itself here, or run navgraph from a folder that holds both")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw failure("no such file; pass a graph document, e.g. Graphs/Shop.navgraph.yaml")
            case EACCES: throw failure("permission denied; make the file readable (chmod a+r), or pass another document")
            case ENXIO: throw failure("is not a regular file (a socket, or a pipe with no one writing); pass a graph document saved as a file")
            default: throw failure("cannot be opened (\(String(cString: strerror(code)))); pass a readable graph document")
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw failure("cannot be examined (\(String(cString: strerror(errno)))); pass a readable graph document")
        }
        switch status.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): break
        case mode_t(S_IFDIR):
            throw failure("is a directory, not a graph document; pass the documents in it, e.g. '\(path)/*.navgraph.yaml'")
        case let kind:
            let what = switch kind {
            case mode_t(S_IFIFO): "a named pipe"
            case mode_t(S_IFCHR): "a character device"
            case mode_t(S_IFBLK): "a block device"
            case mode_t(S_IFSOCK): "a socket"
            default: "not a file"
            }
            throw failure("is not a regular file (it is \(what)); pass a graph document saved as a file")
        }
        let limit = GraphDocument.maxBytes
        let tooLarge = failure("is larger than \(limit) bytes, the limit for a graph document; split the app into several graphs")
        guard status.st_size <= limit else { throw tooLarge }
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in Foundation.read(descriptor, buffer.baseAddress?.advanced(by: count), buffer.count - count) }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { throw failure("cannot be read (\(String(cString: strerror(errno)))); pass a readable graph document") }
            if read == 0 { break }
            count += read
        }
        guard count <= limit else { throw tooLarge }
        return Array(bytes[..<count])
    }
}

/// A problem that ends a command with a message and an exit code (2: bad input or usage).
/// The message is one or more lines; each is escaped for the terminal when printed, so
/// document text inside a line can never start another.
struct CommandFailure: Error, CustomStringConvertible {
    let lines: [String]
    let exitCode: ExitStatus
    /// For a document that does not load: what is wrong, how to fix it, and where, for each
    /// of its problems (the first is the one a single line names).
    var documents: [(message: String, remedy: String, location: SourceLocation?)] = []
    /// The first of ``documents``.
    var document: (message: String, remedy: String, location: SourceLocation?)? { documents.first }

    init(message: String, exitCode: ExitStatus) {
        self.init(lines: [message], exitCode: exitCode)
    }

    init(lines: [String], exitCode: ExitStatus) {
        self.lines = lines
        self.exitCode = exitCode
    }

    var message: String { lines.joined(separator: "\n") }
    var description: String { message }
}

/// Where the commands print. Every line goes through ``TerminalText/escape(_:)``, so names and
/// messages from a document cannot drive the terminal or a CI log; output that is already in
/// a file format (SVG, DOT, Mermaid, the JSON Schema) goes through ``data(_:)`` unchanged.
/// Progress rewrites one line every half second on a terminal, and prints a line every few
/// seconds elsewhere (a CI log).
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

    /// A GitHub Actions workflow command on standard output, as ``Diagnostic/gitHubAnnotation``
    /// builds it (its values escaped already): the one line that may begin with `::`.
    static func workflowCommand(_ command: String) {
        FileHandle.standardOutput.write(Data((command + "\n").utf8))
    }

    /// Bytes in an output format of their own (escaped for it already), on standard output.
    static func data(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Reports a search's progress for the graph called `name`, every `seconds` off a terminal.
    static func progressReporter(for name: String, every seconds: Double) -> SearchOptions.Progress {
        let name = TerminalText.escape(name)
        if isTerminal {
            return SearchOptions.Progress(interval: .milliseconds(500)) { line in
                FileHandle.standardError.write(Data("\r\u{1B}[K\(name): \(line)".utf8))
            }
        }
        return SearchOptions.Progress(interval: .milliseconds(Int64((seconds * 1000).rounded()))) { line in
            FileHandle.standardError.write(Data("navgraph: \(name): \(line)\n".utf8))
        }
    }

    /// Clears a terminal's progress line.
    static func endProgress() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// Printing goes through ``Console``, which escapes what it prints; a bare `print` would not.
@available(*, unavailable, message: "print through Console.line or Console.error, which escape document text for the terminal")
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}
