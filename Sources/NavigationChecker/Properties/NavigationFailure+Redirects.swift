import NavigationCore

extension NavigationFailure {
    /// Whether the failure is guard redirects that never settle, what the "guard redirects"
    /// property looks for. Exhaustive: a new kind of failure must say whether it is one.
    package var isRedirectProblem: Bool {
        switch self {
        case .redirectLoop, .redirectLimitExceeded: true
        case .emptyStack, .invalidPopCount, .insufficientDepth, .routeNotFound, .validatorRejected, .noModalPresented,
             .modalNotNavigable, .modalDepthExceeded, .unknownTab, .tabHidden, .tabBarCovered: false
        }
    }
}
