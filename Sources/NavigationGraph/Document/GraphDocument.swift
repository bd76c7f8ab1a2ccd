import NavigationCore
import Yams

/// The document front door: `Graphs/<Name>.navgraph.yaml` (or JSON) into a ``NavigationGraph``
/// of ``DynamicRoute``s.
///
/// Loading is strict: unknown keys, wrong types, a missing or future `navgraph` version,
/// duplicate names, names no one can read or tell apart (see `DeclaredNames`), more than one
/// YAML document and conditions that do not parse are errors with file, line, column and a
/// remedy. Limits: a document of at most ``maxBytes`` bytes, expanding (anchors and aliases
/// included) to at most ``maxNodes`` nodes, with at most ``maxSamplesPerRoute`` sample routes per
/// parameterised route.
public enum GraphDocument {
    /// The format version this library reads and writes.
    public static let version = 1
    /// The largest document accepted, in bytes.
    public static let maxBytes = 1_048_576
    /// The most YAML nodes a document may expand to.
    public static let maxNodes = 200_000
    /// The most concrete routes one parameterised route may stand for.
    public static let maxSamplesPerRoute = 64

    /// Loads a graph document.
    ///
    /// - Parameters:
    ///   - text: The YAML or JSON text.
    ///   - origin: The path shown in errors and kept as the graph's ``NavigationGraph/origin``.
    /// - Throws: ``GraphDocumentError`` for the first problem found.
    public static func load(_ text: String, origin: String = "<input>") throws(GraphDocumentError) -> NavigationGraph<DynamicRoute> {
        guard text.utf8.count <= maxBytes else {
            throw GraphDocumentError(file: origin, location: nil, message: "the document is \(text.utf8.count) bytes, over the limit of \(maxBytes)",
                                     remedy: "split the app into several graphs")
        }
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
        return try DocumentReader(file: origin).read(DocumentNode(node: root, path: "", file: origin, budget: .init(maxNodes)))
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
