/// The action lists of recent states, by what a state's actions follow from when every guard
/// and precondition is a flag or a constant (see `GraphModel.actionKey(of:leavingOut:)`): the visible
/// route, the flags, whether Back and a sheet's dismissal are possible, whether a link is
/// pending and whether the tab bar can be tapped. One explorer thread owns one; a state whose key is here copies its list instead of
/// testing every condition again.
struct ActionCache: ~Copyable {
    /// A state's key: its flags' bits by number, and its visible route's number with four bits.
    struct Key: Hashable {
        let flags: UInt64
        let routeAndBits: UInt64
    }

    /// The facts about a state its enabled actions follow from, when that is all they follow
    /// from (see `GraphModel.actionKey(of:leavingOut:)`). A test leaves parts out to show that a key
    /// missing any one of them gives some state another state's actions.
    struct KeyParts: OptionSet {
        let rawValue: Int
        /// The visible route: its transitions.
        static let visibleRoute = KeyParts(rawValue: 1)
        /// The flags: transition guards and event preconditions.
        static let flags = KeyParts(rawValue: 2)
        /// Whether the active stack is deeper than its root: Back.
        static let deeperThanRoot = KeyParts(rawValue: 4)
        /// Whether a sheet is on top: swiping it away.
        static let sheetOnTop = KeyParts(rawValue: 8)
        /// Whether a link is pending: resuming it.
        static let linkPending = KeyParts(rawValue: 16)
        /// Whether the tab bar can be tapped under the modals presented: selecting a tab.
        static let tabBarTappable = KeyParts(rawValue: 32)
    }

    private let slotCount: Int
    private let width: Int
    private let keys: UnsafeMutablePointer<Key>
    private let counts: UnsafeMutablePointer<Int>
    private let lists: UnsafeMutablePointer<ExplorerAction>

    /// A cache of `slots` lists (a power of two) of up to `width` actions each.
    init(slots: Int = 512, width: Int) {
        slotCount = slots
        self.width = max(width, 1)
        keys = .allocate(capacity: slots)
        keys.initialize(repeating: Key(flags: 0, routeAndBits: 0), count: slots)
        counts = .allocate(capacity: slots)
        // -1: no list yet (a key of all zeros is a real key).
        counts.initialize(repeating: -1, count: slots)
        lists = .allocate(capacity: slots * self.width)
    }

    deinit {
        keys.deallocate()
        counts.deallocate()
        lists.deallocate()
    }

    private func slot(of key: Key) -> Int {
        var mixed = (key.flags ^ (key.routeAndBits &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 31
        return Int(truncatingIfNeeded: mixed) & (slotCount - 1)
    }

    /// Copies the list stored for `key` into `actions`; `false` when there is none.
    func copy(_ key: Key, into actions: inout ActionList) -> Bool {
        let slot = slot(of: key)
        guard counts[slot] >= 0, keys[slot] == key else { return false }
        actions.replace(with: lists + slot * width, count: counts[slot])
        return true
    }

    /// Keeps `actions` as the list for `key` (replacing whatever shared its slot).
    mutating func store(_ key: Key, _ actions: borrowing ActionList) {
        let slot = slot(of: key)
        guard actions.count <= width else { return }
        keys[slot] = key
        counts[slot] = actions.count
        actions.withActions { stored in
            if let source = stored.baseAddress { (lists + slot * width).update(from: source, count: stored.count) }
        }
    }
}
