import NavigationGraph

/// Why Swift could not be generated from a graph document: where, what, and how to fix it.
public struct CodegenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document's path as given.
    public let file: String
    /// Where in the document, when known.
    public let location: SourceLocation?
    public let message: String
    public let remedy: String

    public init(file: String, location: SourceLocation?, message: String, remedy: String) {
        self.file = file
        self.location = location
        self.message = message
        self.remedy = remedy
    }

    /// `file:line:column: error: message; remedy`, the form editors and CI logs link. Several
    /// problems (lint errors) are one line each.
    public var description: String {
        "\(file):\(location.map { "\($0.line):\($0.column)" } ?? "1:1"): error: \(message); \(remedy)"
    }
}
