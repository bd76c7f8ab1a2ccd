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

    /// A side whose document exists but could not be read: a symbolic link to an absolute
    /// path, out of what the revision holds or round in a loop, or a file larger than a graph
    /// document may be. It is reported as a change, never a reason to stop the whole comparison
    /// (a pull request could otherwise silence its own comment by committing such a link).
    public struct Unreadable: Hashable, Sendable, Codable {
        /// The side: `base` or `head`.
        public let side: String
        /// Why it could not be read, with the remedy.
        public let reason: String

        /// The document on `side` (`base` or `head`) that could not be read, and why.
        public init(side: String, reason: String) {
            self.side = side
            self.reason = reason
        }
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
    /// The sides whose document could not be read (see ``Unreadable``); `nil` when both were.
    public let unreadable: [Unreadable]?

    /// The comparison of the document at `path`; whether it is new or removed follows from
    /// which side of `structure` has a graph.
    /// A side that holds a document it could not read counts as present (see ``unreadable``).
    public init(path: String, structure: GraphDiff, verdicts: VerdictDiff, unreadable: [Unreadable] = []) {
        self.path = path
        self.graph = structure.headName ?? structure.baseName ?? path
        let onBase = structure.baseName != nil || unreadable.contains { $0.side == "base" }
        let onHead = structure.headName != nil || unreadable.contains { $0.side == "head" }
        self.presence = !onBase ? .added : !onHead ? .removed : .both
        self.structure = structure
        self.verdicts = verdicts
        self.unreadable = unreadable.isEmpty ? nil : unreadable
    }

    /// Whether the head's document could not be read.
    public var headUnreadable: Bool { unreadable?.contains { $0.side == "head" } ?? false }

    /// Whether a verdict got worse (``VerdictDiff/worsened``), or the head's document could not
    /// be read while the base's could: as a head with lint errors, a graph no longer verified.
    public var worsened: Bool {
        verdicts.worsened || (headUnreadable && !(unreadable?.contains { $0.side == "base" } ?? false))
    }

    /// Whether the comparison cannot say that nothing got worse: a property is undecided on the
    /// head (``VerdictDiff/undecided``), or neither side's document could be read.
    public var undecided: Bool {
        verdicts.undecided || (headUnreadable && !worsened)
    }

    /// Whether nothing changed: the same declarations and the same verification.
    public var isUnchanged: Bool {
        presence == .both && unreadable == nil && structure.isEmpty && verdicts.isEmpty && structure.baseName == structure.headName
    }
}
