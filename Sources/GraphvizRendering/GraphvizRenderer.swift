import CGraphviz
import Foundation

/// Renders DOT text through Graphviz's C library (libgvc). The only file that calls C.
///
/// Graphviz keeps global state and is not thread-safe, so one renderer owns one context and
/// serializes every call behind a lock. Each call parses the DOT text, lays it out, renders
/// it and frees the graph, the layout and the rendered data before returning. Errors are
/// collected per call through an error callback (libcgraph's own error counter is sticky, so it
/// is reset before each call and never trusted across calls).
///
/// ```swift
/// let svg = try GraphvizRenderer.shared.render(dot, format: .svg, engine: "dot")
/// ```
public final class GraphvizRenderer: @unchecked Sendable {
    /// Output formats.
    public enum Format: String, CaseIterable, Sendable {
        case svg, png, pdf, dot
    }

    /// Why a render failed.
    public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
        case unknownEngine(String, available: [String])
        case invalidGraph(String)
        case layoutFailed(engine: String, message: String)
        case renderFailed(format: String, message: String)
        case tooLarge(nodes: Int, limit: Int)
        case noContext

        public var description: String {
            switch self {
            case .unknownEngine(let engine, let available):
                "unknown layout engine '\(engine)'; use one of: \(available.joined(separator: ", "))"
            case .invalidGraph(let message): "Graphviz could not read the graph: \(message)"
            case .layoutFailed(let engine, let message): "layout with '\(engine)' failed: \(message)"
            case .renderFailed(let format, let message): "rendering \(format) failed: \(message)"
            case .tooLarge(let nodes, let limit):
                "the graph has \(nodes) nodes, more than the \(limit) this renderer lays out; write DOT instead (--format dot) and lay it out with sfdp"
            case .noContext: "Graphviz could not create a context; is libgvc installed with its plugins (run 'dot -c' as root)?"
            }
        }
    }

    /// The process's renderer.
    public static let shared = GraphvizRenderer()

    /// Graphs with more nodes than this are refused rather than laid out for minutes.
    public let maxNodes = 5_000

    private let lock = NSLock()
    private let context: OpaquePointer?

    private init() {
        context = gvContext()
    }

    deinit {
        if let context { gvFreeContext(context) }
    }

    /// The layout engines the installed Graphviz offers, e.g. `dot`, `neato`, `circo`.
    public var engines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return pluginList("layout")
    }

    /// Lays out `dot` with `engine` and renders it as `format`.
    ///
    /// - Throws: ``RenderError`` for an unknown engine, DOT that does not parse, a failed
    ///   layout or render, or a graph larger than ``maxNodes``.
    public func render(_ dot: String, format: Format, engine: String = "dot") throws(RenderError) -> [UInt8] {
        if format == .dot { return Array(dot.utf8) }
        lock.lock()
        defer { lock.unlock() }
        guard let context else { throw .noContext }
        let available = pluginList("layout")
        guard available.contains(engine) else { throw .unknownEngine(engine, available: available) }

        ErrorCollector.messages = []
        agreseterrors()
        let previous = agseterrf(ErrorCollector.callback)
        defer { agseterrf(previous) }

        guard let graph = dot.withCString({ agmemread($0) }) else {
            throw .invalidGraph(ErrorCollector.text(or: "the DOT text does not parse"))
        }
        defer { agclose(graph) }
        let nodes = Int(agnnodes(graph))
        guard nodes <= maxNodes else { throw .tooLarge(nodes: nodes, limit: maxNodes) }
        guard gvLayout(context, graph, engine) == 0 else {
            throw .layoutFailed(engine: engine, message: ErrorCollector.text(or: "no message"))
        }
        defer { gvFreeLayout(context, graph) }
        var data: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, format.rawValue, &data, &length) == 0, let data else {
            throw .renderFailed(format: format.rawValue, message: ErrorCollector.text(or: "no message"))
        }
        defer { gvFreeRenderData(data) }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// Plugin names of a kind, without their `:package` suffixes, sorted and unique.
    private func pluginList(_ kind: String) -> [String] {
        guard let context else { return [] }
        var count: Int32 = 0
        guard let list = gvPluginList(context, kind, &count, nil) else { return [] }
        defer {
            for index in 0..<Int(count) { free(list[index]) }
            free(list)
        }
        var names: Set<String> = []
        for index in 0..<Int(count) {
            if let entry = list[index] { names.insert(String(cString: entry).split(separator: ":").first.map(String.init) ?? "") }
        }
        return names.filter { !$0.isEmpty }.sorted()
    }
}

/// Where libcgraph's error callback puts messages during one locked call.
private enum ErrorCollector {
    nonisolated(unsafe) static var messages: [String] = []

    static let callback: agusererrf = { message in
        if let message { ErrorCollector.messages.append(String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)) }
        return 0
    }

    static func text(or fallback: String) -> String {
        let joined = messages.filter { !$0.isEmpty }.joined(separator: "; ")
        return joined.isEmpty ? fallback : joined
    }
}
