import Foundation
import NavigationGraph

/// Reads graph documents as they were at a git revision, for `navgraph diff`: `git` is run
/// directly (found on `PATH`, never through a shell), with the revision and path as separate
/// arguments, in the current directory.
struct GitRepository {
    /// The `git` executable.
    let executable: URL

    /// The repository around the current directory.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) when git is not installed or the current directory
    ///   is not inside a git work tree; `what` is the argument that needed it.
    static func current(for what: String) throws(CommandFailure) -> GitRepository {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let git = path.split(separator: ":").map({ URL(fileURLWithPath: String($0)).appendingPathComponent("git") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CommandFailure(message: "error: '\(what)' is not a file or folder, and git (to read it as a revision) is not installed; pass two graph documents or folders, or install git", exitCode: ExitStatus.badInput)
        }
        let repository = GitRepository(executable: git)
        guard let inside = repository.output(["rev-parse", "--is-inside-work-tree"]), String(decoding: inside, as: UTF8.self).hasPrefix("true") else {
            throw CommandFailure(message: "error: '\(what)' is not a file or folder here, and \(FileManager.default.currentDirectoryPath) is not inside a git repository to read it as a revision; run navgraph diff in the repository, or pass two graph documents or folders", exitCode: ExitStatus.badInput)
        }
        return repository
    }

    /// Whether `revision` names a commit.
    func isRevision(_ revision: String) -> Bool {
        // A leading dash would be read as an option.
        !revision.hasPrefix("-") && output(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]) != nil
    }

    /// The full commit name of `revision`.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) when it names no commit.
    func commit(_ revision: String) throws(CommandFailure) -> String {
        guard !revision.hasPrefix("-"), let bytes = output(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"]) else {
            throw CommandFailure(message: "error: '\(revision)' is neither a file or folder nor a revision of this git repository; pass a graph document or folder, or a commit, branch or tag (fetch it first in a shallow clone: git fetch --depth=1 origin <revision>)", exitCode: ExitStatus.badInput)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The graph documents (`*.navgraph.yaml`, `*.navgraph.json`) at `commit` under `folder`
    /// (every folder below it too), relative to the current directory, sorted; the whole tree
    /// under the current directory when `folder` is `nil`.
    func graphDocuments(at commit: String, under folder: String?) -> [String] {
        var arguments = ["ls-tree", "-r", "--name-only", "-z", commit]
        if let folder { arguments += ["--", folder] }
        guard let bytes = output(arguments) else { return [] }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter(GraphFolder.isGraphDocument).sorted()
    }

    /// The bytes of `path` (relative to the current directory) at `commit`, or `nil` when the
    /// commit has no such file.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) when it is larger than a graph document may be.
    /// A symbolic link is followed as the working tree would follow it (git stores only the
    /// link's target text).
    func contents(of path: String, at commit: String) throws(CommandFailure) -> [UInt8]? {
        guard let path = try following(path, at: commit) else { return nil }
        let object = "\(commit):./\(path)"
        guard isFolder(path, at: commit) == false, let sizeText = output(["cat-file", "-s", object]) else { return nil }
        let size = Int(String(decoding: sizeText, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? Int.max
        guard size <= GraphDocument.maxBytes else {
            throw CommandFailure(message: "\(object): error: is larger than \(GraphDocument.maxBytes) bytes, the limit for a graph document; split the app into several graphs", exitCode: ExitStatus.badInput)
        }
        guard let bytes = output(["show", object]) else {
            throw CommandFailure(message: "\(object): error: git could not read it; check that the revision is fetched (git fetch origin <revision>)", exitCode: ExitStatus.badInput)
        }
        return Array(bytes)
    }

    /// The path `path` leads to at `commit` once symbolic links are followed (at most eight, as
    /// a link loop must end), or `nil` when `path` is not in `commit`.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) for a link to an absolute path (outside what the
    ///   revision holds), a link loop, or a link whose target the revision does not hold.
    func following(_ path: String, at commit: String) throws(CommandFailure) -> String? {
        var current = path
        for _ in 0..<8 {
            guard let entry = output(["ls-tree", "-z", commit, "--", "./\(current)"]), !entry.isEmpty else {
                return current == path ? nil : try missingTarget(path, current, commit)
            }
            // `<mode> <type> <object>\t<path>`: 120000 is git's mode for a symbolic link.
            guard entry.starts(with: Data("120000 ".utf8)) else { return current }
            guard let target = output(["cat-file", "blob", "\(commit):./\(current)"]).map({ String(decoding: $0, as: UTF8.self) }) else {
                return try missingTarget(path, current, commit)
            }
            guard !target.hasPrefix("/") else {
                throw CommandFailure(message: "\(commit.prefix(12)):\(path): error: is a symbolic link to the absolute path '\(target)', which a revision does not hold; link with a path relative to the repository", exitCode: ExitStatus.badInput)
            }
            let folder = current.split(separator: "/", omittingEmptySubsequences: true).dropLast().joined(separator: "/")
            current = Self.normalizedRelative(folder.isEmpty ? target : "\(folder)/\(target)")
        }
        throw CommandFailure(message: "\(commit.prefix(12)):\(path): error: symbolic links lead through more than eight links (a loop?); link the document directly", exitCode: ExitStatus.badInput)
    }

    private func missingTarget(_ path: String, _ target: String, _ commit: String) throws(CommandFailure) -> String? {
        throw CommandFailure(message: "\(commit.prefix(12)):\(path): error: is a symbolic link to '\(target)', which this revision does not hold; commit the document it links to", exitCode: ExitStatus.badInput)
    }

    /// `path` with `.` and `name/..` removed; `..` that climbs above the start is kept.
    static func normalizedRelative(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// The feature documents of a graph read at `commit`, named `revision:path` as its documents
    /// are: features are read from the same revision, never from the working tree.
    func snapshot(_ revision: String, _ commit: String) -> FeatureSource {
        let repository = self
        return .snapshot(label: revision) { path in (try? repository.contents(of: path, at: commit)) ?? nil }
    }

    /// Whether `path` is a folder (`true`) or a file (`false`) at `commit`; `nil` when it is neither.
    func isFolder(_ path: String, at commit: String) -> Bool? {
        guard let type = output(["cat-file", "-t", "\(commit):./\(path)"]) else { return nil }
        return String(decoding: type, as: UTF8.self).hasPrefix("tree")
    }

    /// What git prints on standard output for `arguments`, or `nil` when it fails.
    func output(_ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // Read before waiting: a large blob would fill the pipe and block git.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }
}

/// Graph documents in a folder of the working tree.
enum GraphFolder {
    /// Whether `path` names a graph document by its extension.
    static func isGraphDocument(_ path: String) -> Bool {
        path.hasSuffix(".navgraph.yaml") || path.hasSuffix(".navgraph.json")
    }

    /// Every graph document under `folder` and its subfolders, as `folder/…`, sorted.
    static func documents(under folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return paths.filter(isGraphDocument).map { "\(prefix)/\($0)" }.sorted()
    }
}
