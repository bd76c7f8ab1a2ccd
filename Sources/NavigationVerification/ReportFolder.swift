import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A graph's report folder, `<root>/<name>/`, and the one place reports reach the disk.
///
/// `Reports/` is often committed, so a pull request can plant anything in it; writing must not
/// let it redirect a write elsewhere or leave a half-written report behind. So:
///
/// - No symbolic link is followed: not the graph's folder, not the reports root, not (for a
///   relative `--reports`) any folder on the way, and not a report file. A link where one of
///   them goes is refused with its name. The folders are opened once, with `O_NOFOLLOW`, and
///   every later step works relative to that descriptor, so a link swapped in meanwhile is not
///   followed either. The folders above an absolute `--reports` are the machine's (on macOS
///   `/tmp` is a link) and are followed.
/// - Every file is written to a fresh temporary name (`O_CREAT | O_EXCL | O_NOFOLLOW`) in the
///   same folder, and only when all of them are complete are they renamed over the old ones.
///   A failed write (a full disk) removes the temporaries and leaves every previous report as
///   it was. Each file is flushed (`fsync`) and closed without an error before it is renamed,
///   so a crash or an error reported only at close never leaves an empty or partial report.
/// - Files an earlier run wrote and this run did not (a fixed graph's `counterexample-3.svg`)
///   are removed, so the folder holds exactly this run's reports. Only names this tool writes
///   (`isReportFile(_:)`) are candidates; anything else in the folder is the user's and stays.
///
/// ```swift
/// try ReportFolder(root: "Reports", name: "Shop").replaceReports(with: [("report.json", bytes)])
/// ```
package struct ReportFolder: Sendable {
    /// Writes up to `bytes.count` bytes to `descriptor` and returns how many, or -1 with
    /// `errno` set; `write(2)` unless a test injects a failure.
    package typealias Writer = @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int

    /// A report folder that cannot be written, with what to do about it.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let message: String
        package var description: String { message }
    }

    /// The names every run may write besides `counterexample-<n>.dot` / `.svg`.
    package static let fixedNames: Set<String> = [
        "report.json", "summary.md", "junit.xml", "results.sarif", "report.html",
        "graph.dot", "graph.svg", "graph.png", "states.dot", "states.svg",
    ]

    private static let temporaryMarker = ".navgraph-tmp-"

    /// The reports root as given (`--reports`).
    package let root: String
    /// The graph's folder name inside `root`, a single path component.
    package let name: String
    package var writer: Writer = { descriptor, bytes in
        bytes.isEmpty ? 0 : systemWrite(descriptor, bytes.baseAddress, bytes.count)
    }

    package init(root: String, name: String) {
        precondition(!name.isEmpty && !name.contains("/") && name != "." && name != "..", "a report folder name is one path component, not '\(name)'")
        self.root = root
        self.name = name
    }

    /// `root/name`, as messages and the command's output show it (`root` for ``runFolder(_:)``).
    package var path: String { opensRootOnly ? root : (root as NSString).appendingPathComponent(name) }

    /// Whether this is the reports root itself (``runFolder(_:)``), not a graph's folder.
    private var opensRootOnly = false

    /// The names a run writes into the reports root itself, beside the graphs' folders.
    package static let runFileNames: Set<String> = ["overview.md"]

    /// The reports root itself, for the files about the whole run (``runFileNames``), opened as
    /// carefully as a graph's folder: no link followed on the way or at the file.
    package static func runFolder(_ root: String) -> ReportFolder {
        var folder = ReportFolder(root: root, name: "run")
        folder.opensRootOnly = true
        return folder
    }

    /// Writes one file about the whole run (``runFileNames``) into the reports root: in full to
    /// a temporary, then renamed over the last run's. Nothing else in the root is touched (it
    /// may be the working folder).
    ///
    /// - Throws: `Failure` when a folder on the way or the file is a symbolic link, the file's
    ///   name is a folder, or the file cannot be written; the last run's file is kept then.
    package func replaceRunFile(named file: String, bytes: [UInt8]) throws(Failure) {
        precondition(opensRootOnly && Self.runFileNames.contains(file), "'\(file)' is not a file of the reports root")
        let folder = try openFolder()
        defer { close(folder) }
        let filePath = (path as NSString).appendingPathComponent(file)
        switch kind(of: file, in: folder) {
        case .link: throw Failure(message: linkMessage(path: filePath, parent: folder, component: file, remedy: "remove the link and run again"))
        case .folder: throw Failure(message: "error: \(filePath) is a folder, where navgraph writes a report file; remove it and run again")
        case .file, .missing: break
        }
        let temporary = try writeTemporary(bytes, for: file, in: folder)
        if renameat(folder, temporary, folder, file) != 0 {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw Failure(message: "error: cannot put \(filePath) in place (\(Self.describe(code))); run again")
        }
    }

    /// Whether `file` is a name this tool writes into a report folder: one of `fixedNames`
    /// or `counterexample-<digits>.dot` / `.svg`, `storyboard-<digits>.svg` or `focus-<digits>.svg`.
    package static func isReportFile(_ file: String) -> Bool {
        if fixedNames.contains(file) { return true }
        for (prefix, suffixes) in [("counterexample-", [".dot", ".svg"]), ("storyboard-", [".svg"]), ("focus-", [".svg"])] {
            guard file.hasPrefix(prefix), let dot = file.lastIndex(of: "."), dot >= file.index(file.startIndex, offsetBy: prefix.count) else { continue }
            let number = file[file.index(file.startIndex, offsetBy: prefix.count)..<dot]
            if !number.isEmpty && number.allSatisfy({ $0.isASCII && $0.isNumber }) && suffixes.contains(String(file[dot...])) { return true }
        }
        return false
    }

    /// Whether `file` is a temporary a run left behind when it was killed mid-write.
    static func isLeftoverTemporary(_ file: String) -> Bool {
        guard file.hasPrefix("."), let marker = file.range(of: temporaryMarker) else { return false }
        return isReportFile(String(file[file.index(after: file.startIndex)..<marker.lowerBound]))
    }

    /// Creates the folder if needed and makes its report files exactly `files`: each written in
    /// full and renamed into place, then every report file of an earlier run that is not among
    /// them removed.
    ///
    /// - Throws: `Failure` when a folder on the way or a report file is a symbolic link, a
    ///   folder is a file, or a file cannot be written; nothing of the previous reports has
    ///   changed then, except when a rename itself fails.
    package func replaceReports(with files: [(name: String, bytes: [UInt8])]) throws(Failure) {
        for file in files {
            precondition(Self.isReportFile(file.name), "'\(file.name)' is not a report file name; add it to ReportFolder.fixedNames so later runs can remove it")
        }
        let folder = try openFolder()
        defer { close(folder) }
        let existing = try entries(of: folder)
        for entry in existing where Self.isReportFile(entry) || Self.isLeftoverTemporary(entry) {
            if kind(of: entry, in: folder) == .link {
                throw Failure(message: linkMessage(path: (path as NSString).appendingPathComponent(entry), parent: folder, component: entry,
                                                   remedy: "remove the link and run again"))
            }
        }
        for file in files where kind(of: file.name, in: folder) == .folder {
            let filePath = (path as NSString).appendingPathComponent(file.name)
            throw Failure(message: "error: \(filePath) is a folder, where navgraph writes a report file; remove it and run again")
        }

        var temporaries: [(temporary: String, final: String)] = []
        for file in files {
            do throws(Failure) {
                temporaries.append((try writeTemporary(file.bytes, for: file.name, in: folder), file.name))
            } catch {
                for written in temporaries { unlinkat(folder, written.temporary, 0) }
                throw error
            }
        }
        for (index, written) in temporaries.enumerated() where renameat(folder, written.temporary, folder, written.final) != 0 {
            let code = errno
            for remaining in temporaries[index...] { unlinkat(folder, remaining.temporary, 0) }
            throw Failure(message: "error: cannot put \((path as NSString).appendingPathComponent(written.final)) in place (\(Self.describe(code))); the reports in \(path)/ are now partly from this run and partly from the last; run again")
        }

        let kept = Set(files.map(\.name))
        for entry in existing where (Self.isReportFile(entry) && !kept.contains(entry)) || Self.isLeftoverTemporary(entry) {
            // A folder under a report's name is not something this tool wrote: it stays.
            guard kind(of: entry, in: folder) == .file else { continue }
            if unlinkat(folder, entry, 0) != 0 && errno != ENOENT {
                let code = errno
                throw Failure(message: "error: cannot remove the old report \((path as NSString).appendingPathComponent(entry)) (\(Self.describe(code))); remove it by hand, it is not from this run")
            }
        }
    }

    // MARK: - Folders

    /// Opens (creating as needed) the reports root and the graph's folder without following a
    /// link, and returns the graph folder's descriptor; the caller closes it.
    private func openFolder() throws(Failure) -> Int32 {
        let absolute = root.hasPrefix("/")
        let components = root.split(separator: "/").map(String.init)
        let start = open(absolute ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard start >= 0 else {
            let code = errno
            throw Failure(message: "error: cannot open \(absolute ? "/" : "the working folder") (\(Self.describe(code)))")
        }
        defer { close(start) }
        // Above an absolute root only its last folder is ours to check; a relative root lies
        // in the checkout, all of it.
        let trusted = absolute ? max(components.count - 1, 0) : 0
        return try openFolders(components[...], from: start, walked: absolute ? "/" : "", trusted: trusted)
    }

    private func openFolders(_ remaining: ArraySlice<String>, from parent: Int32, walked: String, trusted: Int) throws(Failure) -> Int32 {
        guard let component = remaining.first else {
            if opensRootOnly {
                let descriptor = dup(parent)
                guard descriptor >= 0 else {
                    let code = errno
                    throw Failure(message: "error: cannot open the reports folder \(path) (\(Self.describe(code)))")
                }
                return descriptor
            }
            let graphFolder = try openDirectory(name, in: parent, path: path, isGraphFolder: true, follow: false)
            return graphFolder
        }
        let here = walked.isEmpty ? component : (walked as NSString).appendingPathComponent(component)
        let child = try openDirectory(component, in: parent, path: here, isGraphFolder: false, follow: trusted > 0)
        defer { close(child) }
        return try openFolders(remaining.dropFirst(), from: child, walked: here, trusted: trusted - 1)
    }

    /// Opens the folder `component` of `parent`, creating it if it is missing.
    private func openDirectory(_ component: String, in parent: Int32, path: String, isGraphFolder: Bool, follow: Bool) throws(Failure) -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW)
        var descriptor = openat(parent, component, flags)
        if descriptor < 0 && errno == ENOENT {
            if mkdirat(parent, component, 0o777) != 0 && errno != EEXIST {
                let code = errno
                throw Failure(message: "error: cannot create the reports folder \(path) (\(Self.describe(code))); pass a writable --reports folder")
            }
            descriptor = openat(parent, component, flags)
        }
        guard descriptor < 0 else { return descriptor }
        let code = errno
        let remedy = isGraphFolder ? "remove it or pass --reports <folder>" : "pass --reports <folder> or remove it"
        switch kind(of: component, in: parent) {
        case .link where !follow:
            throw Failure(message: linkMessage(path: path, parent: parent, component: component, remedy: remedy))
        case .file:
            throw Failure(message: "error: \(path) is a file, not a folder; \(remedy)")
        case .folder, .missing, .link:
            throw Failure(message: "error: cannot open the reports folder \(path) (\(Self.describe(code))); pass a writable --reports folder")
        }
    }

    private func linkMessage(path: String, parent: Int32, component: String, remedy: String) -> String {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlinkat(parent, component, &target, target.count - 1)
        let destination = length >= 0 ? " to " + String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return "error: \(path) is a symbolic link\(destination); navgraph never writes through a link (a planted one would overwrite its target); \(remedy)"
    }

    // MARK: - Files

    private enum Kind { case missing, file, folder, link }

    /// What `entry` of `folder` is, without following a link.
    private func kind(of entry: String, in folder: Int32) -> Kind {
        var status = stat()
        guard fstatat(folder, entry, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return .link
        case S_IFDIR: return .folder
        default: return .file
        }
    }

    /// The names in `folder`, sorted, without `.` and `..`.
    private func entries(of folder: Int32) throws(Failure) -> [String] {
        let listing = dup(folder)
        guard listing >= 0, let directory = fdopendir(listing) else {
            let code = errno
            if listing >= 0 { close(listing) }
            throw Failure(message: "error: cannot list \(path) (\(Self.describe(code))); pass a readable --reports folder")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { String(cString: $0) }
            }
            if entryName != "." && entryName != ".." { names.append(entryName) }
        }
        return names.sorted()
    }

    /// Writes `bytes` in full to a new temporary file beside `file` and returns its name.
    private func writeTemporary(_ bytes: [UInt8], for file: String, in folder: Int32) throws(Failure) -> String {
        let filePath = (path as NSString).appendingPathComponent(file)
        for attempt in 0..<100 {
            let temporary = ".\(file)\(Self.temporaryMarker)\(getpid())-\(attempt)"
            let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor < 0 && errno == EEXIST { continue }
            guard descriptor >= 0 else {
                let code = errno
                throw Failure(message: "error: cannot write \(filePath) (\(Self.describe(code))); pass a writable --reports folder")
            }
            // Written whole, flushed to the disk and closed without an error (a quota or a network
            // file system may report one only then) before it may be renamed into place: a crash
            // or a full disk never leaves an empty or partial report where a whole one was.
            var code = writeAll(bytes, to: descriptor)
            if code == nil && fsync(descriptor) != 0 && errno != EINVAL { code = errno }
            if close(descriptor) != 0 && code == nil { code = errno }
            if let code {
                unlinkat(folder, temporary, 0)
                throw Failure(message: "error: cannot write \(filePath) (\(Self.describe(code))); the previous reports in \(path)/ are kept; free some space or pass a writable --reports folder")
            }
            return temporary
        }
        throw Failure(message: "error: cannot write \(filePath): 100 temporary names beside it are taken; remove the files named .\(file)\(Self.temporaryMarker)* and run again")
    }

    /// Writes all of `bytes`, going on after short writes; the `errno` it stopped at, if any.
    private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writer(descriptor, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // A regular file that takes nothing would loop forever; call it an I/O error.
                guard written > 0 else { return EIO }
                offset += written
            }
            return nil
        }
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
