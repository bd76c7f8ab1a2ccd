/// Bytes appended back to back: the state table's encodings, and a frontier level's.
///
/// A value (copied on write, like an array) over one ``GrowingMemory``, which grows in place once
/// it is large. Appending an encoding is a capacity check and one `memcpy`-like copy;
/// `Array<UInt8>`'s append of a buffer copied it byte by byte through a generic iterator, about
/// 140 instructions a state.
struct ByteArena: Sendable {
    private var storage = Storage(capacity: 0)

    /// The number of bytes.
    var count: Int { storage.count }

    /// The bytes it holds room for before it grows (see ``GrowingMemory``).
    var capacity: Int { storage.capacity }

    /// Appends `bytes` at the end.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let needed = storage.count + bytes.count
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: max(needed, storage.capacity))
        } else if needed > storage.capacity {
            // In place (see `GrowingMemory`): nothing is copied once the arena is large.
            storage.grow(to: needed)
        }
        (storage.base + storage.count).update(from: source, count: bytes.count)
        storage.count = needed
    }

    /// Calls `body` with the `length` bytes from `start` (a range within ``count``).
    func withBytes<T>(from start: Int, count length: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        precondition(start >= 0 && length >= 0 && start + length <= storage.count, "bytes outside the arena")
        return withExtendedLifetime(storage) { body(UnsafeBufferPointer(start: storage.base + start, count: length)) }
    }

    /// The allocation. Written only through a uniquely referenced ``ByteArena``, so sharing it
    /// between threads to read is safe.
    private final class Storage: @unchecked Sendable {
        private let memory: GrowingMemory
        private(set) var base: UnsafeMutablePointer<UInt8>
        var count = 0

        init(capacity: Int) {
            memory = GrowingMemory(bytes: capacity)
            base = memory.base.bindMemory(to: UInt8.self, capacity: memory.capacity)
        }

        /// The bytes it holds room for.
        var capacity: Int { memory.capacity }

        /// Makes room for `bytes` bytes, keeping those held.
        func grow(to bytes: Int) {
            memory.grow(to: bytes, keeping: count)
            base = memory.base.bindMemory(to: UInt8.self, capacity: memory.capacity)
        }

        /// A storage of `capacity` bytes (at least ``count``) holding these bytes.
        func copy(capacity: Int) -> Storage {
            let copy = Storage(capacity: capacity)
            copy.base.update(from: base, count: count)
            copy.count = count
            return copy
        }
    }
}
