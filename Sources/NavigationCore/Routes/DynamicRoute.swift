/// A route known by name at run time: what a graph document's routes load into.
///
/// A route with parameters carries one sample value per parameter, e.g. `product(id: 2)`;
/// conditions and transitions refer to it by its name alone (`product`).
///
/// Routes are interned: each distinct name and argument list is stored once for the life of the
/// process, and a `DynamicRoute` is its four-byte number. Stacks of them copy without
/// reference counting and compare as integers, which is what makes exploring document graphs
/// fast. Creating a route takes a lock the first time its name and arguments are seen;
/// reading `name` and `arguments` takes none.
public struct DynamicRoute: Route, Codable, Comparable, CustomStringConvertible {
    /// One parameter value.
    public struct Argument: Hashable, Sendable, Codable, Comparable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.name, lhs.value) < (rhs.name, rhs.value) }
    }

    /// The route's number in the process-wide table of routes (see `Interner`): equal
    /// routes have equal numbers, so a route is a four-byte value that copies, compares and
    /// hashes as one integer.
    @usableFromInline let number: UInt32

    /// The route's number in the process-wide table, for this package's explorer, which turns
    /// it into a dense id without hashing.
    @inlinable package var internedNumber: UInt32 { number }

    /// The route's declared name, e.g. `product`.
    public var name: String { routeTable.entry(number).name }
    /// The parameter values, in declaration order.
    public var arguments: [Argument] { routeTable.entry(number).arguments }

    public init(_ name: String, arguments: [Argument] = []) {
        number = routeTable.number(of: RouteEntry(name: name, arguments: arguments))
    }

    private enum CodingKeys: String, CodingKey {
        case name, arguments
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .name), arguments: try container.decode([Argument].self, forKey: .arguments))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let entry = routeTable.entry(number)
        try container.encode(entry.name, forKey: .name)
        try container.encode(entry.arguments, forKey: .arguments)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        guard lhs.number != rhs.number else { return false }
        let (left, right) = (routeTable.entry(lhs.number), routeTable.entry(rhs.number))
        return left.name != right.name ? left.name < right.name : left.arguments.lexicographicallyPrecedes(right.arguments)
    }

    public var description: String {
        let entry = routeTable.entry(number)
        return entry.arguments.isEmpty ? entry.name
            : "\(entry.name)(\(entry.arguments.map { "\($0.name): \($0.value)" }.joined(separator: ", ")))"
    }
}
