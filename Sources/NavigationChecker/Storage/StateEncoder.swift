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

    private(set) var routeIDs: [R: UInt16] = [:]
    private(set) var flagIDs: [FlagName: Int] = [:]
    /// The first declared flags, in id order: `flagOrder[id]` has bit `id`.
    private let flagOrder: [FlagName]
    private var pendingIDs: [PendingDeepLink: UInt16] = [:]
    private var scratchFlags: [UInt8] = []
    /// The last stack encoded in each slot (tabs, then modal levels) and its route ids. States
    /// are encoded parent's successors one after another, so their stacks mostly repeat the
    /// previous one's: a route equal to the one at the same position reuses its id without
    /// hashing.
    private var lastStacks: [[R]] = []
    private var lastIDs: [[UInt16]] = []

    init(routes: [R], flags: [FlagName]) {
        for route in routes where routeIDs[route] == nil { routeIDs[route] = UInt16(routeIDs.count) }
        var order: [FlagName] = []
        for flag in flags where flagIDs[flag] == nil {
            flagIDs[flag] = flagIDs.count
            order.append(flag)
        }
        flagOrder = Array(order.prefix(16))
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
    mutating func encode(_ state: NavigationState<R>, into bytes: inout [UInt8]) throws(Limit) {
        bytes.append(UInt8(truncatingIfNeeded: state.selectedTabIndex))
        for (slot, tab) in state.tabs.enumerated() { try append(tab.stack.routes, slot: slot, to: &bytes) }
        bytes.append(UInt8(truncatingIfNeeded: state.modals.count))
        for (level, modal) in state.modals.enumerated() {
            bytes.append((modal.style == .sheet ? 0 : 1) | (modal.providesNavigation ? 2 : 0))
            try append(modal.stack.routes, slot: state.tabs.count + level, to: &bytes)
        }
        scratchFlags.removeAll(keepingCapacity: true)
        for flag in state.flags {
            let id = try flagID(flag)
            while scratchFlags.count <= id / 8 { scratchFlags.append(0) }
            scratchFlags[id / 8] |= 1 << UInt8(id % 8)
        }
        bytes.append(UInt8(truncatingIfNeeded: scratchFlags.count))
        bytes.append(contentsOf: scratchFlags)
        if let pending = state.pendingDeepLink {
            let id: UInt16
            if let known = pendingIDs[pending] { id = known } else {
                guard interning else { throw .unknown }
                id = UInt16(truncatingIfNeeded: pendingIDs.count + 1)
                pendingIDs[pending] = id
            }
            bytes.append(UInt8(id & 0xFF))
            bytes.append(UInt8(id >> 8))
        } else {
            bytes.append(0)
            bytes.append(0)
        }
    }

    private mutating func append(_ routes: [R], slot: Int, to bytes: inout [UInt8]) throws(Limit) {
        bytes.append(UInt8(truncatingIfNeeded: routes.count))
        while lastStacks.count <= slot {
            lastStacks.append([])
            lastIDs.append([])
        }
        let previous = lastStacks[slot]
        var ids: [UInt16] = []
        swap(&ids, &lastIDs[slot])  // mutate without copying
        if ids.count > routes.count { ids.removeLast(ids.count - routes.count) }
        for (position, route) in routes.enumerated() {
            let id: UInt16
            if position < previous.count, position < ids.count, previous[position] == route {
                id = ids[position]
            } else {
                id = try self.id(of: route)
                if position < ids.count { ids[position] = id } else { ids.append(id) }
            }
            bytes.append(UInt8(id & 0xFF))
            bytes.append(UInt8(id >> 8))
        }
        lastStacks[slot] = routes
        lastIDs[slot] = ids
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
        if let known = routeIDs[route] { return known }
        guard interning else { throw .unknown }
        guard routeIDs.count < Int(UInt16.max) else { throw .tooManyRoutes }
        let id = UInt16(routeIDs.count)
        routeIDs[route] = id
        return id
    }
}
