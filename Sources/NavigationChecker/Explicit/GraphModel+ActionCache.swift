import NavigationCore
import NavigationGraph

extension GraphModel {
    /// The same as ``actions(in:into:)``, through `cache`: a state whose ``actionKey(of:leavingOut:)``
    /// was met before copies the list made then.
    func actions(in state: NavigationState<R>, into actions: inout ActionList, cache: inout ActionCache) {
        guard let key = actionKey(of: state) else { return self.actions(in: state, into: &actions) }
        if cache.copy(key, into: &actions) { return }
        self.actions(in: state, into: &actions)
        cache.store(key, actions)
    }

    /// What a state's enabled actions follow from, when that is all they follow from: every
    /// transition guard and event precondition is a flag or a constant (a closure could read
    /// anything), the routes are `DynamicRoute`s, and the graph declares at most 64 flags (the
    /// key holds them in the graph's own numbering, so it does not matter how many flag names
    /// the process made before: a long run over many graphs keeps its cache). Then the
    /// actions are fixed by the visible route (its transitions), the flags (their guards and the
    /// events'), whether the active stack is deeper than its root (Back), whether a sheet is on
    /// top (dismissing it), whether a link is pending (resuming it) and whether the tab bar can
    /// be tapped (the modals presented; which tabs are shown follows from the flags, since tab
    /// conditions are flags too); the link samples are the same in every state. `nil` when the
    /// actions may follow from more.
    ///
    /// The key must cover everything `collectActions` reads: `ActionCacheTests` checks that
    /// over every state of the sample graphs and of random graphs, and that leaving any part
    /// out (`leavingOut`, for that test alone) is caught.
    func actionKey(of state: NavigationState<R>, leavingOut omitted: ActionCache.KeyParts = []) -> ActionCache.Key? {
        guard conditionsReadOnlyFlags, R.self == DynamicRoute.self, let top = state.top, var flags = declaredFlagBits(of: state.flags) else {
            return nil
        }
        var route = UInt64(unsafeBitCast(top, to: DynamicRoute.self).internedNumber)
        var bits: UInt64 = state.depth > 1 ? 1 : 0
        if Self.sheetOnTop(state) { bits |= 2 }
        if state.pendingDeepLink != nil { bits |= 4 }
        // Read only where tabs are (`collectActions` reads it only then); the engine's check is
        // not specialised for the route type, and looking up its metadata was 6% of a search.
        if hasTabs && (state.modals.isEmpty || executor.engine.isTabBarTappable(in: state)) { bits |= 8 }
        if !omitted.isEmpty {
            if omitted.contains(.visibleRoute) { route = 0 }
            if omitted.contains(.flags) { flags = 0 }
            if omitted.contains(.deeperThanRoot) { bits &= ~1 }
            if omitted.contains(.sheetOnTop) { bits &= ~2 }
            if omitted.contains(.linkPending) { bits &= ~4 }
            if omitted.contains(.tabBarTappable) { bits &= ~8 }
        }
        return ActionCache.Key(flags: flags, routeAndBits: route << 4 | bits)
    }

    /// `flags` as bits in the graph's own numbering; `nil` when one is not a declared flag.
    @inline(__always)
    private func declaredFlagBits(of flags: FlagSet) -> UInt64? {
        var bits: UInt64 = 0
        for flag in flags {
            let number = Int(flag.internedNumber)
            guard number < flagBitByNumber.count, flagBitByNumber[number] != 0 else { return nil }
            bits |= flagBitByNumber[number]
        }
        return bits
    }
}
