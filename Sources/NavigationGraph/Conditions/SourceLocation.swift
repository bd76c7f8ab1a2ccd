/// A 1-based line and column in a text: a graph document or a condition.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }

    /// The location `inner` (found inside a text that starts at `self`) has in the outer text.
    /// Columns add up on the first line only, as they do for a one-line YAML scalar.
    public func offset(by inner: SourceLocation) -> SourceLocation {
        inner.line == 1
            ? SourceLocation(line: line, column: column + inner.column - 1)
            : SourceLocation(line: line + inner.line - 1, column: inner.column)
    }
}
