import CBuDDy
import NavigationChecker

/// The closure of a set of states under a model's actions, by *saturation* (after Ciardo,
/// Lüttgen and Siminiceanu): node by node, bottom-up, each node closed under the actions that
/// act at or below its variable before the node above it uses it.
///
/// Why: chaining applies every action to the whole set, pass after pass, until a pass adds
/// nothing; each application costs the whole set's diagram, and the set grows through
/// intermediate shapes larger than the closure. Most actions act on one stack: a push on tab
/// t's stack writes one slot of tab t's block and reads, above it, the selected tab, the flags
/// and whether a window layer is up (guards), and nothing of the other tabs' blocks; so does a
/// deep link that pushes on the selected tab, or an event whose commands act on one tab.
/// Saturation applies such an action only where it acts, to the sub-diagrams that hang below
/// the guards it reads, and closes each of those before the actions above see them.
///
/// How, over BDDs (whose nodes skip variables): an action is a ``SymbolicSaturationEvent`` (a
/// single command, a navigating event's steps, or a link's transaction) and a *context* is the
/// list of actions still to close under, each with its diagrams (filter, bounds, every
/// command's relation) cofactored by the variables fixed on the way down. An action's first
/// written variable is the topmost one a command it can still run writes (a command whose
/// relation turned false no longer counts: a link that pushes on the selected tab writes, once
/// the selection is fixed, that tab's block only). An action is *ready* when none of its
/// cofactored diagrams reads a variable above its first written one. At a node whose root is
/// variable x, the walk descends on the smallest of x and the topmost guard an action not yet
/// ready still reads (a variable it reads and does not write): each branch gets the context
/// cofactored by that variable's value, and an action that can no longer run is dropped. The
/// ready actions that write at or above that variable act *here*: their image of the whole
/// sub-diagram (BuDDy's relational products, one per command, quantifying that command's written
/// variables only) is added, and the sum closed again under the actions below, until an image
/// adds nothing. What the actions below write lies under the variable descended on and what
/// they read above it is fixed on the path (no command of theirs writes it, so every command
/// of a transaction reads it unchanged), so each branch closes on its own; the result is the
/// least set above the input closed under every action, the same set as chaining.
///
/// Each (node, context) is closed once and remembered across calls (a closed set is its own
/// closure). The memo holds a reference to every node in it and is emptied whenever it reaches
/// ``memoLimit`` entries, in the middle of a walk too: it is a cache, and a frame holds its own
/// references to what it still needs. Measured on the Mastodon-shaped sample with tab-scoped
/// sheets at stack depth 8 (release, processor time of the walk, peak resident of a run cut at
/// 20 s): unbounded, 1.94 million entries, 6.3 s, 580 MB; 1,000,000, 7.6 s, 440 MB; 500,000,
/// 9.6 s, 372 MB (with a `Dictionary` of diagrams; ``SaturationMemo`` took about a sixth off the
/// reachable set and 100 MB off the peak, and 2,000,000 entries were no faster beyond the noise).
///
/// Recursion: each call descends on a variable strictly below its caller's, or stays on the
/// same node with a context that has no action acting there, so the depth is at most twice
/// the current-state variables (see `docs/ARCHITECTURE.md` for the measured depth and frame).
final class SymbolicSaturation {
    private let events: [SymbolicSaturationEvent]
    /// Per action, per position among its diagrams: the first current-state variable the
    /// command's part at that position writes (`Int.max` for the filter, bounds and domains).
    private let writesFrom: [[Int]]
    private let diagrams: DecisionDiagrams
    /// The current-state variables, which bound the walk's recursion.
    private let variableCount: Int

    private struct Entry {
        let event: Int
        /// The action's diagrams (``SymbolicSaturationEvent/diagrams``), cofactored on the path.
        let diagrams: [Diagram]
        /// The first variable a command that can still run writes.
        let first: Int
        /// The topmost variable any of ``diagrams`` reads (`Int.max`: none).
        let top: Int
    }

    private struct Context {
        let entries: [Entry]
        /// The topmost variable read by an action that is not ready (`Int.max`: none).
        let guardTop: Int
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
    private let memo: SaturationMemo
    /// The context of every action, nothing fixed.
    private var root = 0
    /// The empty context.
    private var none = 0

    /// At this many entries the memo is emptied (it keeps every node in it alive).
    let memoLimit: Int

    /// Nodes closed (memo misses), for reading the clock every 4,096 of them.
    private var nodesClosed = 0
    /// Called with the nodes closed so far every 4,096 of them (on the walk's thread, the
    /// caller waiting), for progress reports.
    var progress: ((Int) -> Void)?

    /// The closure under the single-command parts of `relation`.
    convenience init(_ relation: SymbolicRelation, _ diagrams: DecisionDiagrams, memoLimit: Int = 1_000_000) {
        self.init(events: relation.parts.map { SymbolicSaturationEvent(part: $0, diagrams) }, diagrams, memoLimit: memoLimit)
    }

    /// The closure under `events`.
    init(events: [SymbolicSaturationEvent], _ diagrams: DecisionDiagrams, memoLimit: Int = 1_000_000) {
        self.events = events
        self.diagrams = diagrams
        self.memoLimit = memoLimit
        memo = SaturationMemo(diagrams)
        variableCount = diagrams.variableCount / 2
        writesFrom = events.map { event in
            var firsts = [Int.max, Int.max]
            for stage in event.stages {
                firsts.append(Int.max)
                firsts += stage.parts.map { $0.currentSet.support.first ?? Int.max }
            }
            return firsts
        }
        none = intern([])
        root = intern(events.indices.compactMap { entry($0, events[$0].diagrams) })
    }

    /// `states` and everything the actions lead to from them, in any number of steps.
    func close(_ states: Diagram) throws(SymbolicError) -> Diagram {
        do {
            let result = try Self.onLargeStack(bytes: max(8 << 20, variableCount * Self.stackBytesPerVariable)) { () throws(SymbolicError) in
                try saturate(states, root)
            }
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
        if let known = memo.output(node: states.node, context: context) { return known }
        nodesClosed += 1
        // A long walk between images still stops near a deadline: the clock every 4,096 nodes.
        if nodesClosed & 4_095 == 0 {
            progress?(nodesClosed)
            if diagrams.isStopped { try diagrams.checkpoint() }
        }
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
                for position in split.here {
                    let new = image(of: result, contexts[context].entries[position]).without(result)
                    // The clock only (a checkpoint reads the process's memory from the system):
                    // BuDDy's hooks watch the memory budget, and `close` checkpoints at its end.
                    if diagrams.isStopped { try diagrams.checkpoint() }
                    guard !new.isFalse else { continue }
                    result = try saturate(result || new, split.below)
                    grew = true
                }
            }
        }
        if memo.count >= memoLimit { memo.removeAll() }
        memo.remember(node: states.node, context: context, output: result.node)
        memo.remember(node: result.node, context: context, output: result.node)
        return result
    }

    /// The states the action of `entry` leads to from `states`: its commands one after another.
    private func image(of states: Diagram, _ entry: Entry) -> Diagram {
        let event = events[entry.event]
        var current = states && entry.diagrams[0]
        var position = 2
        for stage in event.stages {
            let domain = entry.diagrams[position]
            position += 1
            var image = diagrams.false
            for part in stage.parts {
                let relation = entry.diagrams[position]
                position += 1
                guard !relation.isFalse, !current.isFalse else { continue }
                image = image || current.andExists(relation, part.currentSet).renamed(part.toCurrent)
            }
            if stage.keepsUnmatched { image = image || current.without(domain) }
            current = image
        }
        return current && entry.diagrams[1]
    }

    /// The action `event` with `diagrams` as its cofactored diagrams; `nil` when it can no
    /// longer run (its filter or bounds false, a transaction's command that no piece runs, or
    /// nothing left that writes).
    private func entry(_ event: Int, _ diagrams: [Diagram]) -> Entry? {
        guard !diagrams[0].isFalse, !diagrams[1].isFalse else { return nil }
        var first = Int.max
        var position = 2
        for stage in events[event].stages {
            position += 1
            var runs = false
            for _ in stage.parts {
                if !diagrams[position].isFalse {
                    runs = true
                    first = min(first, writesFrom[event][position])
                }
                position += 1
            }
            if !runs && !stage.keepsUnmatched { return nil }
        }
        guard first != Int.max else { return nil }
        let top = diagrams.reduce(Int.max) { min($0, $1.rootVariable ?? Int.max) }
        return Entry(event: event, diagrams: diagrams, first: first, top: top)
    }

    /// The context `context` with `variable` fixed to `value`.
    private func step(_ context: Int, _ variable: Int, _ value: Bool) -> Int {
        let key = StepKey(context: context, variable: variable, value: value)
        if let known = steps[key] { return known }
        var entries: [Entry] = []
        for entry in contexts[context].entries {
            guard entry.top == variable else { entries.append(entry); continue }
            let cofactored = entry.diagrams.map { $0.rootVariable == variable ? $0.cofactor(variable, value) : $0 }
            if let new = self.entry(entry.event, cofactored) { entries.append(new) }
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
        var below: [Entry] = []
        for (position, entry) in contexts[context].entries.enumerated() {
            if entry.top >= entry.first && entry.first <= variable {
                here.append(position)
            } else {
                below.append(entry)
            }
        }
        let result = (here, here.isEmpty ? context : intern(below))
        splits[key] = result
        return result
    }

    private func intern(_ entries: [Entry]) -> Int {
        var key: [Int32] = []
        for entry in entries {
            key.append(Int32(entry.event))
            key += entry.diagrams.map(\.node)
        }
        if let known = contextIDs[key] { return known }
        var guardTop = Int.max
        for entry in entries where entry.top < entry.first { guardTop = min(guardTop, entry.top) }
        contexts.append(Context(entries: entries, guardTop: guardTop))
        contextIDs[key] = contexts.count - 1
        return contexts.count - 1
    }
}

/// The saturation memo: a (node, context) pair closed once, mapped to its closure, in an
/// open-addressing table of BuDDy node numbers. Each node remembered (the pair's node and its
/// closure) holds a BuDDy reference of its own, taken when remembered and dropped when the memo
/// is emptied, so a collection cannot free a node a key names. BuDDy's reference count saturates
/// at 1,023 and then never drops: a node named by that many entries at once (as a key or as a
/// closure) stays in BuDDy's node table until the session ends: memory, never a wrong result.
///
/// Why not a `Dictionary` of ``Diagram`` pairs: on the Mastodon-shaped sample at stack depth 8
/// the walk closes 1.8 million pairs, and with the dictionary's hashing and the two objects
/// allocated, retained and freed per entry the reachable set took 15.5–18.6 s and 445 MB at
/// the peak; with this table 13.7–14.9 s and 345 MB (Benchmarks/README.md).
final class SaturationMemo {
    private let diagrams: DecisionDiagrams
    /// `node << 32 | context`; ``empty`` for a free slot.
    private var keys: [UInt64]
    private var outputs: [Int32]
    private var bits = 10
    /// Entries remembered.
    private(set) var count = 0
    private static let empty = UInt64.max

    /// A table that starts small (a small graph's walk closes a few hundred pairs) and doubles
    /// whenever it is half full.
    init(_ diagrams: DecisionDiagrams) {
        self.diagrams = diagrams
        keys = [UInt64](repeating: Self.empty, count: 1 << bits)
        outputs = [Int32](repeating: 0, count: 1 << bits)
    }

    deinit { removeAll() }

    /// Contexts are interned in an array, so their numbers stay far below 2^32.
    private static func key(_ node: Int32, _ context: Int) -> UInt64 {
        UInt64(UInt32(bitPattern: node)) << 32 | UInt64(UInt32(truncatingIfNeeded: context))
    }

    /// The slot holding `key`, or the free slot where it would go.
    private func slot(_ key: UInt64) -> Int {
        let mask = (1 << bits) - 1
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
        while keys[slot] != Self.empty && keys[slot] != key { slot = (slot + 1) & mask }
        return slot
    }

    /// The closure remembered for `node` under `context`, as a diagram holding its own reference.
    func output(node: Int32, context: Int) -> Diagram? {
        let key = Self.key(node, context)
        let found = slot(key)
        guard keys[found] == key else { return nil }
        return Diagram(outputs[found], diagrams)
    }

    /// Remembers `output` as the closure of `node` under `context`.
    func remember(node: Int32, context: Int, output: Int32) {
        let key = Self.key(node, context)
        let found = slot(key)
        _ = bdd_addref(output)
        if keys[found] == key {
            _ = bdd_delref(outputs[found])
            outputs[found] = output
            return
        }
        _ = bdd_addref(node)
        keys[found] = key
        outputs[found] = output
        count += 1
        if 2 * count > keys.count { grow() }
    }

    /// Twice the slots, every entry placed again (its references stay with it).
    private func grow() {
        let oldKeys = keys, oldOutputs = outputs
        bits += 1
        keys = [UInt64](repeating: Self.empty, count: 1 << bits)
        outputs = [Int32](repeating: 0, count: 1 << bits)
        for index in oldKeys.indices where oldKeys[index] != Self.empty {
            let free = slot(oldKeys[index])
            keys[free] = oldKeys[index]
            outputs[free] = oldOutputs[index]
        }
    }

    /// Forgets every entry, dropping the references they held (none once the session ended:
    /// BuDDy has freed every node then).
    func removeAll() {
        guard count > 0 else { return }
        let open = diagrams.isOpen
        for index in keys.indices where keys[index] != Self.empty {
            if open {
                _ = bdd_delref(Int32(bitPattern: UInt32(truncatingIfNeeded: keys[index] >> 32)))
                _ = bdd_delref(outputs[index])
            }
            keys[index] = Self.empty
        }
        count = 0
    }
}
