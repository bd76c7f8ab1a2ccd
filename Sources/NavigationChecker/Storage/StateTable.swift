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
/// A slot holds a state's number and a 32-bit tag made from its key (see ``StateKey``), so a
/// probe that meets another state is settled by the slot alone, and a lookup touches the arena
/// only for a likely match.
///
/// With `exact` storage two states are the same only when their bytes are, and a state's first
/// slot is chosen by its family: siblings sit side by side, so the lookups of one state's
/// successors, and of its siblings' successors, mostly share a few cache lines. The tag is the
/// family hash's high 24 bits and the state hash's high 8, which place it (the family's bits
/// pick a line of eight slots, three of the hash's a slot in it), so growing moves slots by
/// their tags alone, in order, up to 2^27 slots; a larger table reads every state's bytes
/// again to place it. With hash compaction the table keeps only the 64-bit hashes and compares
/// those, which saves the arena at the risk of merging two states whose hashes collide; the tag
/// is the hash's high 32 bits and places the slot by itself (the table holds at most 2^31 slots).
struct StateTable {
    /// Exact storage: every state's bytes, back to back, and where each starts (and ends).
    private var arena = ByteArena()
    private var starts: GrowingColumn<UInt32> = {
        var starts = GrowingColumn<UInt32>()
        starts.append(0)
        return starts
    }()
    /// Hash compaction: every state's hash.
    private var hashes: [UInt64] = []
    /// 0 for an empty slot, else the state's tag, then its number plus one.
    private var slots: SlotArray
    private var mask: Int
    private(set) var count = 0
    let exact: Bool
    /// The tab count of every state stored, which the encodings do not hold (see ``StateEncoder``).
    let tabs: Int
    /// With exact storage, the bits of a first slot that its tag gives (27; tests take fewer, to
    /// grow past them on a small table).
    private let tagPlaces: Int

    init(exact: Bool, tabs: Int, expectedStates: Int = 1 << 8, tagPlaces: Int = 27) {
        self.exact = exact
        self.tabs = tabs
        self.tagPlaces = min(tagPlaces, 27)
        var capacity = 16
        while capacity < expectedStates * 2 { capacity <<= 1 }
        slots = SlotArray(count: capacity)
        mask = capacity - 1
    }

    /// Bytes the table's contents take (arena, offsets, hashes, slots). Counted from sizes,
    /// not capacities, so the figure is the same on every run.
    /// The bytes the table allocates at once, while still holding what they replace, if
    /// `states` more states are stored: doubled slots past three quarters full, a doubled arena
    /// past its capacity (reckoned at twice the mean encoding; a large arena opens as much again
    /// of its reservation in place, see ``GrowingMemory``, so this is an upper bound there); 0
    /// when neither grows.
    func growthBytes(adding states: Int) -> Int {
        var bytes = 0
        if (count + states) * 4 > slots.count * 3 { bytes += slots.count * 16 }
        // The mean is at most the arena's count plus one: with that much room left there is no
        // growth, and no division (this is asked before every state is expanded).
        if exact && arena.capacity - arena.count < states * 2 * max(arena.count + 1, 64) {
            let mean = count == 0 ? 64 : arena.count / count + 1
            if arena.count + states * mean * 2 > arena.capacity { bytes += max(arena.capacity, 256) * 2 }
        }
        return bytes
    }

    var memoryBytes: Int {
        arena.count + (exact ? starts.count * 4 : 0) + hashes.count * 8 + slots.count * 8
    }

    private static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }

    /// The tag of a state with `key`, in a slot's high 32 bits.
    @inline(__always)
    private func tag(_ key: StateKey) -> UInt64 {
        exact ? (key.family >> 40) << 40 | (key.hash >> 56) << 32 : key.hash & Self.tagMask
    }

    /// Where a state with `tag` and `family` is placed first in a table of `mask + 1` slots,
    /// before masking: by the tag alone, but for an exact table larger than its tag can place.
    @inline(__always)
    private func home(tag: UInt64, family: UInt64, mask: Int) -> Int {
        guard exact else { return Int(truncatingIfNeeded: tag >> 32) }
        let byTag = Int(truncatingIfNeeded: (tag >> 40) << 3 | (tag >> 32) & 7)
        guard mask >> tagPlaces != 0 else { return byTag }
        return byTag & (1 << tagPlaces - 1) | Int(truncatingIfNeeded: family >> 8) << tagPlaces
    }

    /// Calls `body` with the encoding of the state numbered `index` (exact storage only: with hash
    /// compaction the table keeps no encodings).
    func withBytes<T>(of index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        precondition(exact, "a table with hash compaction keeps no encodings")
        let start = Int(starts[index]), end = Int(starts[index + 1])
        return arena.withBytes(from: start, count: end - start, body)
    }

    /// The key of the state encoded in `bytes` (found by walking the bytes; a caller that knows
    /// where the active stack's top is can make it for less, see ``StateKey``).
    func key(of bytes: UnsafeBufferPointer<UInt8>) -> StateKey {
        StateKey(bytes, tabs: tabs)
    }

    /// The number of the state encoded in `bytes` with `key`, if it is stored.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, key: StateKey) -> Int? {
        if case .found(let index) = probe(bytes, key: key) { return index }
        return nil
    }

    /// The number of the state encoded in `bytes` with `key`, and whether it was new.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, key: StateKey) -> (index: Int, inserted: Bool) {
        // Growing past what tags place makes the key again from the bytes: it must be the same.
        assert(!exact || key == self.key(of: bytes), "a state's key is not the one its bytes give")
        switch probe(bytes, key: key) {
        case .found(let index):
            return (index, false)
        case .empty(let slot):
            let index = count
            count += 1
            if exact {
                arena.append(bytes)
                starts.append(UInt32(truncatingIfNeeded: arena.count))
            } else {
                hashes.append(key.hash)
            }
            slots[slot] = tag(key) | UInt64(index + 1)
            if count * 4 > slots.count * 3 { grow() }
            return (index, true)
        }
    }

    private enum Probe {
        case found(Int)
        case empty(slot: Int)
    }

    /// Where `bytes` (with `key`) is stored, or the empty slot where it would go.
    @inline(__always)
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, key: StateKey) -> Probe {
        let tag = tag(key)
        let home = home(tag: tag, family: key.family, mask: mask)
        return slots.withUnsafeBufferPointer { slots in
            var slot = home & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return .empty(slot: slot) }
                if entry & Self.tagMask == tag {
                    let index = Int(truncatingIfNeeded: entry & ~Self.tagMask) - 1
                    if exact ? equal(index, bytes) : hashes[index] == key.hash { return .found(index) }
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
            return Self.same(UnsafeRawPointer(base), UnsafeRawPointer(probe), count: bytes.count)
        }
    }

    /// Whether `count` bytes at `first` and `second` are the same: a word at a time, then the
    /// last bytes, reading none past `count`. (An encoding is a few dozen bytes: `memcmp`'s call
    /// and its setup cost more than the comparison, 6 % of a search.)
    @inline(__always)
    private static func same(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        var difference: UInt64 = 0
        while offset &+ 8 <= count {
            difference |= first.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        while offset < count {
            difference |= UInt64(first.load(fromByteOffset: offset, as: UInt8.self) ^ second.load(fromByteOffset: offset, as: UInt8.self))
            offset &+= 1
        }
        return difference == 0
    }

    /// Doubles the slots and places every state again: by the tag its slot carries, old slot by
    /// old slot (so the new slots are written nearly in order), or, for an exact table larger
    /// than its tags can place, by its key made again from its bytes.
    private mutating func grow() {
        let capacity = slots.count * 2
        var grown = SlotArray(count: capacity)
        let mask = capacity - 1
        grown.withUnsafeMutableBufferPointer { grown in
            func place(_ entry: UInt64, family: UInt64) {
                var slot = home(tag: entry & Self.tagMask, family: family, mask: mask) & mask
                while grown[slot] != 0 { slot = (slot + 1) & mask }
                grown[slot] = entry
            }
            if exact && mask >> tagPlaces != 0 {
                for index in 0..<count {
                    let key = withBytes(of: index) { self.key(of: $0) }
                    place(tag(key) | UInt64(index + 1), family: key.family)
                }
            } else {
                slots.withUnsafeBufferPointer { slots in
                    for entry in slots where entry != 0 { place(entry, family: 0) }
                }
            }
        }
        slots = grown
        self.mask = mask
    }
}
