/// Why a graph written in Swift could not be built: a condition that does not parse, or a
/// declaration that contradicts another. The location is the Swift call site of the
/// declaration (`#fileID`, `#line`, `#column`), as lint findings give it.
public struct GraphBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public let remedy: String
    /// The `#fileID` of the declaration.
    public let file: String
    public let line: Int
    /// The column of the declaration's call (its opening parenthesis), 1-based.
    public let column: Int

    public init(message: String, remedy: String, file: String, line: Int, column: Int = 1) {
        self.message = message
        self.remedy = remedy
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column: error: message; remedy`, the form compilers and `navgraph lint` print.
    public var description: String { "\(file):\(line):\(column): error: \(message); \(remedy)" }
}
