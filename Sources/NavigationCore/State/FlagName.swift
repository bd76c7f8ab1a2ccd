/// The name of a boolean app flag, e.g. `"signedIn"`.
///
/// Flags are part of ``NavigationState``: a flag that is set is in ``NavigationState/flags`` (a ``FlagSet``),
/// a flag that is not set is absent.
///
/// Flag names are interned like ``DynamicRoute``s: a `FlagName` is the four-byte number of its
/// name in a process-wide table, so a set of flags hashes and compares integers. Making a flag
/// name takes a lock the first time its text is seen; reading ``name`` takes none.
public struct FlagName: Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name's number in the process-wide table (``FlagSet`` keeps flags as bits by it).
    @usableFromInline let number: UInt32

    /// The name's number, for this package's explorer, which turns it into a dense id without
    /// hashing.
    @inlinable package var internedNumber: UInt32 { number }

    /// The flag's name as declared.
    public var name: String { nameTable.entry(number) }

    public init(_ name: String) { number = nameTable.number(of: name) }

    /// The flag whose name has `number`, which the name table handed out.
    init(number: UInt32) { self.number = number }
    public init(stringLiteral value: String) { self.init(value) }

    public static func < (lhs: FlagName, rhs: FlagName) -> Bool { lhs.number != rhs.number && lhs.name < rhs.name }
    public var description: String { name }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }
}
