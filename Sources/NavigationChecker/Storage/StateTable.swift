#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        bytes.withUnsafeBufferPointer { find($0) }
    }

    /// The number of the state encoded in `bytes`, if it is stored.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
        bytes.withUnsafeBufferPointer { insert($0) }
    }

    /// The number of the state encoded in `bytes`, and whether it was new.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, inserted: Bool) {
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

    private func equal(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        guard end - start == bytes.count else { return false }
        guard let probe = bytes.baseAddress else { return true }
        return arena.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            return memcmp(base + start, probe, bytes.count) == 0
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

    /// Eight bytes at a time (the last word zero-padded, the length mixed in), each word
    /// multiplied in, with a final avalanche so nearby encodings spread over the table.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                last |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }
}
