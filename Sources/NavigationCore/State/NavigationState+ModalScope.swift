/// How the modal layers move when modals can belong to tabs (``ModalScope``). The engine and
/// the tab bar rules change the layers only through these, so that ``NavigationState/modals``
/// stays the layers the user sees, the selected tab's own first, and a state without
/// tab-scoped modals keeps exactly the fields it had before modal scopes existed.
extension NavigationState {
    /// Presents `layer` on top; it belongs to the selected tab when `tabScoped` and every layer
    /// below it does too (a modal presented over the window's belongs to the window).
    mutating func presentModal(_ layer: ModalLayer<R>, tabScoped: Bool) {
        if tabScoped && selectedTabModalCount == modals.count { selectedTabModalCount += 1 }
        modals.append(layer)
    }

    /// Dismisses the topmost layer the user sees.
    mutating func dismissTopModal() {
        modals.removeLast()
        if selectedTabModalCount > modals.count { selectedTabModalCount = modals.count }
    }

    /// Dismisses every layer the user sees: the window's and the selected tab's own. The
    /// layers hidden with other tabs stay.
    mutating func dismissShownModals() {
        modals.removeAll(keepingCapacity: true)
        selectedTabModalCount = 0
    }

    /// Selects the tab at `index`: the selected tab's own layers are hidden with it, the
    /// window's are dismissed when `dismissingWindowModals` (a selection the app makes) or
    /// kept (the tab bar settling under them), and the tab at `index` shows its own again,
    /// below the window's.
    mutating func moveSelection(to index: Int, dismissingWindowModals: Bool) {
        guard hasTabScopedModals, index != selectedTabIndex else {
            if dismissingWindowModals { modals.removeAll(keepingCapacity: true) }
            selectedTabIndex = index
            return
        }
        if hiddenTabModals.isEmpty { hiddenTabModals = Array(repeating: [], count: tabs.count) }
        hiddenTabModals[selectedTabIndex] = Array(modals[..<selectedTabModalCount])
        let window = dismissingWindowModals ? [] : Array(modals[selectedTabModalCount...])
        let shown = hiddenTabModals[index]
        hiddenTabModals[index] = []
        modals = shown + window
        selectedTabModalCount = shown.count
        selectedTabIndex = index
        if hiddenTabModals.allSatisfy(\.isEmpty) { hiddenTabModals = [] }
    }

    /// Puts the tabs at `indices` back to their roots and dismisses their own layers (shown or
    /// hidden); the window's layers and the selection stay.
    mutating func resetTabs(at indices: [Int]) {
        for index in indices {
            if tabs[index].stack.routes.count > 1 { tabs[index].stack.routes.removeSubrange(1...) }
            if index == selectedTabIndex && selectedTabModalCount > 0 {
                modals.removeFirst(selectedTabModalCount)
                selectedTabModalCount = 0
            }
            if !hiddenTabModals.isEmpty { hiddenTabModals[index] = [] }
        }
        if !hiddenTabModals.isEmpty && hiddenTabModals.allSatisfy(\.isEmpty) { hiddenTabModals = [] }
    }
}

// MARK: - Rewriting in place, for this package's explorer

extension NavigationState {
    /// Sets how many shown layers belong to the selected tab and the layers hidden with each
    /// tab (by position; empty for none). The explorer's decoder writes these after the shown
    /// layers; the caller keeps them consistent (at most ``modals``' count; an array per tab or
    /// none).
    package mutating func restoreTabModals(selectedCount: Int, hidden: [[ModalLayer<R>]]) {
        if selectedTabModalCount != selectedCount { selectedTabModalCount = selectedCount }
        if !(hiddenTabModals.isEmpty && hidden.isEmpty) { hiddenTabModals = hidden }
    }
}
