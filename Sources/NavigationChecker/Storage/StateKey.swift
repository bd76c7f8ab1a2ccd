/// What the state table files a state under: a hash of the whole state, and a hash of its
/// *family*, the state without the route on top of its active stack.
///
/// Siblings (states that differ only in the route on top of the active stack) share a family,
/// and the table places each state near its family's slot (see ``StateTable``). Most steps
/// push or pop that route, so the successors of one state, and the successors of its siblings,
/// which breadth-first search expands one after another, mostly fall in a few families, and a
/// lookup finds its slot's cache line already loaded by a lookup a moment before instead of
/// waiting on memory: on the generated graphs the first read of a slot was the largest single
/// cost of exploring.
///
/// The hash is made from the family's and the top route's id, so the successors of a state that
/// push a route, which share their family, cost a few instructions each to key.
struct StateKey: Equatable {
    /// The hash of the encoding without the active stack's top route id (of the whole encoding
    /// when the active stack is empty).
    let family: UInt64
    /// The hash of the whole state: its family's and its top route id mixed.
    let hash: UInt64

    /// The key of a state in `family` whose active stack has `top` (a route id) on top, or is
    /// empty (`nil`).
    @inline(__always)
    init(family: UInt64, top: UInt16?) {
        self.family = family
        // The top (or its absence) multiplied into the family, then a bijective avalanche: two
        // states of one family with different tops never share a hash.
        var hash = family ^ ((top.map { UInt64($0) &+ 1 } ?? 0) &* 0x9E37_79B9_7F4A_7C15)
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        self.hash = hash
    }

    /// A key of `family` and `hash` as given (for tests that place states where they choose).
    init(family: UInt64, hash: UInt64) {
        self.family = family
        self.hash = hash
    }

    /// The key of the encoding `bytes`, whose active stack's top route id is the two bytes at
    /// `top` (`nil` when that stack is empty).
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, topAt top: Int?) {
        self.init(family: Self.family(bytes, topAt: top), top: top.map { Self.id(in: bytes, at: $0) })
    }

    /// The key of the encoding `bytes` of a state with `tabs` tabs, its top found by walking its
    /// layout (none for bytes not laid out as a state).
    init(_ bytes: UnsafeBufferPointer<UInt8>, tabs: Int) {
        self.init(bytes, topAt: EncodingLayout(bytes, tabs: tabs)?.top)
    }

    /// The family hash of `bytes` whose active stack's top route id is at `top`: of the bytes
    /// before it, then of the bytes after it.
    @inline(__always)
    static func family(_ bytes: UnsafeBufferPointer<UInt8>, topAt top: Int?) -> UInt64 {
        guard let top else { return hash(bytes, seed: 0x6A09_E667_F3BC_C909) }
        return family(before: before(UnsafeBufferPointer(rebasing: bytes[..<top])),
                      after: UnsafeBufferPointer(rebasing: bytes[(top + 2)...]))
    }

    /// The first half of a family hash: of the bytes before the top route id.
    @inline(__always)
    static func before(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(bytes, seed: 0xCBF2_9CE4_8422_2325)
    }

    /// A family hash from its first half and the bytes after the top route id.
    @inline(__always)
    static func family(before: UInt64, after bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(bytes, seed: before)
    }

    /// The route id at `offset` of `bytes` (little-endian, as the encoder writes it).
    @inline(__always)
    static func id(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// Eight bytes at a time (the last word zero-padded, the length mixed in), each word
    /// multiplied in, with a final avalanche so nearby encodings spread over the table.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash: UInt64 = seed ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        let rest = bytes.count - offset
        if rest > 0 {
            // The last one to seven bytes, read as a four-, a two- and a one-byte load into a
            // word that is zero above them.
            var last: UInt64 = 0
            var shift: UInt64 = 0
            if rest & 4 != 0 {
                last = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                offset += 4
                shift = 32
            }
            if rest & 2 != 0 {
                last |= UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << shift
                offset += 2
                shift += 16
            }
            if rest & 1 != 0 {
                last |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
            }
            hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
        }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash
    }
}

/// Where the parts of an encoding are (see ``StateEncoder`` for the format): the active
/// stack (the topmost modal's stack, else the selected tab's) and the flags.
struct EncodingLayout {
    /// The offset of the active stack's length byte; its route ids follow, up to ``activeEnd``.
    let activeLength: Int
    let activeEnd: Int
    /// The offset of the flag bytes' count; the flag bytes follow, then the pending link's id.
    let flags: Int

    /// The offset of the active stack's top route id, `nil` when the stack is empty.
    var top: Int? { activeEnd - 2 > activeLength ? activeEnd - 2 : nil }

    /// Walks the stacks of `bytes`, the encoding of a state with `tabs` tabs (the encoding does
    /// not count them): each tab's, then the modal count, then each modal's kind and stack, then
    /// the flag count. `nil` when the bytes do not hold such a state.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, tabs: Int) {
        let count = bytes.count
        guard count > 0 else { return nil }
        let selected = Int(bytes[0])
        var position = 1
        var lastStack = (length: 0, end: 0)
        var tabStack = (length: -1, end: -1)
        for tab in 0..<tabs {
            guard position < count else { return nil }
            lastStack = (position, position + 1 + Int(bytes[position]) * 2)
            position = lastStack.end
            if tab == selected { tabStack = lastStack }
        }
        // A tab-scoped state's layers follow another layout (StateEncoder.tabScopedFlag): none
        // here, so its steps go through the runtime.
        guard position < count, tabStack.length >= 0, bytes[position] & 0x80 == 0 else { return nil }
        let modals = Int(bytes[position])
        position += 1
        for _ in 0..<modals {
            position += 1
            guard position < count else { return nil }
            lastStack = (position, position + 1 + Int(bytes[position]) * 2)
            position = lastStack.end
        }
        let active = modals == 0 ? tabStack : lastStack
        guard position < count, position + 1 + Int(bytes[position]) + 2 == count else { return nil }
        (activeLength, activeEnd, flags) = (active.length, active.end, position)
    }
}
