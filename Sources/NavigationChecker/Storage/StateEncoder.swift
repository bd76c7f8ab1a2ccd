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
    }

    private(set) var routeIDs: [R: UInt16] = [:]
    private(set) var flagIDs: [FlagName: Int] = [:]
    private var pendingIDs: [PendingDeepLink: UInt16] = [:]
    private var scratchFlags: [UInt8] = []

    init(routes: [R], flags: [FlagName]) {
        for route in routes where routeIDs[route] == nil { routeIDs[route] = UInt16(routeIDs.count) }
        for flag in flags where flagIDs[flag] == nil { flagIDs[flag] = flagIDs.count }
    }

    /// Appends the encoding of `state` to `bytes`.
    mutating func encode(_ state: NavigationState<R>, into bytes: inout [UInt8]) throws(Limit) {
        bytes.append(UInt8(truncatingIfNeeded: state.selectedTabIndex))
        for tab in state.tabs { try append(tab.stack.routes, to: &bytes) }
        bytes.append(UInt8(truncatingIfNeeded: state.modals.count))
        for modal in state.modals {
            bytes.append((modal.style == .sheet ? 0 : 1) | (modal.providesNavigation ? 2 : 0))
            try append(modal.stack.routes, to: &bytes)
        }
        scratchFlags.removeAll(keepingCapacity: true)
        for flag in state.flags {
            let id: Int
            if let known = flagIDs[flag] { id = known } else {
                id = flagIDs.count
                flagIDs[flag] = id
            }
            while scratchFlags.count <= id / 8 { scratchFlags.append(0) }
            scratchFlags[id / 8] |= 1 << UInt8(id % 8)
        }
        bytes.append(UInt8(truncatingIfNeeded: scratchFlags.count))
        bytes.append(contentsOf: scratchFlags)
        if let pending = state.pendingDeepLink {
            let id: UInt16
            if let known = pendingIDs[pending] { id = known } else {
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

    private mutating func append(_ routes: [R], to bytes: inout [UInt8]) throws(Limit) {
        bytes.append(UInt8(truncatingIfNeeded: routes.count))
        for route in routes {
            let id: UInt16
            if let known = routeIDs[route] { id = known } else {
                guard routeIDs.count < Int(UInt16.max) else { throw .tooManyRoutes }
                id = UInt16(routeIDs.count)
                routeIDs[route] = id
            }
            bytes.append(UInt8(id & 0xFF))
            bytes.append(UInt8(id >> 8))
        }
    }
}
