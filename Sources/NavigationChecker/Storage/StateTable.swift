#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The set of visited states: encodings stored back to back in one byte arena, found through an
/// open-addressing hash table (linear probing, at most three quarters full: the slots are most of
/// the memory a state costs, and a run of probes mostly stays within one cache line).
///
/// A slot holds a state's number and the high 32 bits of its hash, so a probe that meets another
/// state is settled by the slot alone, and a lookup touches the arena only for a likely match: one
/// cache miss for the slot, one for the bytes, where a separate array of hashes cost two more.
/// Those same 32 bits choose the slot, so growing places every state again from its slot alone,
/// without reading or hashing its bytes (the table holds at most 2^31 slots, within 32 bits).
///
/// With `exact` storage two states are the same only when their bytes are; with hash
/// compaction only the 64-bit hashes are kept and compared, which saves the arena at the risk
/// of merging two states whose hashes collide.
struct StateTable {
    /// Exact storage: every state's bytes, back to back, and where each starts (and ends).
    private var arena = ByteArena()
    private var starts: [UInt32] = [0]
    /// Hash compaction: every state's hash.
    private var hashes: [UInt64] = []
    /// 0 for an empty slot, else the high 32 bits of the state's hash, then its number plus one.
    private var slots: [UInt64]
    private var mask: Int
    private(set) var count = 0
    let exact: Bool

    init(exact: Bool, expectedStates: Int = 1 << 8) {
        self.exact = exact
        var capacity = 16
        while capacity < expectedStates * 2 { capacity <<= 1 }
        slots = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// Bytes the table's contents take (arena, offsets, hashes, slots). Counted from sizes,
    /// not capacities, so the figure is the same on every run.
    var memoryBytes: Int {
        arena.count + (exact ? starts.count * 4 : 0) + hashes.count * 8 + slots.count * 8
    }

    private static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    /// What a slot holds for state `index` hashing to `hash` (never 0, the empty slot).
    private static func slot(hash: UInt64, index: Int) -> UInt64 {
        (hash & tagMask) | UInt64(index + 1)
    }

    /// Calls `body` with the encoding of the state numbered `index` (exact storage only: with hash
    /// compaction the table keeps no encodings).
    func withBytes<T>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        precondition(exact, "a table with hash compaction keeps no encodings")
        let start = Int(starts[index]), end = Int(starts[index + 1])
        return arena.withBytes(from: start, count: end - start, body)
    }

    /// The number of the state encoded in `bytes`, if it is stored.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(bytes)
        if case .found(let index) = probe(bytes, hash: hash) { return index }
        return nil
    }

    /// The number of the state encoded in `bytes`, and whether it was new.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>) -> (index: Int, inserted: Bool) {
        let hash = Self.hash(bytes)
        switch probe(bytes, hash: hash) {
        case .found(let index):
            return (index, false)
        case .empty(let slot):
            let index = count
            count += 1
            if exact {
                arena.append(bytes)
                starts.append(UInt32(truncatingIfNeeded: arena.count))
            } else {
                hashes.append(hash)
            }
            slots[slot] = Self.slot(hash: hash, index: index)
            if count * 4 > slots.count * 3 { grow() }
            return (index, true)
        }
    }

    private enum Probe {
        case found(Int)
        case empty(slot: Int)
    }

    /// Where `bytes` (hashing to `hash`) is stored, or the empty slot where it would go.
    @inline(__always)
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Probe {
        let tag = hash & Self.tagMask
        return slots.withUnsafeBufferPointer { slots in
            var slot = Self.home(tag) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return .empty(slot: slot) }
                if entry & Self.tagMask == tag {
                    let index = Int(truncatingIfNeeded: entry & ~Self.tagMask) - 1
                    if exact ? equal(index, bytes) : hashes[index] == hash { return .found(index) }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    private func equal(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        guard end - start == bytes.count else { return false }
        guard let probe = bytes.baseAddress else { return true }
        return arena.withBytes(from: start, count: end - start) { stored in
            guard let base = stored.baseAddress else { return false }
            return memcmp(base, probe, bytes.count) == 0
        }
    }

    /// Where a state whose slot carries `tag` (its hash's high 32 bits) is placed first, before
    /// masking: the tag itself.
    private static func home(_ tag: UInt64) -> Int { Int(truncatingIfNeeded: tag >> 32) }

    /// Doubles the slots and places every state again, by the tag its slot carries.
    private mutating func grow() {
        let capacity = slots.count * 2
        var grown = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        grown.withUnsafeMutableBufferPointer { grown in
            slots.withUnsafeBufferPointer { slots in
                for entry in slots where entry != 0 {
                    var slot = Self.home(entry & Self.tagMask) & mask
                    while grown[slot] != 0 { slot = (slot + 1) & mask }
                    grown[slot] = entry
                }
            }
        }
        slots = grown
        self.mask = mask
    }

    /// Eight bytes at a time (the last word zero-padded, the length mixed in), each word
    /// multiplied in, with a final avalanche so nearby encodings spread over the table.
    @inline(__always)
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
        let rest = bytes.count - offset
        if rest > 0 {
            // The last one to seven bytes, read as a four-, a two- and a one-byte load into a
            // word that is zero above them.
            var last: UInt64 = 0
            var shift: UInt64 = 0
            if rest & 4 != 0 {
                last = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                offset += 4
                shift = 32
            }
            if rest & 2 != 0 {
                last |= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << shift
                offset += 2
                shift += 16
            }
            if rest & 1 != 0 {
                last |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
            }
            hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }
}
