extension Condition {
    /// Whether the condition says `tab hidden` somewhere.
    public var readsSelectedTabHidden: Bool {
        switch self {
        case .selectedTabHidden: true
        case .not(let inner): inner.readsSelectedTabHidden
        case .and(let a, let b), .or(let a, let b), .implies(let a, let b): a.readsSelectedTabHidden || b.readsSelectedTabHidden
        case .constant, .flag, .isNamed, .noModal, .stackContains, .tabStackContains, .modalsContain, .compare: false
        }
    }

    /// The condition with `tab hidden` replaced by what it means for a tab bar whose tabs are
    /// shown under `shownWhen` (a tab absent from it is always shown): for each such tab `t`
    /// with condition `c`, `tab == t and not c`, joined by `or`; `false` when every tab is
    /// always shown. The engines then read only the selected tab and the tabs' conditions, as
    /// `TabBarRules.selectedTabIsHidden(in:)` does, so the atom means the same to both.
    ///
    /// - Parameter shownWhen: Each tab shown under a condition, in declaration order, with
    ///   that condition (which must not say `tab hidden` itself: the front doors refuse it).
    public func expandingSelectedTabHidden(_ shownWhen: [(tab: String, condition: Condition)]) -> Condition {
        switch self {
        case .selectedTabHidden:
            let anywhere = SourceLocation(line: 1, column: 1)
            let hidden = shownWhen.map { Condition.and(.isNamed(.tab, Name(text: $0.tab, location: anywhere), equal: true), .not($0.condition)) }
            return hidden.dropFirst().reduce(hidden.first ?? .constant(false)) { .or($0, $1) }
        case .not(let inner): return .not(inner.expandingSelectedTabHidden(shownWhen))
        case .and(let a, let b): return .and(a.expandingSelectedTabHidden(shownWhen), b.expandingSelectedTabHidden(shownWhen))
        case .or(let a, let b): return .or(a.expandingSelectedTabHidden(shownWhen), b.expandingSelectedTabHidden(shownWhen))
        case .implies(let a, let b): return .implies(a.expandingSelectedTabHidden(shownWhen), b.expandingSelectedTabHidden(shownWhen))
        case .constant, .flag, .isNamed, .noModal, .stackContains, .tabStackContains, .modalsContain, .compare: return self
        }
    }
}
