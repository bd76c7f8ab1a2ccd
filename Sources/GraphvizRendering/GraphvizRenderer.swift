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
    private let identifiers: UnsafeMutablePointer<Agiddisc_t>
    private let input: UnsafeMutablePointer<Agiodisc_t>
    private let discipline: UnsafeMutablePointer<Agdisc_t>

    private init() {
        context = gvContext()
        identifiers = .allocate(capacity: 1)
        identifiers.initialize(to: SequentialIdentifiers.discipline)
        input = .allocate(capacity: 1)
        input.initialize(to: MemoryReader.discipline)
        discipline = .allocate(capacity: 1)
        // A nil memory discipline means Graphviz's own allocator.
        discipline.initialize(to: Agdisc_t(mem: nil, id: identifiers, io: input))
    }

    deinit {
        if let context { gvFreeContext(context) }
        discipline.deallocate()
        input.deallocate()
        identifiers.deallocate()
    }

    /// The layout engines the installed Graphviz offers, e.g. `dot`, `neato`, `circo`.
    public var engines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return pluginList("layout")
    }

    /// The version of the Graphviz library in use, e.g. `2.42.2`.
    public var version: String {
        lock.lock()
        defer { lock.unlock() }
        guard let context, let text = gvcVersion(context) else { return "unknown" }
        return String(cString: text)
    }

    /// Lays out `dot` with `engine` and renders it as `format`.
    ///
    /// - Throws: ``RenderError`` for an unknown engine, DOT that does not parse, a failed
    ///   layout or render, or a graph larger than ``maxNodes``.
    public func render(_ dot: String, format: Format, engine: String = "dot") throws(RenderError) -> [UInt8] {
        try render(dot, formats: [format], engine: engine)[0]
    }

    /// Lays out `dot` once with `engine` and renders that layout in each of `formats`, in order:
    /// for several formats of one diagram (SVG and PNG in reports), this saves a layout each,
    /// which is nearly all of the time.
    ///
    /// ```swift
    /// let images = try GraphvizRenderer.shared.render(dot, formats: [.svg, .png])
    /// ```
    ///
    /// - Throws: as ``render(_:format:engine:)``.
    public func render(_ dot: String, formats: [Format], engine: String = "dot") throws(RenderError) -> [[UInt8]] {
        if formats.allSatisfy({ $0 == .dot }) { return formats.map { _ in Array(dot.utf8) } }
        lock.lock()
        defer { lock.unlock() }
        guard let context else { throw .noContext }
        let available = pluginList("layout")
        guard available.contains(engine) else { throw .unknownEngine(engine, available: available) }

        ErrorCollector.messages = []
        agreseterrors()
        let previous = agseterrf(ErrorCollector.callback)
        defer { agseterrf(previous) }

        guard let graph = readGraph(dot) else {
            throw .invalidGraph(ErrorCollector.text(or: "the DOT text does not parse"))
        }
        defer { agclose(graph) }
        let nodes = Int(agnnodes(graph))
        guard nodes <= maxNodes else { throw .tooLarge(nodes: nodes, limit: maxNodes) }
        guard gvLayout(context, graph, engine) == 0 else {
            throw .layoutFailed(engine: engine, message: ErrorCollector.text(or: "no message"))
        }
        defer { gvFreeLayout(context, graph) }
        var images: [[UInt8]] = []
        for format in formats {
            if format == .dot {
                images.append(Array(dot.utf8))
                continue
            }
            var data: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard gvRenderData(context, graph, format.rawValue, &data, &length) == 0, let data else {
                throw .renderFailed(format: format.rawValue, message: ErrorCollector.text(or: "no message"))
            }
            defer { gvFreeRenderData(data) }
            images.append(data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) })
        }
        return images
    }

    /// Parses DOT with ``SequentialIdentifiers`` instead of `agmemread`'s default discipline.
    ///
    /// The default discipline uses the address of each interned name as the object's identifier,
    /// and Graphviz keeps subgraphs ordered by identifier, so clusters came out in an order that
    /// depended on the allocator: the same DOT gave different SVG bytes in different processes.
    /// Here names are numbered in the order the parser meets them, so the output depends on the
    /// text alone.
    private func readGraph(_ dot: String) -> UnsafeMutablePointer<Agraph_t>? {
        let bytes = Array(dot.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> UnsafeMutablePointer<Agraph_t>? in
            var reader = MemoryReader(base: buffer.baseAddress, count: buffer.count, offset: 0)
            return withUnsafeMutablePointer(to: &reader) { agread($0, discipline) }
        }
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

/// An identifier discipline that numbers names in the order they are first seen.
///
/// Named objects get even identifiers from 2^40 up, in the order first seen (the same name the
/// same identifier, as with Graphviz's default); anonymous objects odd ones from 1. One table
/// per root graph, made in `open` and released in `close`, so nothing outlives `agclose`.
private final class SequentialIdentifiers {
    private var identifierOfName: [[UInt8]: UInt64] = [:]
    private var names: [UnsafeMutablePointer<CChar>] = []
    private var nextAnonymous: UInt64 = 1
    /// Named identifiers start far above the anonymous ones, so every anonymous object sorts
    /// before every named one, as under Graphviz's default discipline (small odd counters for
    /// anonymous objects, string addresses for named ones).
    private static let firstNamed: UInt64 = 1 << 40

    deinit {
        for name in names { free(name) }
    }

    /// Graphviz's `map`: a name to its identifier, creating one when asked. Returns 0 for an
    /// unknown name that is only looked up, so cgraph falls back to its internal map.
    private func map(_ name: UnsafeMutablePointer<CChar>?, _ identifier: UnsafeMutablePointer<IDTYPE>?, create: Bool) -> Int {
        guard let identifier else { return 0 }
        guard let name else {
            identifier.pointee = nextAnonymous
            nextAnonymous += 2
            return 1
        }
        let key = Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        if let known = identifierOfName[key] {
            identifier.pointee = known
            return 1
        }
        guard create, let copy = strdup(name) else { return 0 }
        names.append(copy)
        let assigned = Self.firstNamed + UInt64(names.count - 1) * 2
        identifierOfName[key] = assigned
        identifier.pointee = assigned
        return 1
    }

    private func name(of identifier: IDTYPE) -> UnsafeMutablePointer<CChar>? {
        guard identifier % 2 == 0, identifier >= Self.firstNamed else { return nil }
        let index = Int((identifier - Self.firstNamed) / 2)
        return index < names.count ? names[index] : nil
    }

    private static func table(_ state: UnsafeMutableRawPointer?) -> SequentialIdentifiers? {
        state.map { Unmanaged<SequentialIdentifiers>.fromOpaque($0).takeUnretainedValue() }
    }

    static let discipline = Agiddisc_t(
        open: { _, _ in Unmanaged.passRetained(SequentialIdentifiers()).toOpaque() },
        map: { state, _, name, identifier, create in
            table(state)?.map(name, identifier, create: create != 0) ?? 0
        },
        alloc: { _, _, _ in 0 },  // explicit identifiers are not offered, as in Graphviz's default
        free: { _, _, _ in },  // names live until the graph is closed
        print: { state, _, identifier in table(state)?.name(of: identifier) },
        close: { state in
            if let state { Unmanaged<SequentialIdentifiers>.fromOpaque(state).release() }
        },
        idregister: { _, _, _ in }
    )
}

/// The DOT text handed to Graphviz's parser a line at a time, the way `agmemread` feeds it.
private struct MemoryReader {
    let base: UnsafePointer<UInt8>?
    let count: Int
    var offset: Int

    static let discipline = Agiodisc_t(
        afread: { channel, buffer, size in
            guard let channel, let buffer, size > 0 else { return 0 }
            let reader = channel.assumingMemoryBound(to: MemoryReader.self)
            guard let base = reader.pointee.base else { return 0 }
            var copied = 0
            while copied < Int(size), reader.pointee.offset < reader.pointee.count {
                let byte = base[reader.pointee.offset]
                buffer[copied] = CChar(bitPattern: byte)
                copied += 1
                reader.pointee.offset += 1
                if byte == UInt8(ascii: "\n") { break }
            }
            return Int32(copied)
        },
        putstr: { _, _ in -1 },  // this discipline only reads
        flush: { _ in 0 }
    )
}
