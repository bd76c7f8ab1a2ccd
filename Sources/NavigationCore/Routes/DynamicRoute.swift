/// A route known by name at run time: what a graph document's routes load into.
///
/// A route with parameters carries one sample value per parameter, e.g. `product(id: 2)`;
/// conditions and transitions refer to it by its name alone (`product`).
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

    /// The route's declared name, e.g. `product`.
    public let name: String
    /// The parameter values, in declaration order.
    public let arguments: [Argument]

    public init(_ name: String, arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.name != rhs.name ? lhs.name < rhs.name : lhs.arguments.lexicographicallyPrecedes(rhs.arguments)
    }

    public var description: String {
        arguments.isEmpty ? name : "\(name)(\(arguments.map { "\($0.name): \($0.value)" }.joined(separator: ", ")))"
    }
}
