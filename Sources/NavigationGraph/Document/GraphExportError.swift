/// Why a graph could not be written as a document: something in it exists only in Swift.
public struct GraphExportError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public let remedy: String

    public var description: String { "error: \(message); \(remedy)" }
}
