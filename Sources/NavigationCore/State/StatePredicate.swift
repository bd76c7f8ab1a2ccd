/// A test of a navigation state that also reads as text: an event's precondition
/// (``AppEvent/Precondition``) or when a tab is shown (``TabBarRules/Condition``).
///
/// ```swift
/// let signedIn = StatePredicate<AppRoute>("signedIn") { $0.isSet("signedIn") }
/// signedIn.holds(state)   // the test
/// "\(signedIn)"           // "signedIn", for messages and reports
/// ```
public struct StatePredicate<R: Route>: Sendable, CustomStringConvertible {
    /// How it reads, e.g. `signedIn`.
    public let text: String
    /// Whether it holds in a state.
    public let holds: @Sendable (NavigationState<R>) -> Bool

    /// A predicate that reads as `text` and holds where `holds` says.
    public init(_ text: String, _ holds: @escaping @Sendable (NavigationState<R>) -> Bool) {
        self.text = text
        self.holds = holds
    }

    public var description: String { text }
}
