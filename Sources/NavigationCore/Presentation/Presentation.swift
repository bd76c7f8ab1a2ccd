/// How a route is shown: pushed onto the active stack, replacing the active stack's top, or
/// presented as a modal layer of some ``ModalStyle``.
///
/// A transition, an event step, a guard's redirect and an owner's declaration each show their
/// route in one of these (a request resolves to one through its owner). The names a document
/// writes (``rawValue``: `push`, `sheet`, `cover`, `replace`) and the order of `allCases` derive
/// from ``ModalStyle``, so a new modal style is a new presentation without a change here.
///
/// ```swift
/// let command = Presentation.modal(.sheet).command(showing: ShopRoute.cart, in: state)   // present(cart, sheet)
/// ```
public enum Presentation: Hashable, Sendable {
    /// Pushed onto the active stack.
    case push
    /// Replacing the active stack's top with the route.
    case replace
    /// Presented as a new modal layer in the given style.
    case modal(ModalStyle)
}

extension Presentation: CaseIterable {
    /// Push, then each modal style in its order, then replace: the order documents and the
    /// JSON Schema list them in.
    public static var allCases: [Presentation] {
        [.push] + ModalStyle.allCases.map(Presentation.modal) + [.replace]
    }
}

extension Presentation: RawRepresentable, Codable {
    /// The name a graph document writes: `push`, `replace`, or the modal style's name.
    public var rawValue: String {
        switch self {
        case .push: "push"
        case .replace: "replace"
        case .modal(let style): style.documentName
        }
    }

    /// The presentation a document names `rawValue`, or `nil` for an unknown name.
    public init?(rawValue: String) {
        guard let named = Self.named(rawValue) else { return nil }
        self = named
    }
}

extension Presentation {
    /// The modal style, or `nil` for a push or a replace.
    @inlinable
    public var modalStyle: ModalStyle? {
        if case .modal(let style) = self { style } else { nil }
    }

    /// The command that shows `route` this way in any state, or `nil` for a replace, whose
    /// command depends on the active stack (see ``command(showing:in:)``).
    public func command<R: Route>(showing route: R) -> NavigationCommand<R>? {
        switch self {
        case .push: .push(route)
        case .replace: nil
        case .modal(let style): .present(route, style: style)
        }
    }

    /// The single command that shows `route` this way from `state`. A replace swaps the visible
    /// route in one step, so a guard sees (and can refuse) it whole.
    public func command<R: Route>(showing route: R, in state: NavigationState<R>) -> NavigationCommand<R> {
        command(showing: route) ?? .replace(state.activeStack.routes.dropLast() + [route])
    }
}
