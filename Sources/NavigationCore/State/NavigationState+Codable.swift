extension NavigationState: Codable where R: Codable {
    private enum CodingKeys: String, CodingKey {
        case tabs, selectedTab, modals, flags, pendingDeepLink, pendingRetry
    }

    /// Encodes the state with flags sorted, so equal states encode to identical bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tabs, forKey: .tabs)
        try container.encode(selectedTab, forKey: .selectedTab)
        try container.encode(modals, forKey: .modals)
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
        pendingDeepLink = try container.decodeIfPresent(PendingDeepLink.self, forKey: .pendingDeepLink)
        pendingRetry = try container.decodeIfPresent(PendingRetry.self, forKey: .pendingRetry)
    }
}
