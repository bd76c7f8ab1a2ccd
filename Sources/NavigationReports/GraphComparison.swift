import NavigationGraph

/// One graph document compared between two versions: what its declarations changed
/// (`GraphDiff`, in NavigationGraph) and how its verification changed (``VerdictDiff``). What `navgraph diff`
/// prints, one per document, and writes as JSON.
///
/// ```swift
/// let comparison = GraphComparison(path: "Graphs/Shop.navgraph.yaml",
///                                  structure: GraphDiff(base: old, head: new),
///                                  verdicts: VerdictDiff(base: oldReport, head: newReport))
/// print(DiffWriter.lines([comparison]).joined(separator: "\n"))
/// ```
public struct GraphComparison: Hashable, Sendable, Codable {
    /// Whether the document is new, gone, or on both sides.
    public enum Presence: String, Hashable, Sendable, Codable {
        case added, removed, both
    }

    /// The document's path (as given, or relative to the folder compared).
    public let path: String
    /// The graph's name on the head, or on the base when it was removed.
    public let graph: String
    public let presence: Presence
    public let structure: GraphDiff
    public let verdicts: VerdictDiff

    public init(path: String, structure: GraphDiff, verdicts: VerdictDiff) {
        self.path = path
        self.graph = structure.headName ?? structure.baseName ?? path
        self.presence = structure.baseName == nil ? .added : structure.headName == nil ? .removed : .both
        self.structure = structure
        self.verdicts = verdicts
    }

    /// Whether nothing changed: the same declarations and the same verification.
    public var isUnchanged: Bool {
        presence == .both && structure.isEmpty && verdicts.isEmpty && structure.baseName == structure.headName
    }
}
