/// How an owner presents a route it is asked for.
public enum OwnershipStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// Pushed onto the owner's stack, above the owner.
    case push
    /// Presented as a sheet (the user can swipe it away).
    case sheet
    /// Presented as a full-screen cover.
    case cover
}
