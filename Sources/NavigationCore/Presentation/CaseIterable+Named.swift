extension CaseIterable where Self: RawRepresentable, Self.RawValue == String {
    /// The case whose name is `name`: how the styles whose cases carry values (``Presentation``,
    /// ``OwnershipStyle``) read their document names back without a list of their own.
    package static func named(_ name: String) -> Self? {
        allCases.first { $0.rawValue == name }
    }
}
