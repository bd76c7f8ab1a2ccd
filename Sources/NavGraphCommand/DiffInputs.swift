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
        /// Why a document the revision holds could not be read (a symbolic link to an absolute
        /// path or out of the revision, a link loop, a file too large), when it could not.
        var unreadable: String? = nil
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
            return [Pair(path: head, base: read(base), head: read(head))]
        case (.folder, .folder):
            let old = relative(GraphFolder.documents(under: base), to: base)
            let new = relative(GraphFolder.documents(under: head), to: head)
            return try Set(old).union(new).sorted().map { (name: String) throws(CommandFailure) -> Pair in
                Pair(path: "\(head)/\(name)",
                     base: old.contains(name) ? read("\(base)/\(name)") : nil,
                     head: new.contains(name) ? read("\(head)/\(name)") : nil)
            }
        case (.file, .folder), (.folder, .file):
            throw CommandFailure(message: "error: '\(base)' and '\(head)' are a file and a folder; compare two documents, two folders, or a revision with a document or folder", exitCode: ExitStatus.badInput)
        case (.missing, _):
            let git = try GitRepository.current(for: base)
            let commit = try git.commit(base)
            switch kind(of: head) {
            case .file:
                return [Pair(path: head, base: revisionSide(head, at: commit, revision: base, in: git), head: read(head))]
            case .folder:
                // Both sides named as git names paths, or one graph would show as removed and added.
                let old = Set(git.graphDocuments(at: commit, under: head).map(normalized))
                let new = Set(GraphFolder.documents(under: head).map(normalized))
                return try Set(old).union(new).sorted().map { (path: String) throws(CommandFailure) -> Pair in
                    Pair(path: path,
                         base: old.contains(path) ? revisionSide(path, at: commit, revision: base, in: git) : nil,
                         head: new.contains(path) ? read(path) : nil)
                }
            case .missing:
                if git.isRevision(head) {
                    let headCommit = try git.commit(head)
                    let old = git.graphDocuments(at: commit, under: nil)
                    let new = git.graphDocuments(at: headCommit, under: nil)
                    return try Set(old).union(new).sorted().map { (path: String) throws(CommandFailure) -> Pair in
                        Pair(path: path,
                             base: revisionSide(path, at: commit, revision: base, in: git),
                             head: revisionSide(path, at: headCommit, revision: head, in: git))
                    }
                }
                // Removed from the working tree since the revision: a diff, not an error.
                if git.isFolder(head, at: commit) == true {
                    return try git.graphDocuments(at: commit, under: head).map { (path: String) throws(CommandFailure) -> Pair in
                        Pair(path: path, base: revisionSide(path, at: commit, revision: base, in: git), head: nil)
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

    /// `path` at `commit` (named `revision`), or `nil` when the commit has no such file. A
    /// document the revision holds but that cannot be read is a side that says why: reported
    /// as a change, not a reason to stop comparing every other graph (exit 2 would let a pull
    /// request silence its own diff comment with one committed link).
    static func revisionSide(_ path: String, at commit: String, revision: String, in git: GitRepository) -> Side? {
        do {
            return try git.contents(of: path, at: commit).map { Side(origin: "\(revision):\(path)", bytes: $0, features: git.snapshot(revision, commit)) }
        } catch {
            return Side(origin: "\(revision):\(path)", bytes: [], unreadable: error.message)
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

    /// The document at `path` in the working tree; one that cannot be read (a symbolic link out
    /// of the folder navgraph runs in, a file too large) is a side that says why, as at a revision.
    static func read(_ path: String) -> Side {
        do {
            return Side(origin: path, bytes: try GraphFiles.read(path))
        } catch {
            return Side(origin: path, bytes: [], unreadable: error.message)
        }
    }
}
