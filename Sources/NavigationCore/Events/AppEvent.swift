/// Something that happens in the app outside navigation, e.g. signing in or out: it may need a
/// precondition, and then runs its steps (flag changes, navigation) through the middleware.
///
/// A graph's declared events become `AppEvent`s (`graph.makeEvents()` in NavigationGraph), and
/// the explorer fires those very values, so the logout the app runs is the logout that was
/// verified. An app may also write its own:
///
/// ```swift
/// let logout = AppEvent<ShopRoute>(
///     name: "logout",
///     precondition: .init("signedIn") { $0.isSet("signedIn") },
///     steps: [.command(.setFlag("signedIn", false)), .command(.dismissAll), .command(.popToRoot)])
/// store.fire(logout)
/// ```
///
/// Firing is like a batch: every step runs through the middleware on its own, in order, and a
/// step that fails or is cancelled does not stop the others or undo the ones before it.
public struct AppEvent<R: Route>: Sendable, CustomStringConvertible {
    /// When an event may happen: a readable text and the test itself.
    public typealias Precondition = StatePredicate<R>

    /// One step of an event: the command it runs, made from the state the step meets (a
    /// replace depends on the stack that earlier steps left).
    public struct Step: Sendable, CustomStringConvertible {
        /// How the step reads, e.g. `popToRoot` or `replace top with home`.
        public let text: String
        /// The command the step runs in `state`.
        public let command: @Sendable (_ state: NavigationState<R>) -> NavigationCommand<R>

        /// A step whose command depends on the state it meets.
        public init(_ text: String, command: @escaping @Sendable (NavigationState<R>) -> NavigationCommand<R>) {
            self.text = text
            self.command = command
        }

        /// A step that always runs `command`.
        public static func command(_ command: NavigationCommand<R>) -> Step {
            Step(command.description) { _ in command }
        }

        public var description: String { text }
    }

    /// The event's name, as `fire(named:)` and the explorer's traces spell it.
    public let name: String
    /// When the event may happen; `nil` for always.
    public let precondition: Precondition?
    /// What the event does, in order.
    public let steps: [Step]

    /// An event called `name` that, where `precondition` holds (always when `nil`), runs `steps` in order.
    public init(name: String, precondition: Precondition? = nil, steps: [Step]) {
        self.name = name
        self.precondition = precondition
        self.steps = steps
    }

    /// Whether the event may happen in `state`.
    public func isEnabled(in state: NavigationState<R>) -> Bool {
        precondition?.holds(state) ?? true
    }

    public var description: String { name }
}
