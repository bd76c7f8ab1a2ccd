/// A graph document that cannot be loaded: where, what, and how to fix it.
public struct GraphDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document's path as given, or `<input>`.
    public let file: String
    /// Where in the document. `nil` only for a problem with the document as a whole, which no
    /// line points at: more than ``GraphDocument/maxBytes`` bytes, or empty (nothing but
    /// whitespace and comments). Every other error has a line and column; the document fuzzer
    /// (`make fuzz`) checks this.
    public let location: SourceLocation?
    public let message: String
    public let remedy: String

    public init(file: String, location: SourceLocation?, message: String, remedy: String) {
        self.file = file
        self.location = location
        self.message = message
        self.remedy = remedy
    }

    /// `file:line:column: error: message; remedy`, the form editors and CI logs link.
    public var description: String {
        "\(file):\(location.map { "\($0.line):\($0.column)" } ?? "1:1"): error: \(message); \(remedy)"
    }
}
