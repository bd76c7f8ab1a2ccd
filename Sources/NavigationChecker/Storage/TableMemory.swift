#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory for the state table's slots and byte arena (and a frontier level's arena), which the
/// table reads at random: aligned to a cache line, and, from two mebibytes on, aligned to that
/// size and on Linux advised to be backed by huge pages (`madvise(MADV_HUGEPAGE)`, before it is
/// first written). With four-kibibyte pages a probe of a table of many megabytes mostly missed
/// the processor's address-translation cache as well as its data caches. Where the system gives
/// no huge pages the advice does nothing.
enum TableMemory {
    /// Two mebibytes: the size of a huge page on x86-64 and of the smaller one on ARM64 Linux.
    static var hugePage: Int { 2 << 20 }

    /// `byteCount` bytes (at least one), uninitialized; freed with `deallocate()`.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let bytes = max(byteCount, 1)
        let huge = bytes >= hugePage
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: huge ? hugePage : 64)
        #if os(Linux)
        // Advice only: if it is refused, the memory is on ordinary pages.
        if huge { _ = madvise(raw, bytes, Int32(MADV_HUGEPAGE)) }
        #endif
        return raw
    }
}

/// The state table's slots: words, zeroed, in ``TableMemory``, so the eight slots a family's
/// states are placed from (see ``StateTable``) are one cache line.
///
/// A value, copied on write, like an array.
struct SlotArray: Sendable {
    private var storage: Storage

    /// `count` empty (zero) slots.
    init(count: Int) {
        storage = Storage(count: count)
    }

    var count: Int { storage.count }

    subscript(slot: Int) -> UInt64 {
        get {
            precondition(slot >= 0 && slot < storage.count, "slot out of range")
            return storage.base[slot]
        }
        set {
            precondition(slot >= 0 && slot < storage.count, "slot out of range")
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.base[slot] = newValue
        }
    }

    func withUnsafeBufferPointer<T>(_ body: (UnsafeBufferPointer<UInt64>) -> T) -> T {
        withExtendedLifetime(storage) { body(UnsafeBufferPointer(start: storage.base, count: storage.count)) }
    }

    /// Calls `body` with the slots to write, which no other copy then shares.
    mutating func withUnsafeMutableBufferPointer<T>(_ body: (UnsafeMutableBufferPointer<UInt64>) -> T) -> T {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return withExtendedLifetime(storage) { body(UnsafeMutableBufferPointer(start: storage.base, count: storage.count)) }
    }

    /// The allocation. Written only through a uniquely referenced ``SlotArray``, so sharing it
    /// between threads to read is safe.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt64>
        let count: Int

        init(count: Int) {
            self.count = count
            let raw = TableMemory.allocate(byteCount: max(count, 1) * MemoryLayout<UInt64>.stride)
            base = raw.bindMemory(to: UInt64.self, capacity: max(count, 1))
            base.initialize(repeating: 0, count: max(count, 1))
        }

        func copy() -> Storage {
            let copy = Storage(count: count)
            copy.base.update(from: base, count: count)
            return copy
        }

        deinit { base.deallocate() }
    }
}
