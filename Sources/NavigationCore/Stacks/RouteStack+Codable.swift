extension RouteStack: Codable where R: Codable {
    /// Encodes the stack as a plain array of routes, root first.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(routes)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode([R].self))
    }
}
