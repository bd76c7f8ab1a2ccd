/// The encoding of the state being expanded, kept so that the encodings of its successors can
/// be patched from it: a successor that differs from it only by a route pushed onto or popped
/// from the active stack, or only in its flags, is the same bytes with a length byte changed
/// and a route's id added or removed, or with other flag bytes (see ``StateEncoder`` for the
/// format). That is what the explorer knows of a step that the engine ran alone (see
/// `GraphModel.Undo`), and patching copies a few words where encoding walks the whole state.
///
/// Both the copy of the parent and the patched successors keep sixteen bytes to spare, so bytes
/// are copied a word at a time, the last word running past the end.
final class ParentEncoding {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes of the parent's encoding.
    private(set) var count = 0
    /// The active stack's length byte (the topmost modal's stack, else the selected tab's);
    /// the stack's ids follow it, up to `activeEnd`.
    private var activeLength = 0
    private var activeEnd = 0
    /// The flag bytes' count: the flag bytes follow, then the pending link's two-byte id.
    private var flags = 0
    /// Whether the bytes held are laid out as a state of the tab count given (else nothing is
    /// patched).
    private(set) var isLaidOut = false

    /// Bytes every successor may need beyond its parent's count, and that word copies may run over.
    static let slack = 16

    init(capacity: Int = 256) {
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
        bytes.initialize(repeating: 0, count: capacity)
    }

    deinit { bytes.deallocate() }

    /// The parent's encoding, as held.
    var encoding: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }

    /// The bytes a successor of this parent can need at most.
    var successorCapacity: Int { count + Self.slack }

    /// Holds a copy of the encoding of the state at `position` of `frontier` (see
    /// ``hold(_:tabs:)``).
    func hold(_ position: Int, of frontier: FrontierBytes, in table: borrowing StateTable, tabs: Int) {
        table.withBytes(at: position, of: frontier) { hold($0, tabs: tabs) }
    }

    /// Holds a copy of `encoding`, the encoding of a state with `tabs` tabs (the encoding does
    /// not count them), and finds where its active stack and flags are.
    func hold(_ encoding: UnsafeBufferPointer<UInt8>, tabs: Int) {
        if encoding.count + Self.slack > capacity {
            bytes.deallocate()
            capacity = max(encoding.count + Self.slack, capacity * 2)
            bytes = .allocate(capacity: capacity)
            bytes.initialize(repeating: 0, count: capacity)
        }
        count = encoding.count
        if let source = encoding.baseAddress { bytes.update(from: source, count: count) }
        isLaidOut = layOut(tabs: tabs)
    }

    /// Walks the stacks: each tab's, then the modal count, then each modal's kind and stack,
    /// then the flag count. `false` when the bytes do not hold such a state.
    private func layOut(tabs: Int) -> Bool {
        guard count > 0 else { return false }
        let selected = Int(bytes[0])
        var position = 1
        var lastStack = (length: 0, end: 0)
        var tabStack = (length: -1, end: -1)
        for tab in 0..<tabs {
            guard position < count else { return false }
            lastStack = (position, position + 1 + Int(bytes[position]) * 2)
            position = lastStack.end
            if tab == selected { tabStack = lastStack }
        }
        guard position < count, tabStack.length >= 0 else { return false }
        let modals = Int(bytes[position])
        position += 1
        for _ in 0..<modals {
            position += 1
            guard position < count else { return false }
            lastStack = (position, position + 1 + Int(bytes[position]) * 2)
            position = lastStack.end
        }
        let active = modals == 0 ? tabStack : lastStack
        guard position < count, position + 1 + Int(bytes[position]) + 2 == count else { return false }
        (activeLength, activeEnd, flags) = (active.length, active.end, position)
        return true
    }

    /// The successor with the route `id` pushed onto the active stack, written to `out` (which
    /// holds ``successorCapacity`` bytes); `nil` when the stack is as long as a length byte counts.
    @inline(__always)
    func pushing(_ id: UInt16, into out: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard isLaidOut, bytes[activeLength] < 255 else { return nil }
        Self.copyWords(from: bytes, to: out, count: activeEnd)
        out[activeLength] += 1
        UnsafeMutableRawPointer(out).storeBytes(of: id.littleEndian, toByteOffset: activeEnd, as: UInt16.self)
        Self.copyWords(from: bytes + activeEnd, to: out + activeEnd + 2, count: count - activeEnd)
        return UnsafeBufferPointer(start: out, count: count + 2)
    }

    /// The successor with the active stack's top popped.
    @inline(__always)
    func popping(into out: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard isLaidOut, bytes[activeLength] > 0 else { return nil }
        Self.copyWords(from: bytes, to: out, count: activeEnd - 2)
        out[activeLength] -= 1
        Self.copyWords(from: bytes + activeEnd, to: out + activeEnd - 2, count: count - activeEnd)
        return UnsafeBufferPointer(start: out, count: count - 2)
    }

    /// The successor with the flags whose ids are the bits of `flagIDs` (ids below 64).
    @inline(__always)
    func withFlags(_ flagIDs: UInt64, into out: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard isLaidOut else { return nil }
        let flagBytes = (64 - flagIDs.leadingZeroBitCount + 7) / 8
        Self.copyWords(from: bytes, to: out, count: flags)
        out[flags] = UInt8(truncatingIfNeeded: flagBytes)
        let raw = UnsafeMutableRawPointer(out)
        // Little-endian; the bytes past `flagBytes` are zero, and the pending id overwrites them.
        raw.storeBytes(of: flagIDs.littleEndian, toByteOffset: flags + 1, as: UInt64.self)
        let pending = flags + 1 + flagBytes
        raw.storeBytes(of: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: count - 2, as: UInt16.self),
                       toByteOffset: pending, as: UInt16.self)
        return UnsafeBufferPointer(start: out, count: pending + 2)
    }

    /// Copies `count` bytes a word at a time: up to seven bytes past `count` are read and
    /// written, which the slack of both buffers holds. (A call to `memcpy` cost more than the
    /// copy for encodings of tens of bytes.)
    @inline(__always)
    private static func copyWords(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        var offset = 0
        while offset < count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
    }
}
