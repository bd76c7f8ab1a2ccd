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
    private var flagIDs: [FlagName: Int] = [:]
    /// The first declared flags, in id order: `flagOrder[id]` has bit `id`.
    private let flagOrder: [FlagName]
    private var pendingIDs: [PendingDeepLink: UInt16] = [:]
    /// Flag bits beyond the 64 that fit in a word (rare: only graphs with more flags).
    private var highFlags: [UInt8] = []

    init(routes: [R], flags: [FlagName]) {
        var order: [FlagName] = []
        for flag in flags where flagIDs[flag] == nil {
            flagIDs[flag] = flagIDs.count
            order.append(flag)
        }
        flagOrder = Array(order.prefix(16))
        for route in routes where routeIDs[route] == nil {
            let id = UInt16(routeIDs.count)
            routeIDs[route] = id
            remember(id, for: route)
        }
    }

    /// Appends the encoding of `state` to `bytes`, without interning anything new: returns
    /// false (with `bytes` unspecified) when the state has a route, flag or pending link this
    /// encoder has not seen, so a copy of the encoder on another thread can encode states
    /// exactly as the original would, or leave them to it.
    mutating func encodeKnown(_ state: NavigationState<R>, into bytes: inout [UInt8]) -> Bool {
        interning = false
        defer { interning = true }
        do { try encode(state, into: &bytes) } catch { return false }
        return true
    }

    /// Whether unseen routes, flags and pending links get new ids (else encoding throws).
    private var interning = true

    /// Appends the encoding of `state` to `bytes`.
    ///
    /// The bytes are written into a buffer on the stack, sized from the state, and appended in
    /// one copy: appending byte by byte checks the array's capacity and uniqueness every time.
    mutating func encode(_ state: NavigationState<R>, into bytes: inout [UInt8]) throws(Limit) {
        var routeCount = 0
        for tab in state.tabs { routeCount += tab.stack.depth }
        for modal in state.modals { routeCount += modal.stack.depth }
        let flagBytes = Self.flagByteBound(state.flags.count, known: flagIDs.count)
        let capacity = 2 + state.tabs.count + state.modals.count * 2 + routeCount * 2 + flagBytes + 2
        let failure: Limit? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = ByteWriter(buffer: buffer)
            do throws(Limit) {
                try write(state, to: &writer)
            } catch {
                return error
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
            return nil
        }
        if let failure { throw failure }
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
        for tab in state.tabs { try write(tab.stack.routes, to: &writer) }
        writer.put(UInt8(truncatingIfNeeded: state.modals.count))
        for modal in state.modals {
            writer.put((modal.style == .sheet ? 0 : 1) | (modal.providesNavigation ? 2 : 0))
            try write(modal.stack.routes, to: &writer)
        }
        try write(state.flags, to: &writer)
        writer.put(id: try pendingID(state.pendingDeepLink))
    }

    private mutating func write(_ routes: [R], to writer: inout ByteWriter) throws(Limit) {
        writer.put(UInt8(truncatingIfNeeded: routes.count))
        for route in routes { writer.put(id: try id(of: route)) }
    }

    /// The set flags as bits by id, trailing zero bytes dropped, after their byte count.
    private mutating func write(_ flags: Set<FlagName>, to writer: inout ByteWriter) throws(Limit) {
        var word: UInt64 = 0
        highFlags.removeAll(keepingCapacity: true)
        for flag in flags {
            let id = try flagID(flag)
            if id < 64 {
                word |= 1 << UInt64(id)
            } else {
                while highFlags.count <= (id - 64) / 8 { highFlags.append(0) }
                highFlags[(id - 64) / 8] |= 1 << UInt8(id % 8)
            }
        }
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

    /// A flag's bit: a scan of the declared names (short, and cheaper than hashing them), then
    /// the table of every flag seen.
    private mutating func flagID(_ flag: FlagName) throws(Limit) -> Int {
        if let index = flagOrder.firstIndex(of: flag) { return index }
        if let known = flagIDs[flag] { return known }
        guard interning else { throw .unknown }
        let id = flagIDs.count
        flagIDs[flag] = id
        return id
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
