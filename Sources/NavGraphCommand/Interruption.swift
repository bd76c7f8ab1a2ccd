import Dispatch
import Foundation
import NavigationChecker
import NavigationCheckerSymbolic

/// Ctrl-C (SIGINT) and SIGTERM during a long command: the first one cancels the running search,
/// which stops cleanly so its reports are written as inconclusive with what it explored; a
/// second one ends the process at once, as the signal would by default.
///
/// The second signal must not depend on the first being handled: a dispatch source merges
/// signals that arrive before its handler runs (two quick Ctrl-Cs reached the handler as one),
/// and its handler runs on a queue that a busy process may reach late. So the handler counts
/// every signal the source merged, and the first one puts both signals back to their default
/// action, after which the kernel ends the process on the next without asking this process.
final class Interruption: @unchecked Sendable {
    let cancellation = CheckCancellation()
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var received: Int32?

    /// What the command does with what the search found, for the message the first signal prints.
    private let next: String

    /// Starts listening for SIGINT and SIGTERM; `next` says what happens after the first one.
    init(then next: String = "writing the reports of what was explored") {
        self.next = next
        for signalNumber in [SIGINT, SIGTERM] {
            // The default action is set aside so the dispatch source sees the signal.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            // The handler holds its source (to read how many signals it merged); cancelling the
            // source in deinit releases the handler, and the cycle with it.
            source.setEventHandler { [weak self] in self?.receive(signalNumber, count: Int(source.data)) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// `count` signals of `signalNumber` arrived since the handler last ran (a dispatch source
    /// merges them).
    private func receive(_ signalNumber: Int32, count: Int) {
        let first: Bool = lock.withLock {
            defer { received = received ?? signalNumber }
            return received == nil
        }
        guard first, count < 2 else { Self.endNow(by: signalNumber) }
        // From now on the default action: the next signal ends the process in the kernel, even
        // while this handler (or its queue) is busy.
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        cancellation.cancel()
        Console.error("navgraph: \(signalNumber == SIGINT ? "interrupted" : "terminated"); \(next) (press Ctrl-C again to quit at once)")
    }

    /// Ends the process as `signalNumber` does by default (the parent sees the signal), and
    /// with its conventional exit code should the signal be blocked on this thread.
    private static func endNow(by signalNumber: Int32) -> Never {
        signal(signalNumber, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(signalNumber)
        _exit(128 + signalNumber)
    }

    /// The signal received, if any.
    var receivedSignal: Int32? { lock.withLock { received } }

    /// The conventional exit code of a process ended by the signal received: 128 + its number.
    var exitCode: ExitStatus? { receivedSignal.map(ExitStatus.interrupted(by:)) }
}
