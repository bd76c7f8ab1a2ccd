import NavigationChecker

/// The closure of a set of states under the parts of a partitioned relation, by *saturation*
/// (after Ciardo, Lüttgen and Siminiceanu): node by node, bottom-up, each node closed under the
/// parts that act at or below its variable before the node above it uses it.
///
/// Why: chaining applies every part to the whole set, pass after pass, until a pass adds
/// nothing; each application costs the whole set's diagram, and the set grows through
/// intermediate shapes larger than the closure. Most parts act on one stack: a push on tab
/// t's stack writes one slot of tab t's block and reads, above it, the selected tab, the flags
/// and whether a window layer is up (guards), and nothing of the other tabs' blocks.
/// Saturation applies such a part only where it acts, to the sub-diagrams that hang below the
/// guards it reads, and closes each of those before the parts above see them.
///
/// How, over BDDs (whose nodes skip variables): a *context* is the list of parts still to
/// close under, each with its relation cofactored by the variables fixed on the way down.
/// A part is *ready* when its cofactored relation reads no variable above the first variable it
/// writes. At a node whose root is variable x, the walk descends on the smallest of x and the
/// topmost guard a part not yet ready still reads (a variable no part writes there): each
/// branch gets the context cofactored by that variable's value, and a part whose relation
/// becomes false is dropped. The ready parts that write at or above that variable act *here*:
/// their image of the whole sub-diagram (BuDDy's relational product, quantifying their written
/// variables only) is added, and the sum closed again under the parts below, until an image
/// adds nothing. What the parts below write lies under the variable descended on and what they
/// read above it is fixed on the path, so each branch closes on its own; the result is the
/// least set above the input closed under every part, the same set as chaining.
///
/// Each (node, context) is closed once per ``close(_:)`` and remembered across calls (a closed
/// set is its own closure), so a set grown by a deep-link transaction re-closes only the
/// nodes the transaction changed. The memo holds a reference to every node in it and is
/// emptied at the start of a closure once it has passed ``memoLimit`` entries.
final class SymbolicSaturation {
    private let parts: [SymbolicRelation.Part]
    /// Per part, its first (topmost) written current-state variable.
    private let firstWritten: [Int]
    private let diagrams: DecisionDiagrams

    private struct Context {
        /// The parts still to close under, each with its relation cofactored on the path.
        let entries: [(part: Int, relation: Diagram)]
        /// The topmost variable read by a part that is not ready (`Int.max`: none).
        let guardTop: Int
    }

    private struct MemoKey: Hashable {
        let node: Int32
        let context: Int
    }

    private struct StepKey: Hashable {
        let context: Int
        let variable: Int
        let value: Bool
    }

    private struct SplitKey: Hashable {
        let context: Int
        let variable: Int
    }

    private var contexts: [Context] = []
    private var contextIDs: [[Int32]: Int] = [:]
    private var steps: [StepKey: Int] = [:]
    private var splits: [SplitKey: (here: [Int], below: Int)] = [:]
    private var memo: [MemoKey: (input: Diagram, output: Diagram)] = [:]
    /// The context of every part, nothing fixed.
    private var root = 0
    /// The empty context.
    private var none = 0

    /// Past this many entries the memo is emptied (it keeps every node in it alive).
    let memoLimit: Int

    /// Nodes closed (memo misses), for reading the clock every 4,096 of them.
    private var nodesClosed = 0

    init(_ relation: SymbolicRelation, _ diagrams: DecisionDiagrams, memoLimit: Int = 500_000) {
        self.parts = relation.parts
        self.diagrams = diagrams
        self.memoLimit = memoLimit
        firstWritten = relation.parts.map { $0.currentSet.support.first ?? Int.max }
        none = intern([])
        root = intern(relation.parts.indices.map { ($0, relation.parts[$0].relation) })
    }

    /// `states` and everything the parts lead to from them, in any number of steps.
    func close(_ states: Diagram) throws(SymbolicError) -> Diagram {
        if memo.count > memoLimit { memo.removeAll(keepingCapacity: true) }
        do {
            let result = try saturate(states, root)
            try diagrams.checkpoint()
            return result
        } catch {
            // Results computed after a stop are meaningless: none may be remembered.
            memo.removeAll()
            throw error
        }
    }

    private func saturate(_ states: Diagram, _ context: Int) throws(SymbolicError) -> Diagram {
        if states.isFalse || context == none { return states }
        let key = MemoKey(node: states.node, context: context)
        if let known = memo[key] { return known.output }
        nodesClosed += 1
        // A long walk between images still stops near a deadline: the clock every 4,096 nodes.
        if nodesClosed & 4_095 == 0, diagrams.isStopped { try diagrams.checkpoint() }
        let descend = min(states.rootVariable ?? Int.max, contexts[context].guardTop)
        let split = self.split(context, at: descend)
        var result: Diagram
        if split.here.isEmpty {
            guard descend != Int.max else { return states }
            let low = try saturate(states.cofactor(descend, false), step(context, descend, false))
            let high = try saturate(states.cofactor(descend, true), step(context, descend, true))
            result = diagrams.node(descend, whenTrue: high, whenFalse: low)
        } else {
            result = try saturate(states, split.below)
            var grew = true
            while grew {
                grew = false
                for entry in split.here {
                    let (index, relation) = contexts[context].entries[entry]
                    let part = parts[index]
                    let new = result.andExists(relation, part.currentSet).renamed(part.toCurrent).without(result)
                    // The clock only (a checkpoint reads the process's memory from the system):
                    // BuDDy's hooks watch the memory budget, and `close` checkpoints at its end.
                    if diagrams.isStopped { try diagrams.checkpoint() }
                    guard !new.isFalse else { continue }
                    result = try saturate(result || new, split.below)
                    grew = true
                }
            }
        }
        memo[key] = (states, result)
        memo[MemoKey(node: result.node, context: context)] = (result, result)
        return result
    }

    /// The context `context` with `variable` fixed to `value`.
    private func step(_ context: Int, _ variable: Int, _ value: Bool) -> Int {
        let key = StepKey(context: context, variable: variable, value: value)
        if let known = steps[key] { return known }
        var entries: [(part: Int, relation: Diagram)] = []
        for entry in contexts[context].entries {
            guard entry.relation.rootVariable == variable else { entries.append(entry); continue }
            let relation = entry.relation.cofactor(variable, value)
            if !relation.isFalse { entries.append((entry.part, relation)) }
        }
        let id = intern(entries)
        steps[key] = id
        return id
    }

    /// The entries of `context` that act at a node where the walk descends on `variable`
    /// (ready, writing at or above it), and the context of the others.
    private func split(_ context: Int, at variable: Int) -> (here: [Int], below: Int) {
        let key = SplitKey(context: context, variable: variable)
        if let known = splits[key] { return known }
        var here: [Int] = []
        var below: [(part: Int, relation: Diagram)] = []
        for (position, entry) in contexts[context].entries.enumerated() {
            let first = firstWritten[entry.part]
            if (entry.relation.rootVariable ?? Int.max) >= first && first <= variable {
                here.append(position)
            } else {
                below.append(entry)
            }
        }
        let result = (here, here.isEmpty ? context : intern(below))
        splits[key] = result
        return result
    }

    private func intern(_ entries: [(part: Int, relation: Diagram)]) -> Int {
        let key = entries.flatMap { [Int32($0.part), $0.relation.node] }
        if let known = contextIDs[key] { return known }
        var guardTop = Int.max
        for entry in entries {
            let top = entry.relation.rootVariable ?? Int.max
            if top < firstWritten[entry.part] { guardTop = min(guardTop, top) }
        }
        contexts.append(Context(entries: entries, guardTop: guardTop))
        contextIDs[key] = contexts.count - 1
        return contexts.count - 1
    }
}
