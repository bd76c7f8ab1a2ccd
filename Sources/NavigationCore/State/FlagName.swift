/// The name of a boolean app flag, e.g. `"signedIn"`.
///
/// Flags are part of ``NavigationState``: a flag that is set is in ``NavigationState/flags``,
/// a flag that is not set is absent.
public struct FlagName: Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The flag's name as declared.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    public static func < (lhs: FlagName, rhs: FlagName) -> Bool { lhs.name < rhs.name }
    public var description: String { name }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public init(from decoder: any Decoder) throws {
        self.name = try decoder.singleValueContainer().decode(String.self)
    }
}
