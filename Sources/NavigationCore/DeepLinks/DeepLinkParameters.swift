/// The values a pattern captured from a URL, by parameter name (`*` for a wildcard's rest).
public struct DeepLinkParameters: Hashable, Sendable {
    /// Every captured value by name.
    public let values: [String: String]

    public init(_ values: [String: String]) {
        self.values = values
    }

    /// The captured value of `name`, if any.
    public subscript(name: String) -> String? { values[name] }

    /// The value of `name`, which must be present.
    ///
    /// - Throws: ``DeepLinkRejection/invalidParameter(name:value:reason:)`` when it is missing.
    public func string(_ name: String) throws(DeepLinkRejection) -> String {
        guard let value = values[name] else { throw .invalidParameter(name: name, value: "", reason: "it is missing") }
        return value
    }

    /// The value of `name` as an integer.
    ///
    /// - Throws: ``DeepLinkRejection/invalidParameter(name:value:reason:)`` when it is missing
    ///   or not a decimal integer.
    public func int(_ name: String) throws(DeepLinkRejection) -> Int {
        let text = try string(name)
        guard let value = Int(text) else { throw .invalidParameter(name: name, value: text, reason: "it is not a whole number") }
        return value
    }
}
