/// How much work a diagram is for Graphviz's `dot` layout, estimated in linear time before
/// handing it over: its nodes and edges, and the nodes `dot` actually places.
///
/// `dot` puts nodes on ranks and threads every edge that spans several ranks through one
/// virtual node per rank it crosses; crossing minimisation and coordinate assignment then work
/// on all of them, and their cost grows much faster than linearly. A chain of 4,000 routes (no
/// virtual nodes) lays out in under 2 s, but 2,000 routes in a chain with 20 random pushes
/// (14,500 virtual nodes) take 35 s, and 250 routes with 500 random pushes about 40 s. So the
/// estimate counts virtual nodes, the way `dot` would make them:
///
/// - cycles are broken as `dot` breaks them: a depth-first search from each node in order,
///   reversing the edges that lead back to a node still on the search path;
/// - ranks are longest paths through the resulting acyclic graph (`dot`'s network simplex
///   can only shorten edges, so this errs on the side of more virtual nodes);
/// - when any edge has an ordinary label, `dot` doubles every edge's length to give labels a
///   rank of their own, so each edge spanning `n` ranks makes `2n - 1` virtual nodes.
///
/// ```swift
/// let size = RouteDiagram(graph).layoutSize()
/// if size.layoutNodes > 4_000 { print("too big to lay out with dot in under a second") }
/// ```
public struct LayoutSize: Hashable, Sendable {
    /// The diagram's nodes.
    public let nodes: Int
    /// The diagram's edges, self-loops included.
    public let edges: Int
    /// The diagram's nodes plus the virtual nodes `dot` is estimated to add on long edges.
    public let layoutNodes: Int

    /// Estimates the layout of `nodes` nodes joined by `edges` (indices into the nodes).
    ///
    /// - Parameters:
    ///   - nodes: How many nodes the diagram has.
    ///   - edges: Each edge as the indices of its two nodes.
    ///   - labelledEdges: Whether some edge has an ordinary `label` (not an `xlabel`).
    /// - Complexity: O(nodes + edges).
    public init(nodes: Int, edges: [(from: Int, to: Int)], labelledEdges: Bool) {
        precondition(edges.allSatisfy { (0..<nodes).contains($0.from) && (0..<nodes).contains($0.to) }, "edges join nodes of the diagram")
        self.nodes = nodes
        self.edges = edges.count
        let ranks = Self.ranks(nodes: nodes, edges: edges)
        var virtual = 0
        for edge in edges where edge.from != edge.to {
            let span = abs(ranks[edge.to] - ranks[edge.from])
            virtual += labelledEdges ? 2 * span - 1 : span - 1
        }
        layoutNodes = nodes + virtual
    }

    /// Each node's rank: the longest path to it once back edges are reversed.
    private static func ranks(nodes: Int, edges: [(from: Int, to: Int)]) -> [Int] {
        // Outgoing edges by node, in edge order (compressed rows: one array of targets).
        var start = [Int](repeating: 0, count: nodes + 1)
        for edge in edges where edge.from != edge.to { start[edge.from + 1] += 1 }
        for node in 0..<nodes { start[node + 1] += start[node] }
        var targets = [Int](repeating: 0, count: start[nodes])
        var fill = start
        for edge in edges where edge.from != edge.to {
            targets[fill[edge.from]] = edge.to
            fill[edge.from] += 1
        }
        // Depth-first search from each unvisited node in order, with an explicit stack.
        enum Mark { case new, onPath, done }
        var marks = [Mark](repeating: .new, count: nodes)
        var finished: [Int] = []
        finished.reserveCapacity(nodes)
        var reversed = [Bool](repeating: false, count: targets.count)
        var path: [(node: Int, next: Int)] = []
        for root in 0..<nodes where marks[root] == .new {
            marks[root] = .onPath
            path.append((root, start[root]))
            while let (node, next) = path.last {
                guard next < start[node + 1] else {
                    marks[node] = .done
                    finished.append(node)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next = next + 1
                let target = targets[next]
                switch marks[target] {
                case .new:
                    marks[target] = .onPath
                    path.append((target, start[target]))
                case .onPath:
                    reversed[next] = true
                case .done:
                    break
                }
            }
        }
        // Reverse finishing order is a topological order once back edges point the other way:
        // a reversed edge node → target runs target → node, and the target (an ancestor on the
        // search path) finished later, so its rank is known when the node's is settled.
        var ranks = [Int](repeating: 0, count: nodes)
        for node in finished.reversed() {
            for position in start[node]..<start[node + 1] where reversed[position] {
                ranks[node] = max(ranks[node], ranks[targets[position]] + 1)
            }
            for position in start[node]..<start[node + 1] where !reversed[position] {
                ranks[targets[position]] = max(ranks[targets[position]], ranks[node] + 1)
            }
        }
        return ranks
    }
}
