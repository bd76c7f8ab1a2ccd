import NavigationCore
import NavigationGraph
import NavigationChecker

/// A small model's state graph as DOT and Mermaid: one node per reachable state (its tabs,
/// stacks, modals, flags and pending link), one edge per pair of states an action links, the
/// initial state drawn with a double border. With a trace, its steps are numbered in red and
/// the state it ends in is filled red.
///
/// ```swift
/// let states = try Checker(graph).stateGraph(maxStates: 100)
/// let dot = StateDiagram(graph, states).dot(highlighting: result.failures.first?.trace)
/// ```
public struct StateDiagram<R: Route> {
    let graph: NavigationGraph<R>
    let states: StateGraph<R>

    public init(_ graph: NavigationGraph<R>, _ states: StateGraph<R>) {
        self.graph = graph
        self.states = states
    }

    /// A state's label: one line per part of its description.
    private func label(_ index: Int) -> String {
        CheckTrace.describeParts(states.states[index]).joined(separator: "\n")
    }

    /// The trace's steps as (from, to, step number, label), and the state it ends in.
    private func path(of trace: CheckTrace<R>?) -> (steps: [(from: Int, to: Int, number: Int, label: String)], end: Int?) {
        guard let trace else { return ([], nil) }
        let indices = trace.steps.map { states.index(of: $0.state) }
        var steps: [(Int, Int, Int, String)] = []
        for number in trace.steps.indices.dropFirst() {
            if let from = indices[number - 1], let to = indices[number] { steps.append((from, to, number, trace.steps[number].label)) }
        }
        return (steps, indices.last ?? nil)
    }

    public func dot(highlighting trace: CheckTrace<R>? = nil) -> String {
        let (steps, end) = path(of: trace)
        var lines = [
            "digraph \(DiagramText.dot(graph.name + " states")) {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=12, label=\(DiagramText.dot("\(graph.name): \(states.states.count) states")), labelloc=t];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f7f7f7\", fontname=\"Helvetica\", fontsize=10];",
            "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#777777\"];",
        ]
        for index in states.states.indices {
            var attributes = ["label=\(DiagramText.dot(label(index)))"]
            if index == 0 { attributes.append("peripheries=2") }
            if index == end { attributes.append(TraceStyle.violatingNode) }
            lines.append("  s\(index) [\(attributes.joined(separator: ", "))];")
        }
        for edge in states.edges {
            lines.append("  s\(edge.from) -> s\(edge.to) [label=\(DiagramText.dot(edge.labels.joined(separator: "\n")))];")
        }
        for step in steps {
            lines.append(TraceStyle.stepEdge(from: "s\(step.from)", to: "s\(step.to)", number: step.number, label: step.label))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// How much work ``dot(highlighting:)``'s text is for Graphviz's `dot` layout (see
    /// ``LayoutSize``): a node per state, an edge per pair of states an action links, all
    /// labelled.
    public var layoutSize: LayoutSize {
        LayoutSize(nodes: states.states.count, edges: states.edges.map { (from: $0.from, to: $0.to) }, labelledEdges: !states.edges.isEmpty)
    }

    public func mermaid(highlighting trace: CheckTrace<R>? = nil) -> String {
        let (steps, end) = path(of: trace)
        var lines = ["flowchart LR"]
        for index in states.states.indices {
            let text = DiagramText.mermaid(label(index))
            lines.append(index == 0 ? "  s\(index)(((\(text))))" : "  s\(index)(\(text))")
        }
        for edge in states.edges {
            lines.append("  s\(edge.from) -->|\(DiagramText.mermaid(edge.labels.joined(separator: "\n")))| s\(edge.to)")
        }
        for step in steps {
            lines.append("  s\(step.from) ==>|\(DiagramText.mermaid("\(step.number). \(step.label)"))| s\(step.to)")
        }
        // Mermaid numbers links in the order they are written: the trace's come after the edges.
        if !steps.isEmpty {
            let numbers = steps.indices.map { String(states.edges.count + $0) }
            lines.append("  linkStyle \(numbers.joined(separator: ",")) \(TraceStyle.stepMermaid)")
        }
        if let end {
            lines.append("  style s\(end) \(TraceStyle.violatingMermaid)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
