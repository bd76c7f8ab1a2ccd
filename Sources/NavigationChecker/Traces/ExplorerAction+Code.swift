extension ExplorerAction {
    /// The kinds of action, as the top three bits of a ``code``. Every switch over a kind or an
    /// action is exhaustive, so a new kind of action does not compile until it has a code and
    /// decodes back to itself.
    enum Kind: UInt32, CaseIterable {
        case transition = 0, back, dismissSheet, selectTab, event, openLink, resumePending
    }

    /// The action's kind.
    var kind: Kind {
        switch self {
        case .transition: .transition
        case .back: .back
        case .dismissSheet: .dismissSheet
        case .selectTab: .selectTab
        case .event: .event
        case .openLink: .openLink
        case .resumePending: .resumePending
        }
    }

    /// A compact code for parent links: the kind in the top 3 bits, the index below (a
    /// transition's index in the low 16 bits, its sample's in the 13 above).
    var code: UInt32 {
        let index: UInt32 = switch self {
        case .transition(let index, let sample): UInt32(index & 0xFFFF) | UInt32(sample & 0x1FFF) << 16
        case .back, .dismissSheet, .resumePending: 0
        case .selectTab(let index), .event(let index), .openLink(let index): UInt32(index & 0x1FFF_FFFF)
        }
        return kind.rawValue << 29 | index
    }

    /// The action `code` stands for; `nil` for a code no action makes.
    init?(code: UInt32) {
        guard let kind = Kind(rawValue: code >> 29) else { return nil }
        let index = Int(code & 0x1FFF_FFFF)
        switch kind {
        case .transition: self = .transition(index & 0xFFFF, sample: index >> 16)
        case .back: self = .back
        case .dismissSheet: self = .dismissSheet
        case .selectTab: self = .selectTab(index)
        case .event: self = .event(index)
        case .openLink: self = .openLink(index)
        case .resumePending: self = .resumePending
        }
    }
}
