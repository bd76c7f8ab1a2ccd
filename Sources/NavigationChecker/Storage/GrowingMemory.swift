#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory that grows at its end without moving what it holds: what the search appends to as it
/// goes, one entry a state or a step (the table's encodings and their offsets, the parent links,
/// the rows of tap distances).
///
/// It starts as a small `malloc` block that doubles. From a mebibyte on Linux, it moves once into
/// a range of addresses reserved for it (`mmap` with `PROT_NONE` and `MAP_NORESERVE`: the
/// addresses are not memory), opened for reading and writing as it grows (`mprotect`, doubling:
/// only what is opened is charged under strict overcommit, and a page takes memory only once it
/// is written), advised to be backed by huge pages (`madvise(MADV_HUGEPAGE)`, where the kernel
/// has transparent huge pages), and grows there in place: growing copies nothing and never holds
/// an old and a new copy at once. Arrays doubling their storage copied every entry into fresh
/// pages at each doubling: on the synthetic graph R20 k3 F2 D12 (1,062,880 states) that copying
/// and its page faults were about a tenth of the command line's processor time. Where there is a
/// limit on the address space (`ulimit -v`), where the reservation is refused, past a whole
/// reservation, or on other systems, it goes on doubling with `malloc` (`realloc`).
///
/// Owns its memory; the types built on it (``ByteArena``, ``GrowingColumn``) decide what is shared.
final class GrowingMemory: @unchecked Sendable {
    /// The first byte; valid up to ``capacity``.
    private(set) var base: UnsafeMutableRawPointer
    /// The bytes that can be written without growing (in a reservation: the bytes opened).
    private(set) var capacity: Int
    /// The addresses ``base`` reserves (`mmap`); 0 for a `malloc` block.
    private var reservedBytes = 0

    /// The addresses one reservation takes (16 GiB): more than a search appends to one column
    /// within a usual memory budget, and none of it is memory until opened and written.
    static var reservation: Int { 1 << 34 }

    /// The size from which the memory moves into a reservation.
    static var reservedFrom: Int { 1 << 20 }

    /// Memory for at least `bytes` bytes.
    init(bytes: Int = 64) {
        capacity = max(bytes, 64)
        guard let memory = malloc(capacity) else { preconditionFailure("no memory for \(bytes) bytes") }
        base = memory
    }

    deinit { release() }

    /// Makes room for at least `bytes` bytes, keeping the first `keeping` (at most ``capacity``).
    func grow(to bytes: Int, keeping: Int) {
        guard bytes > capacity else { return }
        let (wanted, overflow) = capacity.multipliedReportingOverflow(by: 2)
        let size = overflow ? bytes : max(bytes, wanted)
        if reservedBytes > 0 {
            // In place, where the reservation reaches.
            if bytes <= reservedBytes, let opened = Self.open(base, min(size, reservedBytes), within: reservedBytes) {
                capacity = opened
                return
            }
        } else if size >= Self.reservedFrom, let mapped = Self.reserve(Self.reservation), let opened = Self.open(mapped, size, within: Self.reservation) {
            // Into a reservation: the bytes copied once.
            mapped.copyMemory(from: base, byteCount: keeping)
            release()
            (base, capacity, reservedBytes) = (mapped, opened, Self.reservation)
            return
        }
        if reservedBytes > 0 {
            // Past the reservation (or opening refused): a `malloc` block, the bytes copied once.
            guard let block = malloc(size) else { preconditionFailure("no memory for \(size) bytes") }
            block.copyMemory(from: base, byteCount: keeping)
            release()
            (base, capacity, reservedBytes) = (block, size, 0)
            return
        }
        guard let grown = realloc(base, size) else { preconditionFailure("no memory for \(size) bytes") }
        (base, capacity) = (grown, size)
    }

    private func release() {
        if reservedBytes > 0 {
            #if os(Linux)
            munmap(base, reservedBytes)
            #endif
        } else {
            free(base)
        }
    }

    /// Opens the first `bytes` of the reservation at `base` (of `reserved` bytes) for reading and
    /// writing, rounded up to whole pages; the bytes opened, or `nil` if it is refused.
    private static func open(_ base: UnsafeMutableRawPointer, _ bytes: Int, within reserved: Int) -> Int? {
        #if os(Linux)
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let rounded = min((bytes + page - 1) / page * page, reserved)
        guard rounded >= bytes, mprotect(base, rounded, PROT_READ | PROT_WRITE) == 0 else { return nil }
        return rounded
        #else
        return nil
        #endif
    }

    /// A reservation of `bytes` addresses, none of them open, or `nil` where there is none (not
    /// Linux, a limit on the address space, or refused).
    private static func reserve(_ bytes: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
        var limit = rlimit()
        guard MemoryLayout<Int>.size >= 8,
              getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur == rlim_t.max,
              let mapped = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              mapped != MAP_FAILED else { return nil }
        // Advice only: if it is refused, the pages are ordinary ones.
        let huge = TableMemory.hugePage
        let start = (Int(bitPattern: mapped) + huge - 1) & ~(huge - 1)
        let end = Int(bitPattern: mapped) + bytes
        if end > start, let first = UnsafeMutableRawPointer(bitPattern: start) {
            _ = madvise(first, end - start, Int32(MADV_HUGEPAGE))
        }
        return mapped
        #else
        return nil
        #endif
    }
}

/// Fixed-size values appended one after another in ``GrowingMemory``: a column the search fills
/// with one entry a state or a step. A value (copied on write, like an array).
struct GrowingColumn<Element: BitwiseCopyable & Sendable>: RandomAccessCollection, MutableCollection, Sendable {
    private var storage = Storage()

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    var count: Int { storage.count }

    /// Appends `value` at the end.
    @inline(__always)
    mutating func append(_ value: Element) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.append(value)
    }

    subscript(position: Int) -> Element {
        @inline(__always) get {
            precondition(position >= 0 && position < storage.count, "index \(position) outside a column of \(storage.count)")
            return storage.elements[position]
        }
        @inline(__always) set {
            precondition(position >= 0 && position < storage.count, "index \(position) outside a column of \(storage.count)")
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            storage.elements[position] = newValue
        }
    }

    /// The bytes the values take.
    var memoryBytes: Int { storage.count * MemoryLayout<Element>.stride }

    /// The memory. Written only through a uniquely referenced ``GrowingColumn``, so sharing it
    /// between threads to read is safe.
    private final class Storage: @unchecked Sendable {
        private let memory = GrowingMemory()
        private(set) var elements: UnsafeMutablePointer<Element>
        private var capacity: Int
        private(set) var count = 0

        init() {
            capacity = memory.capacity / MemoryLayout<Element>.stride
            elements = memory.base.bindMemory(to: Element.self, capacity: capacity)
        }

        @inline(__always)
        func append(_ value: Element) {
            if count == capacity { grow(to: count + 1) }
            (elements + count).initialize(to: value)
            count += 1
        }

        func grow(to values: Int) {
            let stride = MemoryLayout<Element>.stride
            memory.grow(to: values * stride, keeping: count * stride)
            capacity = memory.capacity / stride
            elements = memory.base.bindMemory(to: Element.self, capacity: capacity)
        }

        func copy() -> Storage {
            let copy = Storage()
            copy.grow(to: count)
            copy.elements.update(from: elements, count: count)
            copy.count = count
            return copy
        }
    }
}
