/// The encoding of the state being expanded, kept so that the encodings of its successors can
/// be patched from it: a successor that differs from it only by a route pushed onto or popped
/// from the active stack, or only in its flags, is the same bytes with a length byte changed
/// and a route's id added or removed, or with other flag bytes (see ``StateEncoder`` for the
/// format). That is what the explorer knows of a step that the engine ran alone (see
/// `GraphModel.Undo`), and patching copies a few words where encoding walks the whole state.
/// Each patched successor comes with its key (see ``StateKey``), made from what it shares with
/// the parent where it can: every successor that pushes has the same family.
///
/// Both the copy of the parent and the patched successors keep sixteen bytes to spare, so bytes
/// are copied a word at a time, the last word running past the end.
final class ParentEncoding {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes of the parent's encoding.
    private(set) var count = 0
    /// Where the parent's active stack and flags are; `nil` when the bytes held are not laid
    /// out as a state of the tab count given (then nothing is patched).
    private var layout: EncodingLayout?
    /// The family every successor that pushes a route shares (see ``StateKey``), made when the
    /// parent is held.
    private var pushedFamily: UInt64 = 0
    /// The first half of the family hash of every successor that changes only the flags (the
    /// bytes before the top route id are the parent's), made for the first such successor.
    private var flagsBefore: UInt64?

    /// Whether the bytes held are laid out as a state (else nothing is patched).
    var isLaidOut: Bool { layout != nil }

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
        layout = EncodingLayout(encoding, tabs: tabs)
        flagIDs = nil
        if let layout {
            makePushedFamily(layout)
            flagIDs = readFlagIDs(layout)
        }
    }

    /// The parent's flags as ids (bits by id), read off its flag bytes; `nil` for bytes not laid
    /// out as a state, or when some flag's id is 64 or more (more than eight flag bytes).
    private(set) var flagIDs: UInt64?

    private func readFlagIDs(_ layout: EncodingLayout) -> UInt64? {
        let flagBytes = Int(bytes[layout.flags])
        guard flagBytes <= 8 else { return nil }
        var word: UInt64 = 0
        for index in 0..<flagBytes { word |= UInt64(bytes[layout.flags + 1 + index]) << UInt64(index * 8) }
        return word
    }

    /// Makes the family every successor that pushes shares: its bytes are the parent's with
    /// the active stack one longer and the new top's id between the stack and what follows it.
    private func makePushedFamily(_ layout: EncodingLayout) {
        let end = layout.activeEnd
        bytes[layout.activeLength] &+= 1
        let before = StateKey.before(UnsafeBufferPointer(start: bytes, count: end))
        bytes[layout.activeLength] &-= 1
        pushedFamily = StateKey.family(before: before, after: UnsafeBufferPointer(start: bytes + end, count: count - end))
        flagsBefore = nil
    }

    /// The successor with the route `id` pushed onto the active stack, written to `out` (which
    /// holds ``successorCapacity`` bytes), and its key; `nil` when the stack is as long as a
    /// length byte counts.
    @inline(__always)
    func pushing(_ id: UInt16, into out: UnsafeMutablePointer<UInt8>) -> KeyedEncoding? {
        guard let layout, bytes[layout.activeLength] < 255 else { return nil }
        let end = layout.activeEnd
        Self.copyWords(from: bytes, to: out, count: end)
        out[layout.activeLength] += 1
        UnsafeMutableRawPointer(out).storeBytes(of: id.littleEndian, toByteOffset: end, as: UInt16.self)
        Self.copyWords(from: bytes + end, to: out + end + 2, count: count - end)
        let successor = UnsafeBufferPointer(start: UnsafePointer(out), count: count + 2)
        return KeyedEncoding(bytes: successor, key: StateKey(family: pushedFamily, top: id))
    }

    /// The successor with the active stack's top popped, and its key.
    @inline(__always)
    func popping(into out: UnsafeMutablePointer<UInt8>) -> KeyedEncoding? {
        guard let layout, bytes[layout.activeLength] > 0 else { return nil }
        let end = layout.activeEnd
        Self.copyWords(from: bytes, to: out, count: end - 2)
        out[layout.activeLength] -= 1
        Self.copyWords(from: bytes + end, to: out + end - 2, count: count - end)
        let successor = UnsafeBufferPointer(start: UnsafePointer(out), count: count - 2)
        return KeyedEncoding(bytes: successor, key: StateKey(successor, topAt: out[layout.activeLength] > 0 ? end - 4 : nil))
    }

    /// The successor with the flags whose ids are the bits of `flagIDs` (ids below 64), and its key.
    @inline(__always)
    func withFlags(_ flagIDs: UInt64, into out: UnsafeMutablePointer<UInt8>) -> KeyedEncoding? {
        guard let layout else { return nil }
        let flags = layout.flags
        let flagBytes = (64 - flagIDs.leadingZeroBitCount + 7) / 8
        Self.copyWords(from: bytes, to: out, count: flags)
        out[flags] = UInt8(truncatingIfNeeded: flagBytes)
        let raw = UnsafeMutableRawPointer(out)
        // Little-endian; the bytes past `flagBytes` are zero, and the pending id overwrites them.
        raw.storeBytes(of: flagIDs.littleEndian, toByteOffset: flags + 1, as: UInt64.self)
        let pending = flags + 1 + flagBytes
        raw.storeBytes(of: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: count - 2, as: UInt16.self),
                       toByteOffset: pending, as: UInt16.self)
        let successor = UnsafeBufferPointer(start: UnsafePointer(out), count: pending + 2)
        guard let top = layout.top else { return KeyedEncoding(bytes: successor, key: StateKey(successor, topAt: nil)) }
        let before = flagsBefore ?? StateKey.before(UnsafeBufferPointer(start: bytes, count: top))
        flagsBefore = before
        let family = StateKey.family(before: before, after: UnsafeBufferPointer(rebasing: successor[(top + 2)...]))
        return KeyedEncoding(bytes: successor, key: StateKey(family: family, top: StateKey.id(in: successor, at: top)))
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

/// A state's encoding and its key.
struct KeyedEncoding {
    let bytes: UnsafeBufferPointer<UInt8>
    let key: StateKey
}
