import NavigationGraph

/// The changed part of a graph as a Mermaid flowchart, for a pull-request comment: the
/// transitions added, removed or changed and their endpoints, and the routes whose
/// declaration or guard changed. Added is green, removed red (its edge dashed), changed amber,
/// through `classDef` and `linkStyle`; everything else is left out.
///
/// ```swift
/// if let mermaid = DiffDiagram(GraphDiff(base: old, head: new)).mermaid() {
///     // "flowchart LR", the class definitions, the changed nodes and edges
/// }
/// ```
public struct DiffDiagram: Sendable {
    /// Fill, stroke and text colours of added, removed and changed routes and transitions.
    static let colors: [(change: GraphDiff.ChangeType, fill: String, stroke: String, text: String)] = [
        (.added, "#dafbe1", "#1a7f37", "#0f3d1c"),
        (.removed, "#ffebe9", "#cf222e", "#5c0f14"),
        (.changed, "#fff8c5", "#bf8700", "#4d3800"),
    ]

    /// The changes to draw.
    public let diff: GraphDiff

    /// The diagram of `diff`'s changed part.
    public init(_ diff: GraphDiff) {
        self.diff = diff
    }

    /// The Mermaid flowchart, or `nil` when no route, guard or transition changed (nothing to draw).
    ///
    /// - Complexity: O(n log n) in the number of changes.
    public func mermaid() -> String? {
        let edges = diff.changes(of: .transition).compactMap { change in change.edge.map { (change: change, edge: $0) } }
        var routeChanges: [String: GraphDiff.ChangeType] = [:]
        for change in diff.changes(of: .route) { routeChanges[change.key] = change.change }
        for change in diff.changes(of: .guard) where routeChanges[change.key] == nil { routeChanges[change.key] = .changed }
        guard !edges.isEmpty || !routeChanges.isEmpty else { return nil }

        let names = Set(routeChanges.keys).union(edges.flatMap { [$0.edge.from, $0.edge.to] }).sorted()
        var identifiers: [String: String] = [:]
        for (index, name) in names.enumerated() { identifiers[name] = "n\(index)" }
        var lines = ["flowchart LR"]
        for color in Self.colors {
            lines.append("  classDef \(color.change.rawValue) fill:\(color.fill),stroke:\(color.stroke),color:\(color.text),stroke-width:2px")
        }
        for name in names {
            let id = identifiers[name] ?? "unknown"
            lines.append("  \(id)(\(DiagramText.mermaid(name)))" + (routeChanges[name].map { ":::\($0.rawValue)" } ?? ""))
        }
        var styles: [String] = []
        for (index, (change, edge)) in edges.enumerated() {
            let arrow = change.change == .removed ? "-.->" : "-->"
            let label = (change.change == .changed ? "\(change.before ?? "") → \(change.after ?? "")" : change.after ?? change.before ?? edge.style.rawValue)
            lines.append("  \(identifiers[edge.from] ?? "unknown") \(arrow)|\(DiagramText.mermaid("\(change.change.rawValue): \(label)"))| \(identifiers[edge.to] ?? "unknown")")
            if let color = Self.colors.first(where: { $0.change == change.change }) {
                styles.append("  linkStyle \(index) stroke:\(color.stroke),stroke-width:2px,color:\(color.stroke)")
            }
        }
        return (lines + styles).joined(separator: "\n") + "\n"
    }
}
