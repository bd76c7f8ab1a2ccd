import NavigationCore
import NavigationGraph

/// The graph's declared properties (`properties:`) over the explicit engine's stored state
/// graph: each state's conditions recorded as it is stored (``Observer``), then judged over
/// the edges between stored states once the search ends.
enum DeclaredPropertySearch {
    /// Per declared property, per stored state (by number), its conditions' values: bit 0 the
    /// first condition (`from`, `after`), bit 1 the second (`canReach`, `never`), bit 2 `until`.
    struct Observer<R: Route>: PropertyObserver {
        let conditions: [[@Sendable (NavigationState<R>) -> Bool]]
        private(set) var bits: [[UInt8]]

        init(_ graph: NavigationGraph<R>) {
            conditions = graph.properties.map { property in property.conditions.map { $0.condition.compile(routeName: graph.routeName) } }
            bits = Array(repeating: [], count: graph.properties.count)
        }

        mutating func observe(state: NavigationState<R>, index: Int) {
            for property in conditions.indices {
                // States come numbered 0, 1, 2, … as they are stored.
                guard bits[property].count == index else { continue }
                var value: UInt8 = 0
                for (position, condition) in conditions[property].enumerated() where condition(state) { value |= 1 << UInt8(position) }
                bits[property].append(value)
            }
        }
    }

    /// The nearest stored state (the lowest number: breadth-first, no farther from launch than
    /// any other) where `from` holds and from which no state where `target` holds can be
    /// reached, if any.
    ///
    /// - Complexity: O(S + E): one breadth-first search backwards from the target states.
    static func firstStuck(bits: [UInt8], edges: [NoTrapSearch.Edge]) -> Int? {
        let reverse = NoTrapSearch.ReverseEdges(count: bits.count, edges: edges)
        let canReach = reverse.canReach(bits.indices.filter { bits[$0] & 0b10 != 0 })
        return bits.indices.first { bits[$0] & 0b01 != 0 && !canReach[$0] }
    }

    /// A shortest path from launch (state 0) to a state where `never` holds while the property
    /// is armed, as the actions' codes, and that state; `nil` when there is none.
    ///
    /// The property is a monitor with one bit: entering a state `s` from one with bit `b`
    /// gives `b' = ¬until(s) ∧ (after(s) ∨ b)`, and `s` violates it when `b' ∧ never(s)`. The
    /// search is breadth-first over (state, bit) pairs along the stored edges, so its first
    /// violation is at the fewest actions from launch.
    ///
    /// - Complexity: O(S + E) for S states and E edges: each pair is visited once.
    static func firstViolation(bits: [UInt8], edges: [NoTrapSearch.Edge], actions: [UInt32]) -> (state: Int, actions: [UInt32])? {
        let count = bits.count
        guard count > 0 else { return nil }
        // Forward edges, in compressed form: for each state, the positions of its edges.
        var offsets = [Int32](repeating: 0, count: count + 1)
        for edge in edges { offsets[Int(edge.source) + 1] += 1 }
        for index in 0..<count { offsets[index + 1] += offsets[index] }
        var fill = offsets
        var outgoing = [Int32](repeating: 0, count: edges.count)
        for (position, edge) in edges.enumerated() {
            outgoing[Int(fill[Int(edge.source)])] = Int32(position)
            fill[Int(edge.source)] += 1
        }
        func armed(_ state: Int, after previous: Bool) -> Bool {
            bits[state] & 0b100 == 0 && (bits[state] & 0b001 != 0 || previous)
        }
        // Per pair (state × 2 + bit): the edge it was first reached by (-1 for launch, -2 not
        // yet), and the pair that edge left from.
        var reachedBy = [Int32](repeating: -2, count: count * 2)
        var parentPair = [Int32](repeating: -1, count: count * 2)
        let start = armed(0, after: false) ? 1 : 0
        reachedBy[start] = -1
        var queue: [Int32] = [Int32(start)]
        var head = 0
        while head < queue.count {
            let pair = Int(queue[head])
            head += 1
            let state = pair >> 1
            if pair & 1 == 1 && bits[state] & 0b010 != 0 {
                var path: [UInt32] = []
                var current = pair
                while reachedBy[current] >= 0 {
                    path.append(actions[Int(reachedBy[current])])
                    current = Int(parentPair[current])
                }
                return (state, path.reversed())
            }
            for position in Int(offsets[state])..<Int(offsets[state + 1]) {
                let edge = Int(outgoing[position])
                let target = Int(edges[edge].target)
                let next = target * 2 + (armed(target, after: pair & 1 == 1) ? 1 : 0)
                if reachedBy[next] == -2 {
                    reachedBy[next] = Int32(edge)
                    parentPair[next] = Int32(pair)
                    queue.append(Int32(next))
                }
            }
        }
        return nil
    }
}
