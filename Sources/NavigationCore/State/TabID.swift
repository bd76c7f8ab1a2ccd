/// The name of a tab, e.g. `"feed"` or `"profile"`.
///
/// Interned like ``FlagName``: a four-byte number in a process-wide table of names, so copying a
/// state's tabs costs no reference counting for their names.
public struct TabID: Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    private let number: UInt32

    /// The tab's name as declared.
    public var name: String { nameTable.entry(number) }

    public init(_ name: String) { number = nameTable.number(of: name) }
    public init(stringLiteral value: String) { self.init(value) }

    /// The single tab of an app without a tab bar.
    public static let main: TabID = "main"

    public static func < (lhs: TabID, rhs: TabID) -> Bool { lhs.number != rhs.number && lhs.name < rhs.name }
    public var description: String { name }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }
}
