import Foundation

/// Counts the expensive steps of a verification (lint runs, models built, searches), for the
/// tests that hold the verification pipeline to doing each once per graph.
///
/// Off unless a test binds one with ``WorkTally/$current``: the steps read the task-local
/// and find `nil`, one load and a branch, none of them on a per-state path.
///
/// ```swift
/// let tally = WorkTally()
/// try WorkTally.$current.withValue(tally) { _ = try verification.run() }
/// #expect(tally.count(of: .lint) == 1)
/// ```
package final class WorkTally: @unchecked Sendable {
    /// A step worth counting.
    package enum Step: String, Hashable, Sendable, CaseIterable {
        /// `GraphLinter.lint` over a whole graph.
        case lint
        /// A `GraphModel` built (the executor, pipeline and action tables of a graph).
        case model
        /// A search over a graph's states, by either engine.
        case search
    }

    /// The tally the steps of the current task count into, if any.
    @TaskLocal package static var current: WorkTally?

    private let lock = NSLock()
    private var counts: [Step: Int] = [:]

    package init() {}

    /// How often `step` happened while this tally was bound.
    package func count(of step: Step) -> Int { lock.withLock { counts[step, default: 0] } }

    /// Counts `step` in the current task's tally, if one is bound.
    package static func record(_ step: Step) {
        guard let tally = current else { return }
        tally.lock.withLock { tally.counts[step, default: 0] += 1 }
    }
}
