import NavigationCore
import Yams

/// The document front door: `Graphs/<Name>.navgraph.yaml` (or JSON) into a ``NavigationGraph``
/// of `DynamicRoute`s.
///
/// Loading is strict: unknown keys, wrong types, a missing or future `navgraph` version,
/// duplicate names, names no one can read or tell apart (see `DeclaredNames`), more than one
/// YAML document and conditions that do not parse are errors with file, line, column and a
/// remedy. Limits: a document of at most ``maxBytes`` bytes, expanding (anchors and aliases
/// included) to at most ``maxNodes`` nodes, with at most ``maxSamplesPerRoute`` sample routes per
/// parameterised route; through `features:`, at most ``maxIncludeDepth`` levels of features
/// within features, ``maxIncludedDocuments`` feature documents and ``maxIncludedBytes`` bytes
/// read in all (each inclusion counted), and ``maxComposedRoutes`` routes in a graph composed
/// with its features.
public enum GraphDocument {
    /// The format version this library reads and writes.
    public static let version = 1
    /// The largest document accepted, in bytes.
    public static let maxBytes = 1_048_576
    /// The longest graph name, in UTF-8 bytes: reports are written to a folder named after the
    /// graph, and file systems allow 255 bytes in a name (with room for the temporaries written
    /// beside it).
    public static let maxNameBytes = 200
    /// The most YAML nodes a document may expand to.
    public static let maxNodes = 200_000
    /// The most concrete routes one parameterised route may stand for.
    public static let maxSamplesPerRoute = 64
    /// The most levels of features within features (an app including a feature is one level):
    /// apps nest two or three; a chain deeper than this is generated, not written.
    public static let maxIncludeDepth = 16
    /// The most feature documents one load reads, each inclusion counted (a feature included by
    /// two features is read twice): ten times the features of a large app.
    public static let maxIncludedDocuments = 256
    /// The most bytes of feature documents one load reads, each inclusion counted: eight
    /// documents of the largest size accepted.
    public static let maxIncludedBytes = 8 * maxBytes
    /// The most routes a graph composed with its features may have: twice the 10,000-route
    /// chain the benchmarks verify.
    public static let maxComposedRoutes = 20_000
    /// The most problems one load reports (``GraphDocumentError/more``); past it, a count.
    public static let maxReportedErrors = 20

    /// Loads a graph document from a file's bytes, which must be UTF-8 text.
    ///
    /// ```swift
    /// let graph = try GraphDocument.load(bytes: Array(data), origin: "Graphs/Shop.navgraph.yaml")
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - origin: The path shown in errors and kept as the graph's ``NavigationGraph/origin``.
    ///   - features: Where the documents under `features:` are read from: next to `origin` on
    ///     disk, or from a snapshot such as a git revision (``FeatureSource/snapshot(label:read:)``).
    /// - Throws: ``GraphDocumentError``: bytes that are not UTF-8 at their line and column, then
    ///   what ``GraphDocument/load(_:origin:features:)`` throws.
    public static func load(bytes: [UInt8], origin: String = "<input>", features: FeatureSource = .fileSystem) throws(GraphDocumentError) -> NavigationGraph<DynamicRoute> {
        try loadDocument(bytes: bytes, origin: origin, chain: [], features: features).graph
    }

    /// ``load(bytes:origin:)`` with the entries and exits of the document, for a document that
    /// includes it as a feature; `chain` holds the resolved paths of the including documents.
    static func loadDocument(bytes: [UInt8], origin: String, chain: [String], features: FeatureSource = .fileSystem,
                             includes: IncludeBudget = IncludeBudget()) throws(GraphDocumentError) -> LoadedDocument {
        guard bytes.count <= maxBytes else {
            throw GraphDocumentError(file: origin, location: nil, message: "the document is \(bytes.count) bytes, over the limit of \(maxBytes)",
                                     remedy: "split the app into several graphs")
        }
        if let (location, byte) = firstInvalidUTF8(bytes) {
            throw GraphDocumentError(file: origin, location: location, message: "the document is not UTF-8 text: byte 0x\(String(byte, radix: 16, uppercase: true)) here does not belong",
                                     remedy: "save the file as UTF-8")
        }
        return try loadDocument(String(decoding: bytes, as: UTF8.self), origin: origin, chain: chain, features: features, includes: includes)
    }

    /// Where the first byte that is not part of valid UTF-8 is (line and column counted in
    /// characters before it), and that byte.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> (SourceLocation, UInt8)? {
        var line = 1
        var column = 1
        var offset = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return (SourceLocation(line: line, column: column), bytes[min(offset, bytes.count - 1)])
            }
        }
    }

    /// Loads a graph document.
    ///
    /// - Parameters:
    ///   - text: The YAML or JSON text.
    ///   - origin: The path shown in errors and kept as the graph's ``NavigationGraph/origin``.
    ///   - features: Where the documents under `features:` are read from (see ``FeatureSource``).
    /// - Throws: ``GraphDocumentError`` for the first problem found.
    public static func load(_ text: String, origin: String = "<input>", features: FeatureSource = .fileSystem) throws(GraphDocumentError) -> NavigationGraph<DynamicRoute> {
        try loadDocument(text, origin: origin, chain: [], features: features).graph
    }

    static func loadDocument(_ text: String, origin: String, chain: [String], features: FeatureSource = .fileSystem,
                             includes: IncludeBudget = IncludeBudget()) throws(GraphDocumentError) -> LoadedDocument {
        guard text.utf8.count <= maxBytes else {
            throw GraphDocumentError(file: origin, location: nil, message: "the document is \(text.utf8.count) bytes, over the limit of \(maxBytes)",
                                     remedy: "split the app into several graphs")
        }
        try DocumentPreflight.check(text, file: origin)
        let root: Node
        do {
            let parser = try Parser(yaml: text)
            guard let composed = try parser.nextRoot() else {
                throw GraphDocumentError(file: origin, location: nil, message: "the document is empty", remedy: "start with 'navgraph: 1'")
            }
            // A YAML stream may hold several documents ('---' starts the next); a graph is one.
            var more: [Node] = []
            while let next = try parser.nextRoot() { more.append(next) }
            if let second = more.first {
                throw GraphDocumentError(file: origin, location: second.mark.map { SourceLocation(line: $0.line, column: $0.column) },
                                         message: "the file has \(more.count + 1) YAML documents (each '---' line starts one); a graph document is one, and the second starts here",
                                         remedy: "keep one graph in the file: remove the '---' line before this point and what follows, or move each graph to a file of its own")
            }
            root = composed
        } catch let error as GraphDocumentError {
            throw error
        } catch let error as YamlError {
            throw yamlError(error, file: origin)
        } catch {
            throw GraphDocumentError(file: origin, location: nil, message: "the document does not parse: \(error)", remedy: "check its YAML syntax")
        }
        return try DocumentReader(file: origin, featureChain: chain, features: features, includes: includes).readDocument(DocumentNode(node: root, path: "", file: origin, budget: .init(maxNodes)))
    }

    /// The line and column (in Unicode scalars, as libyaml counts them) of the character at
    /// `offset` in `text`.
    private static func location(ofCharacter offset: Int, in text: String) -> SourceLocation {
        var line = 1
        var column = 1
        for character in text.prefix(offset) {
            if character.isNewline { line += 1; column = 1 } else { column += character.unicodeScalars.count }
        }
        return SourceLocation(line: line, column: column)
    }

    private static func yamlError(_ error: YamlError, file: String) -> GraphDocumentError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return GraphDocumentError(file: file, location: SourceLocation(line: mark.line, column: mark.column),
                                      message: "malformed YAML or JSON: \(detail)", remedy: "fix the syntax at this point")
        case .composer(let context, let problem, let mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            let aboutAliases = detail.contains("alias") || detail.contains("anchor")
            return GraphDocumentError(file: file, location: SourceLocation(line: mark.line, column: mark.column),
                                      message: "malformed YAML: \(detail)",
                                      remedy: aboutAliases ? "define each anchor before its aliases" : "fix the YAML at this point")
        case .reader(let problem, let offset, let value, let yaml):
            // libyaml's reader refuses characters YAML does not allow (most control characters,
            // U+FFFE, U+FFFF); Yams gives their offset in characters.
            let character = value >= 0 ? " (U+\(String(UInt32(value), radix: 16, uppercase: true).leftPadded(to: 4)))" : ""
            return GraphDocumentError(file: file, location: offset.map { location(ofCharacter: $0, in: yaml) },
                                      message: "malformed YAML or JSON: \(problem)\(character)", remedy: "remove the character, or write it as an escape in double quotes")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return GraphDocumentError(file: file, location: SourceLocation(line: context.mark.line, column: context.mark.column),
                                      message: "the mapping here repeats key\(duplicates.count == 1 ? "" : "s") \(keys)",
                                      remedy: "keep one entry per key (route names must be unique)")
        default:
            return GraphDocumentError(file: file, location: nil, message: "malformed YAML or JSON: \(error)", remedy: "check the syntax")
        }
    }
}
