import NavigationCore

/// The no-trap property over a stored state graph: from every state, the root of its selected
/// tab (no modal, that tab's stack at its root) must be reachable again. Each state is summed
/// up in one byte (``home(of:)``); the steps between states are the edges.
enum NoTrapSearch {
    /// A step between two different stored states.
    struct Edge {
        let source: Int32
        let target: Int32
    }

    /// A state as no-trap needs it: its selected tab's index, with the top bit set when the
    /// state is "home" (no modal, the selected tab's stack at its root).
    static func home<R: Route>(of state: NavigationState<R>) -> UInt8 {
        let home = state.modals.isEmpty && state.depth == 1
        return UInt8(truncatingIfNeeded: state.selectedTabIndex & 0x7F) | (home ? 0x80 : 0)
    }

    /// The first state (by number: in breadth-first order, the nearest) from which its selected
    /// tab's root can never be reached again, if any, with that tab's index.
    ///
    /// - Complexity: O(S × T + E) for S states, T tabs and E edges.
    static func firstTrap(homes: [UInt8], edges: [Edge], tabs: Int) -> (state: Int, tab: Int)? {
        let count = homes.count
        // Reverse adjacency in compressed form: for each state, the states with an edge into it.
        var offsets = [Int32](repeating: 0, count: count + 1)
        for edge in edges { offsets[Int(edge.target) + 1] += 1 }
        for index in 0..<count { offsets[index + 1] += offsets[index] }
        var fill = offsets
        var sources = [Int32](repeating: 0, count: edges.count)
        for edge in edges {
            let target = edge.target
            sources[Int(fill[Int(target)])] = edge.source
            fill[Int(target)] += 1
        }
        var trapped: (state: Int, tab: Int)?
        for tab in 0..<max(1, tabs) {
            var canReachHome = [Bool](repeating: false, count: count)
            var queue: [Int32] = []
            for index in 0..<count where homes[index] == UInt8(0x80 | tab) {
                canReachHome[index] = true
                queue.append(Int32(index))
            }
            var head = 0
            while head < queue.count {
                let state = Int(queue[head])
                head += 1
                for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                    let source = Int(sources[position])
                    if !canReachHome[source] {
                        canReachHome[source] = true
                        queue.append(Int32(source))
                    }
                }
            }
            if let first = (0..<count).first(where: { Int(homes[$0] & 0x7F) == tab && !canReachHome[$0] }),
               trapped.map({ first < $0.state }) ?? true {
                trapped = (first, tab)
            }
        }
        return trapped
    }
}
