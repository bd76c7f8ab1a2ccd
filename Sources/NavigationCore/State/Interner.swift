#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A process-wide table of values, each numbered on first sight with a 32-bit number it keeps
/// for the life of the process: what ``DynamicRoute``, ``FlagName`` and ``TabID`` are numbers into.
///
/// Interning makes those types plain four-byte values: route stacks copy as memory, with no
/// reference counting per route, and comparing or hashing two routes or flags compares or
/// hashes one integer, which is most of what the explorer does with them.
///
/// Entries live in fixed chunks that never move, found through a directory that never moves,
/// so reading an entry takes no lock: a number is only handed out after its entry is written
/// (under the lock), and whoever holds the number received it after that. Adding an entry
/// takes the lock. Entries are never removed, which is the price of interning: a process that
/// builds millions of distinct routes (say, from deep links with ever new ids) keeps them.
final class Interner<Entry: Hashable>: @unchecked Sendable {
    /// 2^16 chunks of 2^16 entries: every `UInt32` is a possible number, so the table cannot run
    /// out before memory does, while the directory stays at 512 KB (a chunk is allocated, not
    /// touched, so its pages only become resident as entries fill them).
    private static var chunkBits: UInt32 { 16 }
    private static var chunkSize: Int { 1 << Int(chunkBits) }
    private static var chunkCount: Int { 1 << 16 }

    private let directory: UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
    private let lock = InternLock()
    /// Guarded by `lock`.
    private var numbers: [Entry: UInt32] = [:]

    init() {
        directory = .allocate(capacity: Self.chunkCount)
        directory.initialize(repeating: nil, count: Self.chunkCount)
    }

    /// The number of `entry`, adding it when it is new.
    func number(of entry: Entry) -> UInt32 {
        lock.withLock {
            if let known = numbers[entry] { return known }
            let number = UInt32(truncatingIfNeeded: numbers.count)
            let chunkIndex = Int(number >> Self.chunkBits)
            let chunk: UnsafeMutablePointer<Entry>
            if let existing = directory[chunkIndex] {
                chunk = existing
            } else {
                chunk = .allocate(capacity: Self.chunkSize)
                directory[chunkIndex] = chunk
            }
            (chunk + Int(number & UInt32(Self.chunkSize - 1))).initialize(to: entry)
            numbers[entry] = number
            return number
        }
    }

    /// The entry of a number this table handed out.
    func entry(_ number: UInt32) -> Entry {
        // Every number came from `number(of:)`, which wrote the chunk pointer and the entry
        // before returning it.
        let chunk = directory[Int(number >> Self.chunkBits)].unsafelyUnwrapped
        return chunk[Int(number & UInt32(Self.chunkSize - 1))]
    }
}

/// The routes behind ``DynamicRoute``.
struct RouteEntry: Hashable {
    let name: String
    let arguments: [DynamicRoute.Argument]
}

let routeTable = Interner<RouteEntry>()
/// The names behind ``FlagName`` and ``TabID`` (one table: a number means the same text in both).
let nameTable = Interner<String>()

/// A plain mutex (the standard library's `Mutex` needs macOS 15; this package supports 14).
final class InternLock: @unchecked Sendable {
    #if canImport(Darwin)
    private let raw: UnsafeMutablePointer<os_unfair_lock>
    init() {
        raw = .allocate(capacity: 1)
        raw.initialize(to: os_unfair_lock())
    }
    func withLock<T>(_ body: () -> T) -> T {
        os_unfair_lock_lock(raw)
        defer { os_unfair_lock_unlock(raw) }
        return body()
    }
    #else
    private let raw: UnsafeMutablePointer<pthread_mutex_t>
    init() {
        raw = .allocate(capacity: 1)
        raw.initialize(to: pthread_mutex_t())
        pthread_mutex_init(raw, nil)
    }
    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(raw)
        defer { pthread_mutex_unlock(raw) }
        return body()
    }
    #endif

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(raw)
        #endif
        raw.deinitialize(count: 1)
        raw.deallocate()
    }
}
