import NavigationCore

/// No-trap without most of its edges.
///
/// No-trap asks, for every state, whether its selected tab's root can be reached again: a
/// backward search from each tab's home states over every edge (``NoTrapSearch``). Most states
/// settle it during the search already: a home state reaches its own root, and a state with a
/// step to a state known to reach a tab's root reaches it too. In a breadth-first search a
/// state's Back usually leads to a state expanded before it, so the marks spread with the
/// search. Each state's marks (``ExplicitSearch/reachesHome``, a bit a tab) are the union of its
/// own and its successors' at the time it is expanded; a state marked for every tab then keeps
/// none of its edges, and the backward search starts from every state marked for the tab it
/// asks about.
///
/// This gives the same verdict and the same first trapped state as the search over every edge.
/// A mark is sound: it is set only along real edges from a home state. Nothing is lost: on a
/// path from a state to a tab's home, the first state marked for that tab is reached through
/// states not marked for it, whose marks are not complete, so all their edges were kept (a
/// state's marks are final once it has been expanded). On the synthetic graph R20 k3 F2 D12
/// (1,062,880 states, about five edges a state) no edge is kept at all.
///
/// Edges are held back only when nothing else reads them: the state graph (while its actions
/// are recorded), declared properties (their traces follow edges) and priority traps keep
/// every edge.
extension ExplicitSearch {
    /// Starts expanding the state numbered `index`.
    @inline(__always)
    mutating func beginExpanding(_ index: Int) {
        guard tracksHomeReach else { return }
        expandedReach = reachesHome[index]
        holdsEdges = !recordsEdgeActions && !judgesDeclaredProperties && priorityOwnership == nil
        expandedEdges.removeAll(keepingCapacity: true)
    }

    /// Ends expanding the state numbered `index`: its marks are final, and its edges are kept
    /// unless it reaches every tab's root.
    @inline(__always)
    mutating func endExpanding(_ index: Int) {
        guard tracksHomeReach else { return }
        reachesHome[index] = expandedReach
        if holdsEdges && expandedReach != reachesEveryHome { edges.append(contentsOf: expandedEdges) }
        holdsEdges = false
    }
}

extension NoTrapSearch {
    /// ``firstTrap(homes:edges:tabs:)`` over the edges kept by a search that marked each state
    /// with the tabs whose root it is known to reach (`reaching`, a bit a tab): the same answer
    /// (see `ExplicitSearch+HomeReach.swift`).
    ///
    /// - Complexity: O(S × T + E) for S states, T tabs and E edges kept.
    static func firstTrap(homes: [UInt8], reaching: [UInt8], edges: [Edge], tabs: Int) -> (state: Int, tab: Int)? {
        let count = homes.count
        precondition(reaching.count == count, "a mark for every state")
        let everyHome = UInt8(truncatingIfNeeded: (1 << max(1, tabs)) - 1)
        // Every state known to reach every root: nothing to search.
        guard reaching.contains(where: { $0 != everyHome }) else { return nil }
        let reverse = ReverseEdges(count: count, edges: edges)
        var trapped: (state: Int, tab: Int)?
        var reached = [Bool](repeating: false, count: count)
        var queue: [Int32] = []
        for tab in 0..<max(1, tabs) {
            let bit = UInt8(truncatingIfNeeded: 1 << tab)
            queue.removeAll(keepingCapacity: true)
            for state in 0..<count {
                reached[state] = reaching[state] & bit != 0
                // Only marked states with kept edges into them start the backward search.
                if reached[state] && reverse.offsets[state] != reverse.offsets[state + 1] { queue.append(Int32(state)) }
            }
            var head = 0
            while head < queue.count {
                let state = Int(queue[head])
                head += 1
                for position in Int(reverse.offsets[state])..<Int(reverse.offsets[state + 1]) {
                    let source = Int(reverse.sources[position])
                    if !reached[source] {
                        reached[source] = true
                        queue.append(Int32(source))
                    }
                }
            }
            if let first = (0..<count).first(where: { Int(homes[$0] & 0x7F) == tab && !reached[$0] }),
               trapped.map({ first < $0.state }) ?? true {
                trapped = (first, tab)
            }
        }
        return trapped
    }
}
