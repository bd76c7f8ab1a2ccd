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
            let room = arena.capacity - arena.count
            // Room for `states` encodings of twice the mean, with the mean (at most the arena's
            // count over the states' plus one) bounded by multiplying, not dividing: this is
            // asked before every state is expanded, and a division a state showed in profiles.
            let (bound, overflow) = (states * 2).multipliedReportingOverflow(by: arena.count + count)
            let (spare, spareOverflow) = room.multipliedReportingOverflow(by: count)
            if count == 0 || overflow || spareOverflow || bound > spare {
                let mean = count == 0 ? 64 : arena.count / count + 1
                if arena.count + states * mean * 2 > arena.capacity { bytes += max(arena.capacity, 256) * 2 }
            }
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
        let byTag = Self.home(tag: tag, exact: exact)
        guard exact, mask >> tagPlaces != 0 else { return byTag }
        return byTag & (1 << tagPlaces - 1) | Int(truncatingIfNeeded: family >> 8) << tagPlaces
    }

    /// Where a state with `tag` is placed first, by its tag alone, before masking.
    @inline(__always)
    private static func home(tag: UInt64, exact: Bool) -> Int {
        Int(truncatingIfNeeded: exact ? (tag >> 40) << 3 | (tag >> 32) & 7 : tag >> 32)
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

    /// Doubles the slots and places every state again. Up to the slots its tags can place, in
    /// place (see ``regrowInPlace(mask:)``); for an exact table larger than that, into new slots,
    /// each state by its key made again from its bytes.
    private mutating func grow() {
        let capacity = slots.count * 2
        let mask = capacity - 1
        if exact && mask >> tagPlaces != 0 {
            var grown = SlotArray(count: capacity)
            grown.withUnsafeMutableBufferPointer { grown in
                for index in 0..<count {
                    let key = withBytes(of: index) { self.key(of: $0) }
                    var slot = home(tag: tag(key), family: key.family, mask: mask) & mask
                    while grown[slot] != 0 { slot = (slot + 1) & mask }
                    grown[slot] = tag(key) | UInt64(index + 1)
                }
            }
            slots = grown
        } else {
            slots.doubled()
            regrowInPlace(mask: mask)
        }
        self.mask = mask
    }

    /// Places every state again in slots just doubled (``SlotArray/doubled()``: the old slots
    /// in the first half, the second empty), by the tag each slot carries, without a second
    /// array.
    ///
    /// A state's first slot in the doubled table is its old one, `h`, or `h` plus the old
    /// count. The slots are taken in order from the old half's first empty slot on, each
    /// emptied and its state placed again by probing from its new first slot: a probe never
    /// meets a slot still to be taken. From `h` it runs over slots taken already (a state's old
    /// run from `h` to its slot held no empty slot, so `h` comes after the first empty one) and
    /// stops at the latest at the slot just emptied; from `h` plus the old count it runs over
    /// the new half, which holds only states placed again, and if it wraps round to the start,
    /// over slots emptied or taken, again stopping at the latest at the slot just emptied. The
    /// states before the first empty slot (a run that may have wrapped round from the end) are
    /// held aside and placed last, when every slot has been taken.
    private mutating func regrowInPlace(mask: Int) {
        let oldCount = (mask + 1) / 2
        // Below what tags place (or with hash compaction), a first slot is the tag's alone.
        let exact = self.exact
        slots.withUnsafeMutableBufferPointer { slots in
            func place(_ entry: UInt64) {
                var slot = Self.home(tag: entry & Self.tagMask, exact: exact) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = entry
            }
            // At most three quarters full: an empty slot exists.
            var firstEmpty = 0
            while slots[firstEmpty] != 0 { firstEmpty += 1 }
            var heldAside: [UInt64] = []
            heldAside.reserveCapacity(firstEmpty)
            for slot in 0..<firstEmpty {
                heldAside.append(slots[slot])
                slots[slot] = 0
            }
            for slot in (firstEmpty + 1)..<oldCount {
                let entry = slots[slot]
                guard entry != 0 else { continue }
                slots[slot] = 0
                place(entry)
            }
            for entry in heldAside { place(entry) }
        }
    }
}
