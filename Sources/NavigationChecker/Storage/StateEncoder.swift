import NavigationCore

/// Turns navigation states into short canonical byte strings: route ids (two bytes each),
/// packed stacks with their lengths, flag bits and a pending-link id. Routes, flags and pending
/// links are interned on first sight, so routes a deep link builds outside the graph's samples
/// are encoded too.
///
/// Two states are equal exactly when their encodings are: every field of the state is in the
/// encoding, trailing zero flag bytes are dropped, and lengths prefix variable parts.
struct StateEncoder<R: Route> {
    enum Limit: Error {
        case tooManyRoutes
        /// Something unseen, while not interning.
        case unknown
    }

    private var routeIDs: [R: UInt16] = [:]
    /// For ``DynamicRoute``s: the id of each process-wide route number seen so far
    /// (`UInt16.max` for none), so the common case is an array read instead of a hash.
    private var idByNumber: [UInt16] = []
    /// The id of each flag by its process-wide number (`-1` for none), so finding a flag's bit
    /// is an array read; ids are given in order, `flagCount` so far.
    private var flagIDByNumber: [Int32] = []
    private var flagCount = 0
    private var pendingIDs: [PendingDeepLink: UInt16] = [:]

    init(routes: [R], flags: [FlagName]) {
        for flag in flags where knownFlagID(flag) == nil { _ = newFlagID(flag) }
        for route in routes where routeIDs[route] == nil {
            let id = UInt16(routeIDs.count)
            routeIDs[route] = id
            remember(id, for: route)
        }
    }

    /// Encodes `state` into `buffer` without interning anything new: returns `nil` when the
    /// state has a route, flag or pending link this encoder has not seen, so a copy of the
    /// encoder on another thread can encode states exactly as the original would, or leave
    /// them to it.
    mutating func encodeKnown(_ state: NavigationState<R>, into buffer: EncodingBuffer) -> UnsafeBufferPointer<UInt8>? {
        interning = false
        defer { interning = true }
        do { return try encode(state, into: buffer) } catch { return nil }
    }

    /// Whether unseen routes, flags and pending links get new ids (else encoding throws).
    private var interning = true

    /// Encodes `state` into `buffer` and returns the bytes, which stay valid until the buffer
    /// is written again. The buffer is sized from the state first, so writing checks nothing.
    mutating func encode(_ state: NavigationState<R>, into buffer: EncodingBuffer) throws(Limit) -> UnsafeBufferPointer<UInt8> {
        var routeCount = 0
        for index in state.tabs.indices { routeCount += state.tabs[index].stack.routes.count }
        for index in state.modals.indices { routeCount += state.modals[index].stack.routes.count }
        let flagBytes = Self.flagByteBound(state.flags.count, known: flagCount)
        let capacity = 2 + state.tabs.count + state.modals.count * 2 + routeCount * 2 + flagBytes + 2
        var writer = ByteWriter(buffer: buffer.reserve(capacity))
        try write(state, to: &writer)
        return UnsafeBufferPointer(rebasing: writer.buffer[..<writer.count])
    }

    /// Bytes written into a buffer known to be large enough.
    private struct ByteWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func put(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }

        mutating func put(id: UInt16) {
            put(UInt8(id & 0xFF))
            put(UInt8(id >> 8))
        }
    }

    private mutating func write(_ state: NavigationState<R>, to writer: inout ByteWriter) throws(Limit) {
        writer.put(UInt8(truncatingIfNeeded: state.selectedTabIndex))
        for index in state.tabs.indices { try write(state.tabs[index].stack.routes, to: &writer) }
        writer.put(UInt8(truncatingIfNeeded: state.modals.count))
        for index in state.modals.indices {
            let modal = state.modals[index]
            writer.put((modal.style == .sheet ? 0 : 1) | (modal.providesNavigation ? 2 : 0))
            try write(modal.stack.routes, to: &writer)
        }
        try write(state.flags, to: &writer)
        writer.put(id: try pendingID(state.pendingDeepLink))
    }

    private mutating func write(_ routes: [R], to writer: inout ByteWriter) throws(Limit) {
        writer.put(UInt8(truncatingIfNeeded: routes.count))
        if R.self == DynamicRoute.self {
            // The common case, every route seen before: an array read per route.
            let start = writer.count
            let allKnown = idByNumber.withUnsafeBufferPointer { ids in
                routes.withUnsafeBufferPointer { stack in
                    for route in stack {
                        let number = Int(unsafeBitCast(route, to: DynamicRoute.self).internedNumber)
                        guard number < ids.count, ids[number] != .max else { return false }
                        writer.put(id: ids[number])
                    }
                    return true
                }
            }
            if allKnown { return }
            writer.count = start
        }
        for index in routes.indices { writer.put(id: try id(of: routes[index])) }
    }

    /// The set flags as bits by id, trailing zero bytes dropped, after their byte count.
    private mutating func write(_ flags: FlagSet, to writer: inout ByteWriter) throws(Limit) {
        var word: UInt64 = 0
        var known = flags.fitsInWord
        if known {
            // The common case: every flag has an id below 64, found by its number.
            var numbers = flags.wordOfNumbers
            while numbers != 0 {
                let number = numbers.trailingZeroBitCount
                numbers &= numbers - 1
                let id = number < flagIDByNumber.count ? Int(flagIDByNumber[number]) : -1
                guard id >= 0 && id < 64 else { known = false; break }
                word |= 1 << UInt64(id)
            }
        }
        guard known else { return try writeAny(flags, to: &writer) }
        Self.put(flagWord: word, beyond: [], to: &writer)
    }

    /// The same for any flags: unseen ones get ids, ids from 64 on go after the word.
    private mutating func writeAny(_ flags: FlagSet, to writer: inout ByteWriter) throws(Limit) {
        var word: UInt64 = 0
        var highFlags: [UInt8] = []
        for flag in flags {
            let id = try flagID(flag)
            if id < 64 {
                word |= 1 << UInt64(id)
            } else {
                while highFlags.count <= (id - 64) / 8 { highFlags.append(0) }
                highFlags[(id - 64) / 8] |= 1 << UInt8(id % 8)
            }
        }
        Self.put(flagWord: word, beyond: highFlags, to: &writer)
    }

    /// The flag bytes' count, then the word's bytes (trailing zero bytes dropped when nothing
    /// follows), then the bytes of ids from 64 on.
    private static func put(flagWord word: UInt64, beyond highFlags: [UInt8], to writer: inout ByteWriter) {
        let wordBytes = highFlags.isEmpty ? (64 - word.leadingZeroBitCount + 7) / 8 : 8
        writer.put(UInt8(truncatingIfNeeded: wordBytes + highFlags.count))
        for index in 0..<wordBytes { writer.put(UInt8(truncatingIfNeeded: word >> UInt64(index * 8))) }
        for byte in highFlags { writer.put(byte) }
    }

    /// The most flag bytes (with their count) a state with `count` set flags can need, when
    /// `known` flags have ids (an unseen flag gets the next id): a word, then the rest.
    private static func flagByteBound(_ count: Int, known: Int) -> Int {
        1 + 8 + (known + count) / 8 + 1
    }

    private mutating func pendingID(_ pending: PendingDeepLink?) throws(Limit) -> UInt16 {
        guard let pending else { return 0 }
        if let known = pendingIDs[pending] { return known }
        guard interning else { throw .unknown }
        let id = UInt16(truncatingIfNeeded: pendingIDs.count + 1)
        pendingIDs[pending] = id
        return id
    }

    /// A flag's bit: an array read by the flag's number, else a new id.
    private mutating func flagID(_ flag: FlagName) throws(Limit) -> Int {
        if let known = knownFlagID(flag) { return known }
        guard interning else { throw .unknown }
        return newFlagID(flag)
    }

    private func knownFlagID(_ flag: FlagName) -> Int? {
        let number = Int(flag.internedNumber)
        guard number < flagIDByNumber.count, flagIDByNumber[number] >= 0 else { return nil }
        return Int(flagIDByNumber[number])
    }

    private mutating func newFlagID(_ flag: FlagName) -> Int {
        let number = Int(flag.internedNumber)
        if number >= flagIDByNumber.count { flagIDByNumber.append(contentsOf: repeatElement(-1, count: number + 1 - flagIDByNumber.count)) }
        flagIDByNumber[number] = Int32(truncatingIfNeeded: flagCount)
        flagCount += 1
        return flagCount - 1
    }

    private mutating func id(of route: R) throws(Limit) -> UInt16 {
        if R.self == DynamicRoute.self {
            let number = Int(unsafeBitCast(route, to: DynamicRoute.self).internedNumber)
            if number < idByNumber.count, idByNumber[number] != .max { return idByNumber[number] }
        }
        if let known = routeIDs[route] { return known }
        guard interning else { throw .unknown }
        guard routeIDs.count < Int(UInt16.max) else { throw .tooManyRoutes }
        let id = UInt16(routeIDs.count)
        routeIDs[route] = id
        remember(id, for: route)
        return id
    }

    /// Records a ``DynamicRoute``'s id by its process-wide number.
    private mutating func remember(_ id: UInt16, for route: R) {
        guard R.self == DynamicRoute.self else { return }
        let number = Int(unsafeBitCast(route, to: DynamicRoute.self).internedNumber)
        if number >= idByNumber.count { idByNumber.append(contentsOf: repeatElement(UInt16.max, count: number + 1 - idByNumber.count)) }
        idByNumber[number] = id
    }
}

/// The bytes a state is encoded into, reused for every state a thread encodes (a thread of its
/// own for each worker): growing is the only allocation.
final class EncodingBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The first `count` bytes, grown to hold them if needed (their contents are not kept).
    func reserve(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        if count > capacity {
            base.deallocate()
            capacity = max(count, capacity * 2)
            base = .allocate(capacity: capacity)
        }
        return UnsafeMutableBufferPointer(start: base, count: count)
    }
}
