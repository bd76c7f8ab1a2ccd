/// A condition a deep link needs before it can navigate, e.g. a signed-in user.
///
/// ```swift
/// let signedIn = DeepLinkRequirement<ShopRoute>.flag("signedIn")
/// ```
public struct DeepLinkRequirement<R: Route>: Sendable, CustomStringConvertible {
    /// How the requirement reads in diagnostics and in ``PendingDeepLink/requirement``.
    public let name: String
    private let check: @Sendable (NavigationState<R>) -> Bool

    public init(name: String, isSatisfied: @escaping @Sendable (NavigationState<R>) -> Bool) {
        self.name = name
        self.check = isSatisfied
    }

    /// Whether the requirement holds in `state`.
    public func isSatisfied(in state: NavigationState<R>) -> Bool { check(state) }

    public var description: String { name }

    /// Holds when `flag` is set.
    public static func flag(_ flag: FlagName) -> Self {
        Self(name: flag.name) { $0.isSet(flag) }
    }

    /// Holds when every flag in `set` is set and none in `unset` is.
    public static func flags(set: [FlagName], unset: [FlagName] = []) -> Self {
        let words = set.map(\.name) + unset.map { "not \($0.name)" }
        return Self(name: words.joined(separator: " and ")) { state in
            set.allSatisfy(state.isSet) && !unset.contains(where: state.isSet)
        }
    }
}
