/// The states of one breadth-first level, waiting to be expanded. States are stored in the
/// order they are found, so a level's states are numbered consecutively from ``first``.
///
/// With exact storage the table already holds every state's encoding, so a level is only its
/// numbers, and its states' bytes are read from the table (``StateTable/withBytes(of:_:)``).
/// With hash compaction the table keeps no bytes, and the level keeps its own: each waiting
/// state's encoding, back to back.
///
/// Kept as bytes rather than as `NavigationState` values, a waiting state costs
/// its encoding (tens of bytes) instead of its arrays, and expanding it rewrites one working state
/// in place instead of copying the parent's stacks on the first step.
struct FrontierBytes: Sendable {
    /// The number of the first state.
    private(set) var first = 0
    private(set) var count = 0
    /// Whether the level keeps its states' bytes (with hash compaction) or leaves them to the table.
    let keepsBytes: Bool
    private var bytes = ByteArena()
    /// Where each state's encoding ends in ``bytes``, when the level keeps them.
    private var ends: [Int] = []

    init(keepsBytes: Bool) {
        self.keepsBytes = keepsBytes
    }

    var isEmpty: Bool { count == 0 }

    /// Adds the state numbered `index`, encoded as `encoding`; states come in consecutive numbers.
    mutating func append(_ encoding: UnsafeBufferPointer<UInt8>, index: Int) {
        if count == 0 { first = index }
        count += 1
        guard keepsBytes else { return }
        bytes.append(encoding)
        ends.append(bytes.count)
    }

    /// Calls `body` with the encoding of the state at `position` (its number is `first +
    /// position`), from the level's own bytes: only when it ``keepsBytes``; else the table has them.
    func withBytes<T>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        precondition(keepsBytes, "this level's encodings are the table's")
        let start = position == 0 ? 0 : ends[position - 1]
        let end = ends[position]
        return bytes.withBytes(from: start, count: end - start, body)
    }
}

extension StateTable {
    /// Calls `body` with the encoding of the state at `position` of `frontier`: the level's own
    /// bytes, or this table's.
    @inline(__always)
    func withBytes<T>(at position: Int, of frontier: FrontierBytes, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        frontier.keepsBytes ? frontier.withBytes(at: position, body) : withBytes(of: frontier.first + position, body)
    }
}
