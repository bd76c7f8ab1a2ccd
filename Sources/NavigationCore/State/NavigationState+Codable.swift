extension NavigationState: Codable where R: Codable {
    private enum CodingKeys: String, CodingKey {
        case tabs, selectedTab, modals, selectedTabModals, hiddenModals, flags, pendingDeepLink, pendingRetry
    }

    /// Encodes the state with flags sorted, so equal states encode to identical bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tabs, forKey: .tabs)
        try container.encode(selectedTab, forKey: .selectedTab)
        try container.encode(modals, forKey: .modals)
        // Only with tab-scoped modals (``ModalScope/tab``), so other states encode as before.
        if selectedTabModalCount > 0 { try container.encode(selectedTabModalCount, forKey: .selectedTabModals) }
        if !hiddenTabModals.isEmpty {
            // In tab order, as a list: a dictionary's order would differ from run to run.
            let hidden = hiddenTabModals.indices.filter { !hiddenTabModals[$0].isEmpty }
                .map { HiddenLayers<R>(tab: tabs[$0].id.name, modals: hiddenTabModals[$0]) }
            try container.encode(hidden, forKey: .hiddenModals)
        }
        try container.encode(flags.sorted(), forKey: .flags)
        try container.encodeIfPresent(pendingDeepLink, forKey: .pendingDeepLink)
        try container.encodeIfPresent(pendingRetry, forKey: .pendingRetry)
    }

    /// Decodes a state, checking the same rules as ``init(tabs:selected:flags:)`` and that every
    /// modal layer shows a route.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let tabs = try container.decode([NavigationTab<R>].self, forKey: .tabs)
        let selected = try container.decode(TabID.self, forKey: .selectedTab)
        let flags = try container.decode([FlagName].self, forKey: .flags)
        do {
            try self.init(tabs: tabs, selected: selected, flags: FlagSet(flags))
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .tabs, in: container, debugDescription: error.description)
        }
        modals = try container.decode([ModalLayer<R>].self, forKey: .modals)
        if let index = modals.firstIndex(where: { $0.stack.isEmpty }) {
            throw DecodingError.dataCorruptedError(
                forKey: .modals, in: container,
                debugDescription: "modal layer \(index) has no route; a presented modal shows at least its root route")
        }
        let selectedCount = try container.decodeIfPresent(Int.self, forKey: .selectedTabModals) ?? 0
        guard (0...modals.count).contains(selectedCount) else {
            throw DecodingError.dataCorruptedError(
                forKey: .selectedTabModals, in: container,
                debugDescription: "\(selectedCount) modal layers belong to the selected tab, but \(modals.count) are presented; give 0 through \(modals.count)")
        }
        selectedTabModalCount = selectedCount
        let hidden = try container.decodeIfPresent([HiddenLayers<R>].self, forKey: .hiddenModals) ?? []
        var byTab = Array(repeating: [ModalLayer<R>](), count: tabs.count)
        for (name, layers) in hidden.map({ ($0.tab, $0.modals) }) where !layers.isEmpty {
            guard let index = tabs.firstIndex(where: { $0.id.name == name }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .hiddenModals, in: container,
                    debugDescription: "modal layers are hidden with tab '\(name)', which the state does not have; name one of: \(tabs.map(\.id.name).joined(separator: ", "))")
            }
            guard index != selectedTabIndex else {
                throw DecodingError.dataCorruptedError(
                    forKey: .hiddenModals, in: container,
                    debugDescription: "modal layers are hidden with tab '\(name)', which is selected; a selected tab's own layers are the first 'selectedTabModals' of 'modals'")
            }
            if layers.contains(where: { $0.stack.isEmpty }) {
                throw DecodingError.dataCorruptedError(
                    forKey: .hiddenModals, in: container,
                    debugDescription: "a modal layer hidden with tab '\(name)' has no route; a presented modal shows at least its root route")
            }
            guard byTab[index].isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .hiddenModals, in: container,
                    debugDescription: "tab '\(name)' is listed twice under 'hiddenModals'; list each tab once")
            }
            byTab[index] = layers
        }
        hiddenTabModals = byTab.allSatisfy(\.isEmpty) ? [] : byTab
        pendingDeepLink = try container.decodeIfPresent(PendingDeepLink.self, forKey: .pendingDeepLink)
        pendingRetry = try container.decodeIfPresent(PendingRetry.self, forKey: .pendingRetry)
    }
}

/// The layers hidden with one tab, as a state encodes them.
private struct HiddenLayers<R: Route & Codable>: Codable {
    let tab: String
    let modals: [ModalLayer<R>]
}
