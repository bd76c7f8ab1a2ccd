/// A trace file that cannot be read: bad JSON, a line that is not a step of the format, a line
/// too long. Says where (line and column, 1-based) and how to fix it.
public struct TraceInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, 1-based.
    public let line: Int
    /// The column (in bytes, 1-based) when the problem is at one place in the line.
    public let column: Int?
    /// What is wrong and how to fix it.
    public let message: String

    /// An error at `line` (and `column`).
    ///
    /// - Parameters:
    ///   - line: The line, 1-based.
    ///   - column: The column, 1-based, if known.
    ///   - message: What is wrong and how to fix it.
    public init(line: Int, column: Int? = nil, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `12:7: message`, or `12: message`.
    public var description: String {
        "\(line)\(column.map { ":\($0)" } ?? ""): \(message)"
    }
}
