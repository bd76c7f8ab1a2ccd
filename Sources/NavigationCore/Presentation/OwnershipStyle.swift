/// How an owner presents a route it is asked for: pushed onto the owner's stack, or presented
/// as a modal layer of some ``ModalStyle`` (a replace has no meaning for a route that is not
/// shown yet).
///
/// The document names (`push`, `sheet`, `cover`) and `allCases` derive from ``ModalStyle``.
///
/// ```swift
/// RouteOwnership<AppRoute>.Declaration(route: "login", owners: [.app], style: .modal(.cover))
/// ```
public enum OwnershipStyle: Hashable, Sendable {
    /// Pushed onto the owner's stack, above the owner.
    case push
    /// Presented as a new modal layer in the given style.
    case modal(ModalStyle)

    /// Presented as a sheet (the user can swipe it away): `.modal(.sheet)`.
    public static var sheet: OwnershipStyle { .modal(.sheet) }
    /// Presented as a full-screen cover: `.modal(.cover)`.
    public static var cover: OwnershipStyle { .modal(.cover) }

    /// How the route is shown once its owner presents it.
    public var presentation: Presentation {
        switch self {
        case .push: .push
        case .modal(let style): .modal(style)
        }
    }
}

extension OwnershipStyle: CaseIterable {
    /// Push, then each modal style in its order.
    public static var allCases: [OwnershipStyle] {
        [.push] + ModalStyle.allCases.map(OwnershipStyle.modal)
    }
}

extension OwnershipStyle: RawRepresentable, Codable {
    /// The name a graph document writes: `push`, or the modal style's name.
    public var rawValue: String { presentation.rawValue }

    /// The style a document names `rawValue`, or `nil` for an unknown name.
    public init?(rawValue: String) {
        guard let named = Self.named(rawValue) else { return nil }
        self = named
    }
}
