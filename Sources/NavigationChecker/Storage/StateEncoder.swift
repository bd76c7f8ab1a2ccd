import NavigationCore

/// Turns navigation states into short canonical byte strings: route ids (two bytes each),
/// packed stacks with their lengths, flag bits and a pending id. Routes, flags and pendings
/// (the pending deep link and the pending retry, as one pair) are interned on first sight, so
/// routes a deep link builds outside the graph's samples are encoded too.
///
/// Two states are equal exactly when their encodings are: every field of the state is in the
/// encoding, trailing zero flag bytes are dropped, and lengths prefix variable parts. The tabs'
/// names are not written: every state the explorer meets has the initial state's tabs (commands
/// change their stacks, never the tabs themselves), so each tab is its position.
///
/// Encodings decode back into states (``decode(_:into:)``): the explorer keeps the states it has
/// yet to expand as these bytes and rewrites one working state from them.
///
/// Layout: the selected tab's index; each tab's stack (a length byte, then two bytes per
/// route); the shown modal layers' count, then each layer's kind (``ModalLayerCode``) and
/// stack; the flags; the pending id. A state with tab-scoped modals (`ModalScope.tab`) sets
/// the top bit of the layer count (so at most 127 layers are shown) and writes, after the
/// shown layers, how many of them are the selected tab's and then, per tab, its hidden layers'
/// count and layers. Without tab-scoped modals nothing of that is written, so every state of a
/// graph whose modals are the window's encodes as it did before modal scopes existed, and
/// ``EncodingLayout`` (which patches successors) does not lay out the longer form: those
/// states are encoded the general way.
struct StateEncoder<R: Route> {
    enum Limit: Error {
        case tooManyRoutes
        /// More than 255 tabs, modal layers, or routes on one stack: counts are one byte.
        case tooLarge
    }

    private var routeIDs: [R: UInt16] = [:]
    /// For ``DynamicRoute``s: the id of each process-wide route number seen so far
    /// (`UInt16.max` for none), so the common case is an array read instead of a hash.
    private var idByNumber: [UInt16] = []
    /// The id of each flag by its process-wide number (`-1` for none), so finding a flag's bit
    /// is an array read; ids are given in order, `flagCount` so far.
    private var flagIDByNumber: [Int32] = []
    private var flagCount = 0
    private var pendingIDs: [Pendings: UInt16] = [:]
    /// The inverse tables, for decoding: each id's route, flag (and the flag's number) and
    /// pendings (id 1 is the first).
    private var routesByID: [R] = []
    private var flagsByID: [FlagName] = []
    private var flagNumbersByID: [UInt32] = []
    private var pendingsByID: [Pendings] = []

    /// What a state holds pending: its deep link and its retry, interned as one pair so that
    /// the byte format has one pending id (0 for neither), and states that differ only by
    /// their pending retry differ in it.
    struct Pendings: Hashable {
        var link: PendingDeepLink?
        var retry: PendingRetry?
    }

    init(routes: [R], flags: [FlagName]) {
        for flag in flags where knownFlagID(flag) == nil { _ = newFlagID(flag) }
        for route in routes where routeIDs[route] == nil { _ = newRouteID(route) }
    }

    /// Encodes `state` into `buffer` and returns the bytes, which stay valid until the buffer
    /// is written again. The buffer is sized from the state first, so writing checks nothing.
    mutating func encode(_ state: NavigationState<R>, into buffer: EncodingBuffer) throws(Limit) -> UnsafeBufferPointer<UInt8> {
        if R.self == DynamicRoute.self && quickly, let bytes = encodeQuickly(state, into: buffer) { return bytes }
        var routeCount = 0
        for index in state.tabs.indices { routeCount += state.tabs[index].stack.routes.count }
        for index in state.modals.indices { routeCount += state.modals[index].stack.routes.count }
        guard state.tabs.count <= 255 && state.modals.count <= 255 else { throw .tooLarge }
        // The tab-scoped modals' part: the selected tab's count, then each tab's hidden layers.
        var tabScopedBytes = 0
        if state.hasTabScopedModals {
            guard state.modals.count <= Int(Self.maxTabScopedShownLayers) else { throw .tooLarge }
            tabScopedBytes = 1 + state.tabs.count
            for hidden in state.hiddenTabModals {
                guard hidden.count <= 255 else { throw .tooLarge }
                tabScopedBytes += hidden.count * 2
                for layer in hidden { routeCount += layer.stack.routes.count }
            }
        }
        let flagBytes = Self.flagByteBound(state.flags.count, known: flagCount)
        // Sixteen bytes to spare: the quick way stores the flags as a whole word.
        let capacity = 2 + state.tabs.count + state.modals.count * 2 + tabScopedBytes + routeCount * 2 + flagBytes + 2 + 16
        var writer = ByteWriter(buffer: buffer.reserve(capacity))
        try write(state, to: &writer)
        return UnsafeBufferPointer(rebasing: writer.buffer[..<writer.count])
    }

    /// Rewrites `state` in place into the state `bytes` encode, bytes this encoder (or the
    /// encoder it was copied from) wrote. `state` must have the tabs of the encoded state, which
    /// every state the explorer meets has. Only what differs is written, into storage `state`
    /// owns, so a working state that shares nothing is rewritten without copying or allocating.
    /// Returns `false`, with `state` partly rewritten, for bytes that do not decode.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>, into state: inout NavigationState<R>) -> Bool {
        var reader = ByteReader(bytes: bytes)
        let selected = Int(reader.byte())
        guard selected < state.tabs.count else { return false }
        state.restoreSelectedTabIndex(selected)
        routesByID.withUnsafeBufferPointer { table in
            for tab in state.tabs.indices {
                state.withRoutes(ofTab: tab) { Self.read(&reader, into: &$0, table: table) }
            }
            let countByte = reader.byte()
            let tabScoped = countByte & Self.tabScopedFlag != 0
            let modals = Int(countByte & ~Self.tabScopedFlag)
            state.keepModals(modals)
            for level in 0..<modals where !reader.failed {
                let kind = reader.byte()
                guard let style = ModalLayerCode.style(of: kind) else {
                    reader.failed = true
                    break
                }
                state.withRoutes(ofModal: level, style: style, providesNavigation: kind & ModalLayerCode.providesNavigation != 0) {
                    Self.read(&reader, into: &$0, table: table)
                }
            }
            if tabScoped {
                Self.readTabScopedModals(&reader, shown: modals, into: &state, table: table)
            } else if state.hasTabScopedModals {
                // Only then: the call is not specialised for the route type, and looking up
                // its metadata on every decode was 9% of a search.
                state.restoreTabModals(selectedCount: 0, hidden: [])
            }
        }
        guard let flags = readFlags(&reader) else { return false }
        state.restoreFlags(flags)
        let pending = Int(reader.id())
        guard pending <= pendingsByID.count, !reader.failed, reader.position == bytes.count else { return false }
        let pendings = pending == 0 ? Pendings() : pendingsByID[pending - 1]
        state.restorePendingDeepLink(pendings.link)
        state.restorePendingRetry(pendings.retry)
        return true
    }

    /// The top bit of the shown layers' count: the tab-scoped modals' part follows the layers.
    static var tabScopedFlag: UInt8 { 0x80 }
    /// The most shown layers a state with tab-scoped modals can encode (the count's other bits).
    static var maxTabScopedShownLayers: UInt8 { 0x7F }

    /// The tab-scoped modals' part (see the layout above): how many of the `shown` layers are
    /// the selected tab's, then each tab's hidden layers. Marks `reader` failed for bytes that
    /// do not hold a consistent part (more of the selected tab's layers than are shown, layers
    /// hidden with the selected tab, nothing tab-scoped at all: not canonical).
    private static func readTabScopedModals(_ reader: inout ByteReader, shown: Int, into state: inout NavigationState<R>,
                                            table: UnsafeBufferPointer<R>) {
        let selectedCount = Int(reader.byte())
        var hidden: [[ModalLayer<R>]] = []
        for tab in state.tabs.indices where !reader.failed {
            var layers: [ModalLayer<R>] = []
            for _ in 0..<Int(reader.byte()) where !reader.failed {
                let kind = reader.byte()
                guard let style = ModalLayerCode.style(of: kind) else {
                    reader.failed = true
                    break
                }
                var routes: [R] = []
                read(&reader, into: &routes, table: table)
                layers.append(ModalLayer(style: style, providesNavigation: kind & ModalLayerCode.providesNavigation != 0, stack: RouteStack(routes)))
            }
            if tab == state.selectedTabIndex && !layers.isEmpty { reader.failed = true }
            hidden.append(layers)
        }
        let anyHidden = hidden.contains { !$0.isEmpty }
        guard !reader.failed, selectedCount <= shown, selectedCount > 0 || anyHidden else {
            reader.failed = true
            return
        }
        state.restoreTabModals(selectedCount: selectedCount, hidden: anyHidden ? hidden : [])
    }

    /// A stack's routes: its length, then each route's id.
    private static func read(_ reader: inout ByteReader, into routes: inout [R], table: UnsafeBufferPointer<R>) {
        let count = Int(reader.byte())
        let start = reader.position
        guard start + count * 2 <= reader.bytes.count, let base = reader.bytes.baseAddress else { reader.failed = true; return }
        if count == 0 {
            routes.removeAll(keepingCapacity: true)
            return
        }
        guard let placeholder = table.first else { reader.failed = true; return }
        // A step pushes or pops a route or two, so the length usually changes by a little.
        while routes.count > count { routes.removeLast() }
        while routes.count < count { routes.append(placeholder) }
        let raw = UnsafeRawPointer(base + start)
        let valid = routes.withUnsafeMutableBufferPointer { stack in
            for index in 0..<count {
                let id = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
                guard id < table.count else { return false }
                stack[index] = table[id]
            }
            return true
        }
        reader.position = start + count * 2
        if !valid { reader.failed = true }
    }

    /// The flags from their bytes: bits by id, the first eight bytes for ids below 64.
    private func readFlags(_ reader: inout ByteReader) -> FlagSet? {
        let count = Int(reader.byte())
        guard reader.position + count <= reader.bytes.count else { return nil }
        var idWord: UInt64 = 0
        for index in 0..<min(count, 8) { idWord |= UInt64(reader.byte()) << UInt64(index * 8) }
        var numbers: UInt64 = 0
        var fits = count <= 8
        var bits = idWord
        while bits != 0 && fits {
            let id = bits.trailingZeroBitCount
            bits &= bits - 1
            guard id < flagNumbersByID.count else { return nil }
            let number = flagNumbersByID[id]
            if number < 64 { numbers |= 1 << UInt64(number) } else { fits = false }
        }
        if fits { return FlagSet(wordOfNumbers: numbers) }
        // Some flag is numbered from 64 on, or has an id from 64 on: name by name.
        var flags = FlagSet()
        var id = 0
        for byteIndex in 0..<count {
            let byte = byteIndex < 8 ? UInt8(truncatingIfNeeded: idWord >> UInt64(byteIndex * 8)) : reader.byte()
            for bit in 0..<8 where byte & (1 << UInt8(bit)) != 0 {
                guard id + bit < flagsByID.count else { return nil }
                flags.insert(flagsByID[id + bit])
            }
            id += 8
        }
        return flags
    }

    /// Reads bytes written by a ``ByteWriter``; reading past the end gives zeros and sets `failed`.
    private struct ByteReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        var failed = false

        mutating func byte() -> UInt8 {
            guard position < bytes.count else { failed = true; return 0 }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func id() -> UInt16 {
            let low = UInt16(byte())
            return low | UInt16(byte()) << 8
        }
    }

    /// Whether ``encode(_:into:)`` tries ``encodeQuickly(_:into:)`` first (tests turn it off to
    /// compare the two ways).
    var quickly = true
    /// The last set of flag numbers turned into flag ids, and those ids: a successor mostly has
    /// its parent's flags.
    private var lastFlagNumbers: UInt64 = 0
    private var lastFlagIDs: UInt64 = 0
    /// The last pendings given an id, and their id.
    private var lastPending = Pendings()
    private var lastPendingID: UInt16 = 0

    /// The same bytes as the general way, for the states nearly all are: routes of the graph
    /// (as ``DynamicRoute``s, every one with an id), flags numbered and identified below 64, and
    /// nothing pending or the pendings last given an id. Written straight into the buffer;
    /// `nil` leaves the state to the general way.
    private mutating func encodeQuickly(_ state: NavigationState<R>, into buffer: EncodingBuffer) -> UnsafeBufferPointer<UInt8>? {
        // Tab-scoped modals are written the general way only (their part is rare and longer).
        guard !state.hasTabScopedModals else { return nil }
        let pendingID: UInt16
        if state.pendingDeepLink == nil && state.pendingRetry == nil {
            pendingID = 0
        } else if state.pendingDeepLink == lastPending.link && state.pendingRetry == lastPending.retry {
            pendingID = lastPendingID
        } else {
            return nil
        }
        guard let flagIDs = flagIDs(of: state.flags) else { return nil }
        return writeQuickly(state, flagIDs: flagIDs, pendingID: pendingID, into: buffer)
    }

    /// The writing half of ``encodeQuickly(_:into:)``: not mutating, so reading the id table
    /// needs no reference of its own.
    private func writeQuickly(_ state: NavigationState<R>, flagIDs: UInt64, pendingID: UInt16,
                              into buffer: EncodingBuffer) -> UnsafeBufferPointer<UInt8>? {
        let flagBytes = (64 - flagIDs.leadingZeroBitCount + 7) / 8
        return state.tabs.withUnsafeBufferPointer { tabs in
            state.modals.withUnsafeBufferPointer { modals in
                guard tabs.count <= 255 && modals.count <= 255 else { return nil }
                // Written into the buffer as it is, each stack checked to fit (with room for
                // the modal layers' bytes and the last eleven: flag count, the flags stored as
                // a whole word, the pending id); a state that does not fit goes the general
                // way, which grows the buffer.
                let out = buffer.base, capacity = buffer.capacity
                let raw = UnsafeMutableRawPointer(out)
                let reserved = 1 + modals.count * 2 + 11
                guard 1 + reserved <= capacity else { return nil }
                return idByNumber.withUnsafeBufferPointer { ids in
                    var count = 0
                    /// A stack: its length, then its routes' ids; `false` for an unknown route.
                    @inline(__always)
                    func put(_ routes: [R]) -> Bool {
                        guard routes.count <= 255, count + 1 + routes.count * 2 + reserved <= capacity else { return false }
                        out[count] = UInt8(truncatingIfNeeded: routes.count)
                        count += 1
                        let target = raw + count
                        let known = routes.withUnsafeBufferPointer { stack in
                            for index in stack.indices {
                                let number = Int(unsafeBitCast(stack[index], to: DynamicRoute.self).internedNumber)
                                guard number < ids.count, ids[number] != .max else { return false }
                                target.storeBytes(of: ids[number].littleEndian, toByteOffset: index &* 2, as: UInt16.self)
                            }
                            return true
                        }
                        count += routes.count * 2
                        return known
                    }
                    out[count] = UInt8(truncatingIfNeeded: state.selectedTabIndex)
                    count += 1
                    for tab in tabs { guard put(tab.stack.routes) else { return nil } }
                    out[count] = UInt8(truncatingIfNeeded: modals.count)
                    count += 1
                    for modal in modals {
                        out[count] = ModalLayerCode.byte(style: modal.style, providesNavigation: modal.providesNavigation)
                        count += 1
                        guard put(modal.stack.routes) else { return nil }
                    }
                    out[count] = UInt8(truncatingIfNeeded: flagBytes)
                    count += 1
                    // Little-endian; the bytes past `flagBytes` are zero, and overwritten next.
                    raw.storeBytes(of: flagIDs.littleEndian, toByteOffset: count, as: UInt64.self)
                    count += flagBytes
                    raw.storeBytes(of: pendingID.littleEndian, toByteOffset: count, as: UInt16.self)
                    count += 2
                    return UnsafeBufferPointer(start: out, count: count)
                }
            }
        }
    }

    /// Flag numbers (bits by number) as flag ids (bits by id), or `nil` when a flag has no id
    /// yet or an id from 64 on.
    private func flagIDWord(_ numbers: UInt64) -> UInt64? {
        var word: UInt64 = 0
        var remaining = numbers
        while remaining != 0 {
            let number = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            let id = number < flagIDByNumber.count ? Int(flagIDByNumber[number]) : -1
            guard id >= 0 && id < 64 else { return nil }
            word |= 1 << UInt64(id)
        }
        return word
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
        let tabScoped = state.hasTabScopedModals
        writer.put(UInt8(truncatingIfNeeded: state.modals.count) | (tabScoped ? Self.tabScopedFlag : 0))
        for index in state.modals.indices { try write(state.modals[index], to: &writer) }
        if tabScoped {
            writer.put(UInt8(truncatingIfNeeded: state.selectedTabModalCount))
            for tab in state.tabs.indices {
                let hidden = state.hiddenTabModals.isEmpty ? [] : state.hiddenTabModals[tab]
                writer.put(UInt8(truncatingIfNeeded: hidden.count))
                for layer in hidden { try write(layer, to: &writer) }
            }
        }
        try write(state.flags, to: &writer)
        writer.put(id: try pendingID(Pendings(link: state.pendingDeepLink, retry: state.pendingRetry)))
    }

    /// A modal layer: its kind, then its stack.
    private mutating func write(_ modal: ModalLayer<R>, to writer: inout ByteWriter) throws(Limit) {
        writer.put(ModalLayerCode.byte(style: modal.style, providesNavigation: modal.providesNavigation))
        try write(modal.stack.routes, to: &writer)
    }

    private mutating func write(_ routes: [R], to writer: inout ByteWriter) throws(Limit) {
        guard routes.count <= 255 else { throw .tooLarge }
        writer.put(UInt8(truncatingIfNeeded: routes.count))
        // `id(of:)` finds a DynamicRoute's id by its number; ``writeQuickly`` is the fast way.
        for index in routes.indices { writer.put(id: try id(of: routes[index])) }
    }

    /// The set flags as bits by id, trailing zero bytes dropped, after their byte count.
    private mutating func write(_ flags: FlagSet, to writer: inout ByteWriter) throws(Limit) {
        // The common case: every flag has an id below 64, found by its number.
        guard flags.fitsInWord, let word = flagIDWord(flags.wordOfNumbers) else { return try writeAny(flags, to: &writer) }
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

    private mutating func pendingID(_ pending: Pendings) throws(Limit) -> UInt16 {
        guard pending.link != nil || pending.retry != nil else { return 0 }
        // A successor mostly keeps its parent's pendings, whose strings it shares: compared first.
        if pending == lastPending { return lastPendingID }
        if let known = pendingIDs[pending] {
            lastPending = pending
            lastPendingID = known
            return known
        }
        guard pendingIDs.count < Int(UInt16.max) else { throw .tooManyRoutes }
        let id = UInt16(truncatingIfNeeded: pendingIDs.count + 1)
        pendingIDs[pending] = id
        pendingsByID.append(pending)
        return id
    }

    /// A flag's bit: an array read by the flag's number, else a new id.
    private mutating func flagID(_ flag: FlagName) throws(Limit) -> Int {
        if let known = knownFlagID(flag) { return known }
        return newFlagID(flag)
    }

    /// The id of `flag`, when it has one (found by its number, without hashing).
    func knownFlagID(_ flag: FlagName) -> Int? {
        let number = Int(flag.internedNumber)
        guard number < flagIDByNumber.count, flagIDByNumber[number] >= 0 else { return nil }
        return Int(flagIDByNumber[number])
    }

    private mutating func newFlagID(_ flag: FlagName) -> Int {
        let number = Int(flag.internedNumber)
        if number >= flagIDByNumber.count { flagIDByNumber.append(contentsOf: repeatElement(-1, count: number + 1 - flagIDByNumber.count)) }
        flagIDByNumber[number] = Int32(truncatingIfNeeded: flagCount)
        flagsByID.append(flag)
        flagNumbersByID.append(flag.internedNumber)
        flagCount += 1
        return flagCount - 1
    }

    private mutating func id(of route: R) throws(Limit) -> UInt16 {
        if let known = knownID(of: route) ?? routeIDs[route] { return known }
        guard routeIDs.count < Int(UInt16.max) else { throw .tooManyRoutes }
        return newRouteID(route)
    }

    private mutating func newRouteID(_ route: R) -> UInt16 {
        let id = UInt16(truncatingIfNeeded: routeIDs.count)
        routeIDs[route] = id
        routesByID.append(route)
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

// MARK: Ids found without hashing (the quick encoder's, and what patching a successor needs)

extension StateEncoder {
    /// The id of `route` when it has one and is a ``DynamicRoute`` (found by its number).
    @inline(__always)
    func knownID(of route: R) -> UInt16? {
        guard R.self == DynamicRoute.self else { return nil }
        let number = Int(unsafeBitCast(route, to: DynamicRoute.self).internedNumber)
        guard number < idByNumber.count, idByNumber[number] != .max else { return nil }
        return idByNumber[number]
    }

    /// The route whose id is `id`, an id this encoder gave.
    @inline(__always)
    func route(ofID id: UInt16) -> R {
        routesByID[Int(id)]
    }

    /// `flags` as bits by id, when every flag is numbered and identified below 64 (the last set
    /// turned into ids is kept: a successor mostly has its parent's flags).
    @inline(__always)
    mutating func flagIDs(of flags: FlagSet) -> UInt64? {
        guard flags.fitsInWord else { return nil }
        let numbers = flags.wordOfNumbers
        if numbers != lastFlagNumbers {
            guard let ids = flagIDWord(numbers) else { return nil }
            lastFlagNumbers = numbers
            lastFlagIDs = ids
        }
        return lastFlagIDs
    }
}

/// The bytes a state is encoded into, reused for every state a thread encodes (a thread of its
/// own for each worker): growing is the only allocation.
final class EncodingBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

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
