import Dispatch
import Foundation
import NavigationChecker
import NavigationCheckerSymbolic

/// Ctrl-C (SIGINT) and SIGTERM during a long command: the first one cancels the running search,
/// which stops cleanly so its reports are written as inconclusive with what it explored; a
/// second one ends the process at once, as the signal would by default.
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
            source.setEventHandler { [weak self] in self?.receive(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    private func receive(_ signalNumber: Int32) {
        let first: Bool = lock.withLock {
            defer { received = received ?? signalNumber }
            return received == nil
        }
        guard first else {
            // A second signal: the user wants out now.
            signal(signalNumber, SIG_DFL)
            kill(getpid(), signalNumber)
            return
        }
        Console.error("navgraph: \(signalNumber == SIGINT ? "interrupted" : "terminated"); \(next) (press Ctrl-C again to quit at once)")
        cancellation.cancel()
    }

    /// The signal received, if any.
    var receivedSignal: Int32? { lock.withLock { received } }

    /// The conventional exit code of a process ended by the signal received: 128 + its number.
    var exitCode: ExitStatus? { receivedSignal.map(ExitStatus.interrupted(by:)) }
}
