/// Where the model lists a state's actions.
protocol ActionSink: ~Copyable {
    mutating func append(_ action: ExplorerAction)
}

extension Array: ActionSink where Element == ExplorerAction {}

/// A state's actions, in a buffer of fixed size the explorer allocates once and reuses for every
/// state: appending is a store (an array's append checked its uniqueness and capacity each time).
struct ActionList: ActionSink, ~Copyable {
    private let base: UnsafeMutablePointer<ExplorerAction>
    private let capacity: Int
    private(set) var count = 0

    /// A list that holds up to `capacity` actions.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    mutating func append(_ action: ExplorerAction) {
        precondition(count < capacity, "more actions than the model's bound")
        (base + count).initialize(to: action)
        count += 1
    }

    mutating func removeAll() { count = 0 }

    subscript(position: Int) -> ExplorerAction {
        precondition(position >= 0 && position < count, "no action at \(position)")
        return base[position]
    }
}

extension ActionList {
    /// Replaces the actions with `count` actions from `source`.
    mutating func replace(with source: UnsafePointer<ExplorerAction>, count: Int) {
        precondition(count <= capacity, "more actions than the model's bound")
        base.update(from: source, count: count)
        self.count = count
    }

    /// Calls `body` with the actions.
    func withActions<T>(_ body: (UnsafeBufferPointer<ExplorerAction>) -> T) -> T {
        body(UnsafeBufferPointer(start: base, count: count))
    }
}

/// The action lists of recent states, by what a state's actions follow from when every guard
/// and precondition is a flag or a constant (see ``GraphModel/actionKey(of:)``): the visible
/// route, the flags, whether Back and a sheet's dismissal are possible and whether a link is
/// pending. One explorer thread owns one; a state whose key is here copies its list instead of
/// testing every condition again.
struct ActionCache: ~Copyable {
    /// A state's key: its flags' bits by number, and its visible route's number with three bits.
    struct Key: Equatable {
        let flags: UInt64
        let routeAndBits: UInt64
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
