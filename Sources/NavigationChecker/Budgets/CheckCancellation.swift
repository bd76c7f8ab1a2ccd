#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A switch that stops a running search from another thread (a signal handler's queue, a UI's
/// Cancel button). The search notices within a fraction of a second, stops cleanly, and its
/// result is inconclusive with what it explored.
///
/// ```swift
/// let cancellation = CheckCancellation()
/// let options = Checker<AppRoute>.Options(cancellation: cancellation)
/// // elsewhere: cancellation.cancel()
/// ```
public final class CheckCancellation: @unchecked Sendable {
    // A mutex rather than an atomic: `Synchronization.Atomic` needs macOS 15, and the search
    // reads this a few times a second, not per state.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var cancelled = false

    public init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Asks the search to stop.
    public func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_mutex_unlock(mutex)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return cancelled
    }
}
