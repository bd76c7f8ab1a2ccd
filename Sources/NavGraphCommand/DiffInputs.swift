import Foundation
import NavigationGraph

/// What `navgraph diff BASE HEAD` compares: pairs of graph documents, each side read from the
/// working tree or from a git revision, or absent when the graph exists on one side only.
enum DiffInputs {
    /// One version of a document: where it came from (a path, or `revision:path`) and its bytes.
    struct Side {
        let origin: String
        let bytes: [UInt8]
        /// Where its features are read from: the same revision for a side read from one.
        var features: FeatureSource = .fileSystem
    }

    /// A document on both sides, or on one.
    struct Pair {
        /// The path shown for it: the head's (or the base's when removed).
        let path: String
        let base: Side?
        let head: Side?
    }

    /// The pairs `base` and `head` stand for, sorted by path.
    ///
    /// - Two files: one pair. Two folders: their documents matched by path below each folder.
    /// - A revision and a file or folder: the working tree's documents against the revision's.
    ///   A path missing from the working tree is still a path when it is no revision: a graph
    ///   removed since the revision.
    /// - Two revisions: every document of either, under the current directory.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) for unreadable files, a file against a folder, an
    ///   unknown revision, or a revision outside a git repository.
    static func resolve(base: String, head: String) throws(CommandFailure) -> [Pair] {
        try refuseAmbiguous(base)
        let base = normalized(base)
        let head = normalized(head)
        switch (kind(of: base), kind(of: head)) {
        case (.file, .file):
            return [Pair(path: head, base: try read(base), head: try read(head))]
        case (.folder, .folder):
            let old = relative(GraphFolder.documents(under: base), to: base)
            let new = relative(GraphFolder.documents(under: head), to: head)
            return try Set(old).union(new).sorted().map { (name: String) throws(CommandFailure) -> Pair in
                Pair(path: "\(head)/\(name)",
                     base: old.contains(name) ? try read("\(base)/\(name)") : nil,
                     head: new.contains(name) ? try read("\(head)/\(name)") : nil)
            }
        case (.file, .folder), (.folder, .file):
            throw CommandFailure(message: "error: '\(base)' and '\(head)' are a file and a folder; compare two documents, two folders, or a revision with a document or folder", exitCode: ExitStatus.badInput)
        case (.missing, _):
            let git = try GitRepository.current(for: base)
            let commit = try git.commit(base)
            switch kind(of: head) {
            case .file:
                return [Pair(path: head, base: try git.contents(of: head, at: commit).map { Side(origin: "\(base):\(head)", bytes: $0, features: git.snapshot(base, commit)) }, head: try read(head))]
            case .folder:
                // Both sides named as git names paths, or one graph would show as removed and added.
                let old = Set(git.graphDocuments(at: commit, under: head).map(normalized))
                let new = Set(GraphFolder.documents(under: head).map(normalized))
                return try Set(old).union(new).sorted().map { (path: String) throws(CommandFailure) -> Pair in
                    Pair(path: path,
                         base: old.contains(path) ? try git.contents(of: path, at: commit).map { Side(origin: "\(base):\(path)", bytes: $0, features: git.snapshot(base, commit)) } : nil,
                         head: new.contains(path) ? try read(path) : nil)
                }
            case .missing:
                if git.isRevision(head) {
                    let headCommit = try git.commit(head)
                    let old = git.graphDocuments(at: commit, under: nil)
                    let new = git.graphDocuments(at: headCommit, under: nil)
                    return try Set(old).union(new).sorted().map { (path: String) throws(CommandFailure) -> Pair in
                        Pair(path: path,
                             base: try git.contents(of: path, at: commit).map { Side(origin: "\(base):\(path)", bytes: $0, features: git.snapshot(base, commit)) },
                             head: try git.contents(of: path, at: headCommit).map { Side(origin: "\(head):\(path)", bytes: $0, features: git.snapshot(head, headCommit)) })
                    }
                }
                // Removed from the working tree since the revision: a diff, not an error.
                if git.isFolder(head, at: commit) == true {
                    return try git.graphDocuments(at: commit, under: head).map { (path: String) throws(CommandFailure) -> Pair in
                        Pair(path: path, base: try git.contents(of: path, at: commit).map { Side(origin: "\(base):\(path)", bytes: $0, features: git.snapshot(base, commit)) }, head: nil)
                    }
                }
                guard let bytes = try git.contents(of: head, at: commit) else {
                    throw CommandFailure(message: "error: '\(head)' is not in the working tree, nor at \(base), nor a revision; pass a graph document or folder, or a commit, branch or tag", exitCode: ExitStatus.badInput)
                }
                return [Pair(path: head, base: Side(origin: "\(base):\(head)", bytes: bytes, features: git.snapshot(base, commit)), head: nil)]
            }
        case (_, .missing):
            throw CommandFailure(message: "error: '\(head)' is no file or folder; when BASE ('\(base)') is in the working tree, HEAD must be too (to compare with a revision, put the revision first: navgraph diff <revision> \(base))", exitCode: ExitStatus.badInput)
        }
    }

    enum Kind { case file, folder, missing }

    static func kind(of path: String) -> Kind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        return isFolder.boolValue ? .folder : .file
    }

    /// `path` without a leading `./` or a trailing `/`, and relative when it is an absolute path
    /// inside the current directory, as git names it.
    static func normalized(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        // `.` and `..` resolved (Graphs/../Graphs is Graphs), as git names paths.
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        if absolute == current { return "." }
        if absolute.hasPrefix(current + "/") { return String(absolute.dropFirst(current.count + 1)) }
        var path = path
        while path.hasSuffix("/") && path.count > 1 { path.removeLast() }
        return path
    }

    /// Refuses a BASE that names both a file or folder and a git revision: which one was meant
    /// cannot be known, and reading the wrong one would compare the wrong graphs (a folder named
    /// after the pull request's base commit would make the diff compare the head with itself).
    /// A path written as `./name`, `../name` or `/name` is always a path.
    static func refuseAmbiguous(_ base: String) throws(CommandFailure) {
        guard !base.hasPrefix("./"), !base.hasPrefix("../"), !base.hasPrefix("/"), kind(of: base) != .missing,
              let git = try? GitRepository.current(for: base), git.isRevision(base) else { return }
        throw CommandFailure(message: "error: '\(base)' is both a file or folder and a git revision; write ./\(base) for the path, or rename it", exitCode: ExitStatus.badInput)
    }

    static func relative(_ paths: [String], to folder: String) -> Set<String> {
        Set(paths.map { String($0.dropFirst(folder.count + 1)) })
    }

    static func read(_ path: String) throws(CommandFailure) -> Side {
        Side(origin: path, bytes: try GraphFiles.read(path))
    }
}
