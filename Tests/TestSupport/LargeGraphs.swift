/// Graph documents of a chosen size, as text, for tests of what scales with the graph
/// (Scripts/generate-large-graph.py writes the same shapes to files for measuring).
public enum LargeGraphs {
    /// `routes` routes `r0` … in a chain of pushes from the root `r0`.
    public static func chain(routes: Int) -> String {
        document(name: "Chain\(routes)", routes: routes, edges: (1..<max(routes, 1)).map { ($0 - 1, $0) }, depth: 64)
    }

    /// `routes` routes in a chain of pushes from `r0`, plus random pushes (drawn from `seed`)
    /// until there are `edges` transitions: the shape that makes Graphviz's `dot` slowest.
    public static func random(routes: Int, edges: Int, seed: UInt64 = 1) -> String {
        precondition(routes >= 2 && edges <= routes * (routes - 1), "room for \(edges) distinct transitions")
        var generator = SeededGenerator(seed: seed)
        var pairs = (1..<routes).map { ($0 - 1, $0) }
        var seen = Set(pairs.map { $0.0 * routes + $0.1 })
        while pairs.count < edges {
            let pair = (Int.random(in: 0..<routes, using: &generator), Int.random(in: 0..<routes, using: &generator))
            if pair.0 != pair.1, seen.insert(pair.0 * routes + pair.1).inserted { pairs.append(pair) }
        }
        return document(name: "Random\(routes)x\(edges)", routes: routes, edges: pairs, depth: 3)
    }

    private static func document(name: String, routes: Int, edges: [(Int, Int)], depth: Int) -> String {
        var lines = ["navgraph: 1", "name: \(name)", "root: r0", "routes:"]
        lines += (0..<routes).map { "  r\($0): {}" }
        lines.append(edges.isEmpty ? "transitions: []" : "transitions:")
        lines += edges.map { "  - { from: r\($0.0), to: r\($0.1) }" }
        lines += ["bounds:", "  maxStackDepth: \(depth)"]
        return lines.joined(separator: "\n") + "\n"
    }
}
