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
/// The slots double in place (``doubled()``): from a mebibyte on they move into a reserved range
/// of addresses (``GrowingMemory``), where each doubling opens the pages after them. A new array
/// at each doubling took fresh pages for all of it, which the kernel zeroes, and held the old
/// and new arrays at once:
/// on the synthetic graph R20 k3 F2 D12 (1,062,880 states) the slots' arrays came to 30 MB of
/// fresh pages for a final 16 MB, and zeroing them was about a tenth of the command line's
/// processor time (a virtual machine pays for every fresh page).
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

    /// Twice as many slots: the first half holds the slots as they were, the second is empty
    /// (zero). Where the slots are in a reservation, nothing is copied; the new half is written
    /// with zeros (see `double()`).
    mutating func doubled() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.double()
    }

    /// The allocation. Written only through a uniquely referenced ``SlotArray``, so sharing it
    /// between threads to read is safe.
    private final class Storage: @unchecked Sendable {
        private(set) var base: UnsafeMutablePointer<UInt64>
        private(set) var count: Int
        /// From ``GrowingMemory/reservedFrom`` bytes on, the memory the slots are in (which frees
        /// itself); `nil` while they are in ``TableMemory``.
        private var growing: GrowingMemory?

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

        /// Doubles ``count``, keeping the slots and zeroing the new half.
        func double() {
            let (doubledCount, overflow) = max(count, 1).multipliedReportingOverflow(by: 2)
            precondition(!overflow && doubledCount <= Int.max / MemoryLayout<UInt64>.stride, "too many slots")
            let bytes = doubledCount * MemoryLayout<UInt64>.stride
            let keeping = count * MemoryLayout<UInt64>.stride
            let memory: GrowingMemory
            if let growing {
                memory = growing
                memory.grow(to: bytes, keeping: keeping)
            } else if bytes >= GrowingMemory.reservedFrom {
                memory = GrowingMemory()
                memory.grow(to: bytes, keeping: 0)
                memory.base.copyMemory(from: base, byteCount: keeping)
                base.deallocate()
                growing = memory
            } else {
                let raw = TableMemory.allocate(byteCount: bytes)
                let grown = raw.bindMemory(to: UInt64.self, capacity: doubledCount)
                grown.update(from: base, count: count)
                (grown + count).initialize(repeating: 0, count: doubledCount - count)
                base.deallocate()
                (base, count) = (grown, doubledCount)
                return
            }
            base = memory.base.bindMemory(to: UInt64.self, capacity: doubledCount)
            // Written, though a reservation's fresh pages read as zero already: a page first read
            // is mapped to the kernel's shared zero page, and the write that follows faults again
            // and splits a huge page into small ones (placing the states again reads before it
            // writes). Writing costs little beside the kernel's zeroing of the fresh pages.
            (base + count).initialize(repeating: 0, count: doubledCount - count)
            count = doubledCount
        }

        deinit {
            if growing == nil { base.deallocate() }
        }
    }
}
