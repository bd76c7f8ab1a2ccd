import Foundation

/// Where the documents a graph includes under `features:` are read from: the file system (the
/// default), or a snapshot of files such as a git revision, so a graph read from a revision
/// composes the features as they were at that revision, not as they are in the working tree.
///
/// ```swift
/// // The app graph and its features as they were at main~1.
/// let source = FeatureSource.snapshot(label: "main~1") { path in contents(of: path, at: "main~1") }
/// let graph = try GraphDocument.load(bytes: bytes, origin: "main~1:Graphs/App.navgraph.yaml", features: source)
/// ```
public struct FeatureSource: Sendable {
    enum Kind: Sendable {
        case fileSystem
        /// Origins `label:path`, or plain paths without a label.
        case snapshot(label: String?, read: @Sendable (String) -> [UInt8]?)
    }

    let kind: Kind

    /// Feature documents read from files, next to the including document's file.
    public static let fileSystem = FeatureSource(kind: .fileSystem)

    /// Feature documents read from a snapshot: a document of the snapshot has the origin
    /// `label:path` (as `git show` names a file at a revision), and `read` gives the bytes of a
    /// path of the snapshot (relative, `..` resolved), or `nil` when it has no such file.
    ///
    /// - Parameters:
    ///   - label: What names the snapshot in origins and errors, e.g. a git revision.
    ///   - read: The bytes of a file of the snapshot by its relative path.
    public static func snapshot(label: String, read: @escaping @Sendable (String) -> [UInt8]?) -> FeatureSource {
        FeatureSource(kind: .snapshot(label: label, read: read))
    }

    /// Feature documents embedded in code (as `navgraph-generate` embeds them in the Swift it
    /// writes), keyed by their path relative to the folder of the document `origin` that
    /// includes them (`Connect/Feed.navgraph.yaml`), so the embedded graph composes the same
    /// features wherever the code runs.
    ///
    /// - Parameters:
    ///   - origin: The including document's origin, as given to the loader.
    ///   - documents: Each feature document's text by its path relative to `origin`'s folder.
    public static func embedded(in origin: String, _ documents: [String: String]) -> FeatureSource {
        let folder = (origin as NSString).deletingLastPathComponent
        return FeatureSource(kind: .snapshot(label: nil) { path in
            let relative = folder.isEmpty ? path : path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
            return documents[relative].map { Array($0.utf8) }
        })
    }

    /// The path of `file` (a feature document's origin as the file system source names it)
    /// relative to the folder of the document `origin`, `.` and `..` resolved: the key
    /// ``embedded(in:_:)`` finds it by; `nil` for a file outside that folder.
    public static func embeddedPath(of file: String, in origin: String) -> String? {
        let folder = (origin as NSString).deletingLastPathComponent
        guard folder.isEmpty || file.hasPrefix(folder + "/") else { return nil }
        return lexicallyInside(folder: "", folder.isEmpty ? file : String(file.dropFirst(folder.count + 1)))
    }

    /// A feature document found: its origin as errors show it, the key that identifies it in
    /// an include chain, and its bytes.
    struct Found {
        let origin: String
        let key: String
        let bytes: [UInt8]
    }

    /// The identity of the document `origin` in an include chain.
    func key(of origin: String) -> String {
        switch kind {
        case .fileSystem: DocumentReader.resolvedPath(origin)
        case .snapshot: origin
        }
    }

    /// Reads the feature document `path` (as written under `file:`) that the document `origin`
    /// includes, refusing a path that leaves the including document's folder.
    func read(_ path: String, includedBy origin: String, node: DocumentNode) throws(GraphDocumentError) -> Found {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~") else {
            throw node.error("feature file '\(path)' is not a relative path", "write the path relative to this document's folder, e.g. 'People.navgraph.yaml'")
        }
        switch kind {
        case .fileSystem: return try readFile(path, includedBy: origin, node: node)
        case .snapshot(let label, let read):
            let prefix = label.map { "\($0):" } ?? ""
            let document = origin.hasPrefix(prefix) ? String(origin.dropFirst(prefix.count)) : origin
            let folder = (document as NSString).deletingLastPathComponent
            guard let inside = Self.lexicallyInside(folder: folder, path) else {
                throw node.error("feature file '\(path)' is outside this document's folder",
                                 "keep feature graphs in the including document's folder or below it")
            }
            guard let bytes = read(inside) else {
                guard let label else {
                    throw node.error("feature file '\(path)' is not among the embedded documents (looked for \(inside))",
                                     "generate the code again from the graph document, next to its features")
                }
                throw node.error("feature file '\(path)' is not in \(label) (looked for \(inside))",
                                 "commit the feature document next to the graph that includes it, or compare with a revision that has it")
            }
            return Found(origin: prefix + inside, key: prefix + inside, bytes: bytes)
        }
    }

    /// `folder/path` with `.` and `..` resolved by name, or `nil` when `..` leaves `folder`.
    static func lexicallyInside(folder: String, _ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        guard !parts.isEmpty else { return nil }
        let inner = parts.joined(separator: "/")
        return folder.isEmpty || folder == "." ? inner : "\(folder)/\(inner)"
    }

    private func readFile(_ path: String, includedBy file: String, node: DocumentNode) throws(GraphDocumentError) -> Found {
        guard FileManager.default.fileExists(atPath: file) else {
            throw node.error("this document was not read from a file, so its features cannot be found", "load the document from its file, next to its features")
        }
        let folder = (file as NSString).deletingLastPathComponent
        let origin = folder.isEmpty ? path : "\(folder)/\(path)"
        let base = DocumentReader.resolvedPath(folder.isEmpty ? "." : folder)
        let resolved = DocumentReader.resolvedPath(origin)
        guard resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            throw node.error("feature file '\(path)' is outside this document's folder (it resolves to \(resolved))",
                             "keep feature graphs in the including document's folder or below it")
        }
        // A regular file of at most maxBytes, checked before reading: a pipe or a device
        // named as a feature would hang the load or exhaust memory.
        let attributes = try? FileManager.default.attributesOfItem(atPath: resolved)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw node.error("feature file '\(origin)' is not a regular file", "name a graph document; the path is relative to this document's folder")
        }
        if let size = attributes?[.size] as? Int, size > GraphDocument.maxBytes {
            throw node.error("feature file '\(origin)' is \(size) bytes, over the limit of \(GraphDocument.maxBytes)", "split the feature into several features")
        }
        guard let data = FileManager.default.contents(atPath: resolved) else {
            throw node.error("cannot read feature file '\(origin)'", "check that the file exists and is readable; the path is relative to this document's folder")
        }
        return Found(origin: origin, key: resolved, bytes: Array(data))
    }
}
