/// Why a graph written in Swift could not be built: a condition that does not parse, or a
/// declaration that contradicts another. The location is the Swift line of the declaration.
public struct GraphBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public let remedy: String
    /// The `#fileID` of the declaration.
    public let file: String
    public let line: Int

    public init(message: String, remedy: String, file: String, line: Int) {
        self.message = message
        self.remedy = remedy
        self.file = file
        self.line = line
    }

    /// `file:line: error: message; remedy`.
    public var description: String { "\(file):\(line): error: \(message); \(remedy)" }
}
