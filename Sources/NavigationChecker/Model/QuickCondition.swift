import NavigationCore
import NavigationGraph

/// A condition the model tests for every state (a transition's guard, an event's
/// precondition), with the declarative shapes most graphs use tested directly: no closure
/// call, so nothing is retained or released. Anything else runs the compiled closure.
enum QuickCondition<R: Route>: Sendable {
    /// No condition, or the constant `true`.
    case always
    case never
    /// The flag is set (`expected` true) or not set (`expected` false).
    case flag(FlagName, expected: Bool)
    case general(@Sendable (NavigationState<R>) -> Bool)

    init(_ condition: GraphCondition<R>?, routeName: @escaping @Sendable (R) -> String) {
        guard let condition else { self = .always; return }
        switch condition.expression {
        case .constant(let value)?: self = value ? .always : .never
        case .flag(let name)?: self = .flag(FlagName(name.text), expected: true)
        case .not(.flag(let name))?: self = .flag(FlagName(name.text), expected: false)
        default: self = .general(condition.compile(routeName: routeName))
        }
    }

    /// Whether the condition reads nothing of a state but its flags.
    var readsOnlyFlags: Bool {
        if case .general = self { return false }
        return true
    }

    /// Whether the condition holds in `state`.
    func holds(in state: NavigationState<R>) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .flag(let flag, let expected): state.flags.contains(flag) == expected
        case .general(let test): test(state)
        }
    }
}
