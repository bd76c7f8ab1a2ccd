/// The states of one breadth-first level, waiting to be expanded: their encodings back to back.
/// States are stored in the order they are found, so a level's states are numbered
/// consecutively from ``first``.
///
/// Kept as bytes rather than as ``NavigationCore/NavigationState`` values, a waiting state costs
/// its encoding (tens of bytes) instead of its arrays, and expanding it rewrites one working state
/// in place instead of copying the parent's stacks on the first step.
struct FrontierBytes: Sendable {
    /// The number of the first state.
    private(set) var first = 0
    private var bytes = ByteArena()
    /// Where each state's encoding ends in ``bytes``.
    private var ends: [Int] = []

    var count: Int { ends.count }
    var isEmpty: Bool { ends.isEmpty }

    /// Adds the state numbered `index`, encoded as `encoding`; states come in consecutive numbers.
    mutating func append(_ encoding: UnsafeBufferPointer<UInt8>, index: Int) {
        if ends.isEmpty { first = index }
        bytes.append(encoding)
        ends.append(bytes.count)
    }

    /// Calls `body` with the encoding of the state at `position` (its number is `first + position`).
    func withBytes<T>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let start = position == 0 ? 0 : ends[position - 1]
        let end = ends[position]
        return bytes.withBytes(from: start, count: end - start, body)
    }
}
