/// One presented modal: its style and, when it provides navigation, its own stack.
///
/// The stack's root is the presented route. A layer whose `providesNavigation` is `false`
/// shows a single screen: pushing inside it fails with ``NavigationFailure/modalNotNavigable``.
public struct ModalLayer<R: Route>: Hashable, Sendable {
    /// Sheet or cover.
    public let style: ModalStyle
    /// Whether routes can be pushed inside the modal.
    public let providesNavigation: Bool
    /// The modal's routes; the presented route is the root.
    public internal(set) var stack: RouteStack<R>

    public init(style: ModalStyle, providesNavigation: Bool = true, stack: RouteStack<R>) {
        self.style = style
        self.providesNavigation = providesNavigation
        self.stack = stack
    }
}

extension ModalLayer: Codable where R: Codable {}
