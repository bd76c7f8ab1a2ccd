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
        let reverse = ReverseEdges(count: count, edges: edges)
        var trapped: (state: Int, tab: Int)?
        for tab in 0..<max(1, tabs) {
            let canReachHome = reverse.canReach((0..<count).filter { homes[$0] == UInt8(0x80 | tab) })
            if let first = (0..<count).first(where: { Int(homes[$0] & 0x7F) == tab && !canReachHome[$0] }),
               trapped.map({ first < $0.state }) ?? true {
                trapped = (first, tab)
            }
        }
        return trapped
    }

    /// The first state (by number: the nearest) inside a high-priority flow (`inFlow`) from
    /// which no state outside every such flow can be reached: the priority-trap property.
    ///
    /// - Complexity: O(S + E).
    static func firstTrapped(in inFlow: [Bool], edges: [Edge]) -> Int? {
        let reverse = ReverseEdges(count: inFlow.count, edges: edges)
        let canLeave = reverse.canReach(inFlow.indices.filter { !inFlow[$0] })
        return inFlow.indices.first { inFlow[$0] && !canLeave[$0] }
    }

    /// The edges reversed, in compressed form: for each state, the states with an edge into it.
    struct ReverseEdges {
        let offsets: [Int32]
        let sources: [Int32]

        init(count: Int, edges: [Edge]) {
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
            self.offsets = offsets
            self.sources = sources
        }

        /// Per state, whether one of `goals` can be reached from it (breadth-first backwards).
        func canReach(_ goals: [Int]) -> [Bool] {
            var reached = [Bool](repeating: false, count: offsets.count - 1)
            var queue: [Int32] = []
            for goal in goals {
                reached[goal] = true
                queue.append(Int32(goal))
            }
            var head = 0
            while head < queue.count {
                let state = Int(queue[head])
                head += 1
                for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                    let source = Int(sources[position])
                    if !reached[source] {
                        reached[source] = true
                        queue.append(Int32(source))
                    }
                }
            }
            return reached
        }
    }
}
