/// The set of visited states: encodings stored back to back in one byte arena, found through an
/// open-addressing hash table of state numbers (linear probing, at most half full).
///
/// With `exact` storage two states are the same only when their bytes are; with hash
/// compaction only the 64-bit hashes are kept and compared, which saves the arena at the risk
/// of merging two states whose hashes collide.
struct StateTable {
    private(set) var arena: [UInt8] = []
    private var starts: [UInt32] = [0]
    private var hashes: [UInt64] = []
    private var slots: [Int32]
    private var mask: Int
    let exact: Bool

    init(exact: Bool, expectedStates: Int = 1 << 12) {
        self.exact = exact
        var capacity = 16
        while capacity < expectedStates * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
    }

    var count: Int { hashes.count }

    /// Bytes the table's contents take (arena, offsets, hashes, slots). Counted from sizes,
    /// not capacities, so the figure is the same on every run.
    var memoryBytes: Int {
        arena.count + starts.count * 4 + hashes.count * 8 + slots.count * 4
    }

    /// The number of the state encoded in `bytes`, if it is stored.
    func find(_ bytes: [UInt8]) -> Int? {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if hashes[index] == hash && (!exact || equal(index, bytes)) { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The number of the state encoded in `bytes`, and whether it was new.
    mutating func insert(_ bytes: [UInt8]) -> (index: Int, inserted: Bool) {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let candidate = slots[slot]
            if candidate < 0 { break }
            let index = Int(candidate)
            if hashes[index] == hash && (!exact || equal(index, bytes)) { return (index, false) }
            slot = (slot + 1) & mask
        }
        let index = hashes.count
        hashes.append(hash)
        if exact {
            arena.append(contentsOf: bytes)
            starts.append(UInt32(truncatingIfNeeded: arena.count))
        }
        slots[slot] = Int32(truncatingIfNeeded: index)
        if hashes.count * 2 > slots.count { grow() }
        return (index, true)
    }

    private func equal(_ index: Int, _ bytes: [UInt8]) -> Bool {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        guard end - start == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { stored in
            bytes.withUnsafeBufferPointer { probe in
                var offset = 0
                while offset < probe.count {
                    if stored[start + offset] != probe[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        slots = Array(repeating: -1, count: capacity)
        mask = capacity - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }

    /// 64-bit FNV-1a with a final avalanche, so nearby encodings spread over the table.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }
}
