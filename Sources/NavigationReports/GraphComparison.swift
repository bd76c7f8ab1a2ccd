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
        /// Only on the head: a new graph.
        case added
        /// Only on the base: a removed graph.
        case removed
        /// On both sides.
        case both
    }

    /// The document's path (as given, or relative to the folder compared).
    public let path: String
    /// The graph's name on the head, or on the base when it was removed.
    public let graph: String
    /// Whether it is new, removed, or on both sides.
    public let presence: Presence
    /// What its declarations changed.
    public let structure: GraphDiff
    /// How its verification changed.
    public let verdicts: VerdictDiff

    /// The comparison of the document at `path`; whether it is new or removed follows from
    /// which side of `structure` has a graph.
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
