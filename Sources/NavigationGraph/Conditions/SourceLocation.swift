/// A 1-based line and column in a text: a graph document or a condition, and the file it is in
/// when that is not the graph's own document.
///
/// A graph composed of features keeps the locations of each feature's declarations, in the
/// feature's file: `file` is that file's path as its including document named it
/// (`Graphs/People.navgraph.yaml`). A location without a file is in the graph's
/// ``NavigationGraph/origin`` (or, for a condition's names, in the condition's text).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// The file the location is in, when it is not the graph's own document (a feature's
    /// document, or the Swift file of a `Feature`); `nil` for the graph's own.
    public let file: String?

    public init(line: Int, column: Int, file: String? = nil) {
        self.line = line
        self.column = column
        self.file = file
    }

    /// Locations in the graph's own document first, then by file, line and column.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file ?? "", lhs.line, lhs.column) < (rhs.file ?? "", rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }

    /// The location `inner` (found inside a text that starts at `self`) has in the outer text,
    /// in `self`'s file. Columns add up on the first line only, as they do for a one-line YAML scalar.
    public func offset(by inner: SourceLocation) -> SourceLocation {
        inner.line == 1
            ? SourceLocation(line: line, column: column + inner.column - 1, file: file)
            : SourceLocation(line: line + inner.line - 1, column: inner.column, file: file)
    }

    /// The same line and column in `file`, unless the location already names a file (a
    /// feature's feature keeps its own).
    public func inFile(_ file: String) -> SourceLocation {
        self.file == nil ? SourceLocation(line: line, column: column, file: file) : self
    }

    /// The path of the file the location is in: its own, or `graphFile` (the graph's document).
    public func path(in graphFile: String?) -> String? { file ?? graphFile }
}
