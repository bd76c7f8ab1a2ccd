import NavigationCore

/// Something that happens in the app outside navigation, e.g. signing in: it may need a
/// precondition, changes flags, and may navigate.
public struct EventDeclaration<R: Route>: Sendable {
    /// A navigation an event performs after changing its flags.
    public typealias Navigation = EventNavigationStep

    public let name: String
    /// When the event can happen; `nil` for always.
    public let precondition: GraphCondition<R>?
    /// The flags it sets (`true`) or clears (`false`), in order.
    public let flagChanges: [(flag: FlagName, value: Bool)]
    /// What it does to navigation afterwards, in order.
    public let navigation: [Navigation]
    public let location: SourceLocation?

    public init(name: String, precondition: GraphCondition<R>? = nil, flagChanges: [(flag: FlagName, value: Bool)] = [],
                navigation: [Navigation] = [], location: SourceLocation? = nil) {
        self.name = name
        self.precondition = precondition
        self.flagChanges = flagChanges
        self.navigation = navigation
        self.location = location
    }
}

/// A navigation an event performs after changing its flags, naming routes and tabs.
public enum EventNavigationStep: Hashable, Sendable {
    case back
    case dismiss
    case dismissAll
    case popToRoot
    case go(String, style: TransitionStyle)
    case selectTab(TabID)
}
