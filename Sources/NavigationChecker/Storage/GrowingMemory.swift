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
/// a range of addresses reserved for it (`mmap` with `MAP_NORESERVE`: a page takes memory only
/// once it is written), advised to be backed by huge pages (`madvise(MADV_HUGEPAGE)`), and grows
/// there in place: growing copies nothing, never holds an old and a new copy at once, and tens of
/// megabytes cost a few dozen page faults instead of thousands. Arrays doubling their storage
/// copied every entry into fresh pages at each doubling: on the synthetic graph R20 k3 F2 D12
/// (1,062,880 states) that copying and its page faults were about a tenth of the command line's
/// processor time. Where the reservation is refused (strict overcommit, a limit on the address
/// space) or on other systems, it goes on doubling, with `realloc`.
///
/// Owns its memory; the types built on it (``ByteArena``, ``GrowingColumn``) decide what is shared.
final class GrowingMemory: @unchecked Sendable {
    /// The first byte; valid up to ``capacity``.
    private(set) var base: UnsafeMutableRawPointer
    /// The bytes that can be written without growing.
    private(set) var capacity: Int
    /// Whether ``base`` is a reservation (`mmap`) rather than a `malloc` block.
    private var reserved = false

    /// The addresses one reservation takes (16 GiB): more than a search appends to one column
    /// within a usual memory budget, and none of it is memory until written. A column that
    /// passes it moves, once, into a reservation twice its size.
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
        let wanted = max(bytes, capacity * 2)
        if reserved || wanted >= Self.reservedFrom, let mapped = Self.reserve(max(wanted, Self.reservation)) {
            // Into a reservation (or, past a whole one, a larger one): the bytes copied once.
            mapped.base.copyMemory(from: base, byteCount: keeping)
            release()
            (base, capacity, reserved) = (mapped.base, mapped.bytes, true)
            return
        }
        precondition(!reserved, "no addresses for \(wanted) bytes")
        guard let grown = realloc(base, wanted) else { preconditionFailure("no memory for \(wanted) bytes") }
        (base, capacity) = (grown, wanted)
    }

    private func release() {
        if reserved {
            #if os(Linux)
            munmap(base, capacity)
            #endif
        } else {
            free(base)
        }
    }

    /// A reservation of `bytes` addresses, or `nil` where there is none (not Linux, or refused).
    private static func reserve(_ bytes: Int) -> (base: UnsafeMutableRawPointer, bytes: Int)? {
        #if os(Linux)
        guard MemoryLayout<Int>.size >= 8,
              let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              mapped != MAP_FAILED else { return nil }
        // Advice only: if it is refused, the pages are ordinary ones.
        let huge = TableMemory.hugePage
        let start = (Int(bitPattern: mapped) + huge - 1) & ~(huge - 1)
        let end = Int(bitPattern: mapped) + bytes
        if end > start, let first = UnsafeMutableRawPointer(bitPattern: start) {
            _ = madvise(first, end - start, Int32(MADV_HUGEPAGE))
        }
        return (mapped, bytes)
        #else
        return nil
        #endif
    }
}

/// Fixed-size values appended one after another in ``GrowingMemory``: a column the search fills
/// with one entry a state or a step. A value (copied on write, like an array).
struct GrowingColumn<Element: BitwiseCopyable>: RandomAccessCollection, MutableCollection, Sendable {
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
