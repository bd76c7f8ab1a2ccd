#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension SymbolicSaturation {
    /// Bytes of stack the walk is given per current-state variable: its recursion is at most
    /// twice as deep as there are variables (see the type's discussion), and a frame measured
    /// about 610 bytes in a release build (the Mastodon-shaped sample with tab-scoped sheets at
    /// stack depth 8: 1,448 frames, 880 KB); debug frames are larger.
    static let stackBytesPerVariable = 16 * 1_024

    /// `body` run on a thread of its own whose stack holds `bytes`, the caller waiting for it.
    ///
    /// Why: the walk recurses once per variable on its way down (1,448 frames for the
    /// Mastodon-shaped sample at stack depth 8, 880 KB), past the 512 KiB that macOS gives a
    /// secondary thread and Swift's cooperative threads, where a command-line run or a test may
    /// call it. Only one thread works in the BuDDy session at a time (the caller is blocked),
    /// so the session's state needs no locking. It calls pthreads, not Foundation's `Thread`,
    /// because the engine's module does not import Foundation and the stack size must be set
    /// before the thread starts. When the system refuses the attributes or the thread (no
    /// memory for the stack), the walk runs on the calling thread: the main thread's 8 MiB
    /// holds it for layouts up to about 6,000 variables, and a secondary thread's may not.
    static func onLargeStack<T>(bytes: Int, _ body: () throws(SymbolicError) -> T) throws(SymbolicError) -> T {
        var outcome: Result<T, SymbolicError>?
        withoutActuallyEscaping({ () -> Void in
            do throws(SymbolicError) { outcome = .success(try body()) } catch { outcome = .failure(error) }
        }) { work in
            let box = Unmanaged.passRetained(WorkBox(work))
            defer { box.release() }
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else {
                work()
                return
            }
            defer { pthread_attr_destroy(&attributes) }
            let page = max(4_096, Int(sysconf(Int32(_SC_PAGESIZE))))
            let rounded = (bytes + page - 1) / page * page
            guard pthread_attr_setstacksize(&attributes, rounded) == 0 else {
                work()
                return
            }
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            // The start routine's parameter is optional in Glibc's signature, not in Darwin's.
            #if canImport(Darwin)
            let entry: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = { pointer in
                runWork(pointer)
                return nil
            }
            #else
            let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { pointer in
                if let pointer { runWork(pointer) }
                return nil
            }
            #endif
            let started = pthread_create(&thread, &attributes, entry, box.toOpaque())
            guard started == 0 else {
                work()
                return
            }
            #if canImport(Darwin)
            if let thread { pthread_join(thread, nil) }
            #else
            pthread_join(thread, nil)
            #endif
        }
        switch outcome {
        case .success(let value)?: return value
        case .failure(let error)?: throw error
        case nil: preconditionFailure("the saturation walk's thread ended without an outcome")
        }
    }
}

/// Runs the work whose box `pointer` holds (the large-stack thread's start routine).
private func runWork(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<WorkBox>.fromOpaque(pointer).takeUnretainedValue().work()
}

/// The work handed to the large-stack thread (a class, so one pointer crosses the C call).
private final class WorkBox {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}
