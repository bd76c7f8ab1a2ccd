/// The name of a tab, e.g. `"feed"` or `"profile"`.
public struct TabID: Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The tab's name as declared.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    /// The single tab of an app without a tab bar.
    public static let main: TabID = "main"

    public static func < (lhs: TabID, rhs: TabID) -> Bool { lhs.name < rhs.name }
    public var description: String { name }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public init(from decoder: any Decoder) throws {
        self.name = try decoder.singleValueContainer().decode(String.self)
    }
}
