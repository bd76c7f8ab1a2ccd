import Dispatch
import NavigationCore
import NavigationGraph

extension ExplicitSearch {
    /// Frontier levels smaller than this are expanded on one thread.
    static var parallelThreshold: Int { 512 }
    /// Frontier states expanded in parallel before their successors are merged in order.
    static var chunkSize: Int { 4_096 }

    /// Expands `frontier` a chunk at a time on `workers` threads, storing the successors in the
    /// order one thread would. `false` when a budget stopped the search.
    mutating func exploreInParallel(_ frontier: FrontierBytes, workers: Int) throws(CheckerError) -> Bool {
        var start = 0
        while start < frontier.count {
            if let budget = checkpoint(waiting: frontier.count - start + upcoming.count) {
                stop(by: budget, unexpanded: frontier.count - start + upcoming.count)
                return false
            }
            let end = min(start + Self.chunkSize, frontier.count)
            let expanded = expand(frontier, start..<end, workers: workers)
            for (offset, successors) in expanded.enumerated() {
                let index = frontier.first + start + offset
                guard let successors else { throw .internalError("state \(index) did not decode") }
                for successor in successors {
                    let outcome: Outcome
                    switch successor.target {
                    case .cut(let bound): outcome = .cut(bound)
                    case .known(let known): outcome = .stored(.known(known))
                    case .new(let encoded):
                        outcome = .stored(try store(successor.state, parent: index, action: successor.action.code, encoded: encoded))
                    }
                    process(successor.action, successor.effects, top: successor.top, outcome, from: index)
                }
            }
            start = end
        }
        return true
    }

    /// Where a successor leads: past a depth bound, to a state already stored (found by a
    /// worker), or to a new state, with its encoding when a worker's copy of the encoder knew
    /// every route, flag and pending link in it.
    enum Target: Sendable {
        case cut(BoundCut.Bound)
        case known(Int)
        case new(encoded: [UInt8]?)
    }

    /// A successor computed by a worker: the action, what it did, and where it leads.
    struct Successor: Sendable {
        let action: ExplorerAction
        /// The successor when its target is new; otherwise the initial state stands in (which
        /// costs only references), so the successor's own storage stays with its worker.
        let state: NavigationState<R>
        let effects: GraphModel<R>.Effects
        /// The successor's visible route, for checking where a deep link landed.
        let top: R?
        let target: Target
    }

    /// Applies every enabled action to each state of `states` on `workers` threads, encodes the
    /// successors with copies of the encoder that do not intern, and looks them up in the table
    /// (read-only while the workers run). The merge then stores the rest in exactly the order one
    /// thread would have, so counts, tables and traces are identical.
    private func expand(_ frontier: FrontierBytes, _ positions: Range<Int>, workers: Int) -> [[Successor]?] {
        let model = self.model
        let bounds = self.bounds
        let table = self.table
        let initial = self.initial
        let base = positions.lowerBound
        let count = positions.count
        // `nil` for a state that did not decode (a bug: every frontier state was encoded by the
        // encoder the workers' encoders are copies of).
        let output = UnsafeMutableBufferPointer<[Successor]?>.allocate(capacity: count)
        output.initialize(repeating: [])
        defer {
            // The successor arrays are copied out below; release the buffer's own references.
            _ = output.deinitialize()
            output.deallocate()
        }
        let encoders = UnsafeMutableBufferPointer<StateEncoder<R>>.allocate(capacity: workers)
        encoders.initialize(repeating: encoder)
        defer {
            _ = encoders.deinitialize()
            encoders.deallocate()
        }
        let shared = ExpansionBuffers(output: output, encoders: encoders)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let encodingBuffer = EncodingBuffer()
            var actions = ActionList(capacity: model.maxActions)
            // The same parent and working state as on one thread (see `explore()`); only a new
            // state is handed on, as a copy.
            var parent = initial
            var work = initial
            var offset = worker
            while offset < count {
                var successors: [Successor] = []
                // Every frontier state was encoded by the encoder these are copies of.
                guard table.withBytes(at: base + offset, of: frontier, { shared.encoders[worker].decode($0, into: &parent) }) else {
                    shared.output[offset] = nil
                    offset += workers
                    continue
                }
                model.actions(in: parent, into: &actions)
                successors.reserveCapacity(actions.count)
                for slot in 0..<actions.count {
                    let action = actions[slot]
                    work.reset(to: parent)
                    let effects = model.apply(action, on: &work)
                    let top = work.top
                    let target: Target
                    if let cut = Checker.boundCut(work, bounds) {
                        target = .cut(cut)
                    } else {
                        if let bytes = shared.encoders[worker].encodeKnown(work, into: encodingBuffer) {
                            // Nothing stores while the workers run, so reading the table is safe,
                            // and a state found now keeps its number.
                            target = table.find(bytes, key: table.key(of: bytes)).map { .known($0) } ?? .new(encoded: Array(bytes))
                        } else {
                            target = .new(encoded: nil)
                        }
                    }
                    // For any successor but a new one the initial state stands in (which costs
                    // only references): nothing reads it.
                    if case .new = target {
                        successors.append(Successor(action: action, state: work, effects: effects, top: top, target: target))
                    } else {
                        successors.append(Successor(action: action, state: initial, effects: effects, top: top, target: target))
                    }
                }
                shared.output[offset] = successors
                offset += workers
            }
        }
        return Array(output)
    }
}

/// The output slots and per-worker encoders of one parallel expansion. Each worker writes only
/// the slots of its own offsets and uses only its own encoder, and the buffers outlive
/// `concurrentPerform`, so sharing them is safe.
private struct ExpansionBuffers<R: Route>: @unchecked Sendable {
    let output: UnsafeMutableBufferPointer<[ExplicitSearch<R>.Successor]?>
    let encoders: UnsafeMutableBufferPointer<StateEncoder<R>>
}
