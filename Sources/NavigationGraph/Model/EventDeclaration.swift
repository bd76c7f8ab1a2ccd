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
    /// The route value each ``navigation`` step brings in, at the step's position, where one
    /// was written (a Swift graph's `.push(.account(handle: "alice"))` brings in that account);
    /// `nil`, or no entry, for a step that names its route without a value, which brings in the
    /// route's first sample. Read it with ``NavigationGraph/destination(ofStep:in:)``.
    public let navigationValues: [R?]
    public let location: SourceLocation?

    public init(name: String, precondition: GraphCondition<R>? = nil, flagChanges: [(flag: FlagName, value: Bool)] = [],
                navigation: [Navigation] = [], navigationValues: [R?] = [], location: SourceLocation? = nil) {
        self.name = name
        self.precondition = precondition
        self.flagChanges = flagChanges
        self.navigation = navigation
        self.navigationValues = navigationValues
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
    /// Puts the named tabs (every tab for `nil`) back to their roots and dismisses their own
    /// modals, keeping the selection: a document's `resetTabs` and `{ resetTabs: [a, b] }`.
    case resetTabs([TabID]?)
}
