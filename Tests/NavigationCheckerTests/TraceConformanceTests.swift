import Foundation
import NavGraphTestSupport
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Recorded navigation traces replayed through a graph: the Shop recorded by its own store,
/// a planted divergence, coverage, and hostile trace files.
@MainActor
@Suite("Trace conformance")
struct TraceConformanceTests {
    static func product(_ id: String) -> DynamicRoute { DynamicRoute("product", arguments: [.init(name: "id", value: id)]) }

    /// A session in the Shop's own store that takes every declared transition, recorded:
    /// products, the cart sheet, checkout redirected to sign-in, the event, checkout and its
    /// receipt, sign-out, sign-in from the catalog, a deep link, and one that waits for sign-in.
    static func recordedShopSession() throws -> [String] {
        let graph = try SampleGraphs.load("Shop.navgraph.yaml")
        let store = try NavigationStore(graph: graph)
        var lines: [String] = []
        let recorder = NavigationTraceRecorder(recording: store, trace: "shop-session", flags: ["signedIn"]) { lines.append($0) }
        store.execute(.push(product("1")))
        store.execute(.push(product("2")))
        store.execute(.present(DynamicRoute("cart"), style: .sheet))
        store.execute(.push(product("1")))
        store.send(.back)
        store.execute(.push(DynamicRoute("checkout")))          // not signed in: the guard presents sign-in
        store.fire(named: "signIn")
        store.execute(.push(DynamicRoute("checkout")))
        store.execute(NavigationGraph<DynamicRoute>.command(to: DynamicRoute("receipt"), style: .replace, in: store.state))
        store.execute(.dismiss)
        store.fire(named: "signOut")
        store.execute(.present(DynamicRoute("cart"), style: .sheet))
        store.reconcile(.modalDismissed(level: 0))               // the user pulls the sheet down
        store.execute(.present(DynamicRoute("signIn"), style: .sheet))
        store.open("shop://checkout")                            // waits for sign-in
        store.fire(named: "signIn")                               // …and the link resumes by itself
        store.open("https://shop.example/products/2")
        recorder.stop()
        return lines
    }

    static func conformance(_ lines: [String], graph file: String = "Shop.navgraph.yaml", context: Int = 20) throws -> TraceConformance.Report {
        var conformance = try TraceConformance(graph: try SampleGraphs.load(file), context: context)
        for (offset, text) in lines.enumerated() {
            if let line = try TraceLineDecoder.decode(Array(text.utf8), line: offset + 1) { conformance.read(line, at: offset + 1) }
        }
        return conformance.report()
    }

    @Test("a session the Shop's store recorded conforms, by construction, and takes every transition: 100 % coverage")
    func recordedSessionConforms() throws {
        let lines = try Self.recordedShopSession()
        #expect(lines.first?.hasPrefix(#"{"do":"launch","version":1,"trace":"shop-session","state":{"#) == true)
        #expect(lines.contains(#"{"do":"resume","state":{"stack":["catalog"],"modals":[{"style":"sheet","stack":["cart","checkout"]}],"flags":{"signedIn":true}}}"#))
        #expect(lines.contains { $0.hasPrefix(#"{"do":"dismiss""#) })
        let report = try Self.conformance(lines)
        #expect(report.traces.map(\.divergence) == [nil])
        #expect(report.conforms)
        #expect(report.covered == report.transitions.count)
        #expect(report.coveragePercent == 100)
        #expect(report.untaken.isEmpty)
        #expect(report.steps == lines.count - 1)
    }

    @Test("a divergence planted in the recorded Shop session is reported at its step, with the steps before it")
    func plantedDivergence() throws {
        var lines = try Self.recordedShopSession()
        // Step 3 presents the cart; say instead the app pushed it.
        let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"do":"present","route":"cart""#) })
        lines[index] = #"{"do":"push","route":"cart"}"#
        let report = try Self.conformance(lines)
        let divergence = try #require(report.traces.first?.divergence)
        #expect(divergence.line == index + 1)
        #expect(divergence.step == index)
        #expect(divergence.kind == .notAllowed)
        #expect(divergence.message == "product → cart is declared as sheet, but the app did push")
        #expect(divergence.stepsBefore.map(\.action) == ["push product(id: 1)", "push product(id: 2)"])
        #expect(!report.conforms)

        // A recorded state that differs: the app shows product 1 where the graph shows 2.
        var other = try Self.recordedShopSession()
        other[2] = other[2].replacingOccurrences(of: #"{"name":"product","with":{"id":"2"}}],"#, with: #"{"name":"product","with":{"id":"1"}}],"#)
        let differs = try #require(try Self.conformance(other).traces.first?.divergence)
        #expect(differs.kind == .stateDiffers)
        #expect(differs.step == 2)
        #expect(differs.differences == ["stack: recorded [catalog, product(id: 1), product(id: 1)], the graph has [catalog, product(id: 1), product(id: 2)]"])
    }

    @Test("several traces in one file: a launch line starts each, and a divergence ends only its own trace")
    func severalTraces() throws {
        let lines = [
            #"{"do":"launch","version":1,"trace":"a"}"#,
            #"{"do":"push","route":{"name":"product","with":{"id":1}}}"#,
            #"{"do":"push","route":"checkout"}"#,
            #"{"do":"push","route":"checkout"}"#,
            #"{"do":"launch","version":1,"trace":"b"}"#,
            #"{"do":"present","route":"cart","state":{"modals":[{"style":"sheet","stack":["cart"]}]}}"#,
            #"{"do":"back"}"#,
        ]
        let report = try Self.conformance(lines)
        #expect(report.traces.map(\.id) == ["a", "b"])
        #expect(report.traces.map { $0.divergence?.line } == [3, 7])
        #expect(report.traces[0].divergence?.message == "the graph declares no transition product → checkout; from product it declares: product (push), cart (sheet)")
        #expect(report.traces[1].divergence?.message == "Back, but the visible stack is at its root (cart): the graph offers no Back here")
        #expect(report.transitions.filter { $0.count > 0 }.map(\.label) == ["push catalog → product", "sheet catalog → cart"])
    }

    @Test("names the graph does not declare are divergences with a did-you-mean")
    func unknownNames() throws {
        func message(_ step: String) throws -> String? {
            try Self.conformance([#"{"do":"launch","version":1}"#, step]).traces.first?.divergence?.message
        }
        #expect(try message(#"{"do":"push","route":"prodcut"}"#) == "the graph has no route 'prodcut'; did you mean 'product'?")
        #expect(try message(#"{"do":"push","route":{"name":"product","with":{"ids":"1"}}}"#) == "route product has no parameter 'ids'; did you mean 'id'?")
        #expect(try message(#"{"do":"push","route":"product"}"#)?.hasPrefix("route product needs a value for 'id'") == true)
        #expect(try message(#"{"do":"event","event":"signin"}"#) == "the graph has no event 'signin'; did you mean 'signIn'?")
        #expect(try message(#"{"do":"present","route":"cart","style":"shet"}"#) == "no modal style 'shet'; did you mean 'sheet'?")
        let flag = try Self.conformance([#"{"do":"launch","version":1,"state":{"flags":{"signedin":false}}}"#]).traces.first?.divergence
        #expect(flag?.kind == .unknownName)
        #expect(flag?.message == "the graph has no flag 'signedin'; did you mean 'signedIn'?")
    }

    @Test("bad JSON and lines that are not steps are errors with their line and column")
    func badLines() {
        func error(_ text: String) -> String? {
            do { _ = try TraceLineDecoder.decode(Array(text.utf8), line: 7); return nil } catch { return error.description }
        }
        #expect(error(#"{"do":"push", route:"x"}"#) == "7:15: expected a key in double quotes, found 'r'")
        #expect(error(#"{"do":"push","route":"x""#) == "7:25: the line ends inside an object; close it with '}'")
        #expect(error(#"{"do":"launch","version":1} x"#) == "7:29: unexpected 'x' after the JSON value; each line holds one JSON object")
        #expect(error(#"{"do":"lunch"}"#) == "7: 'do': unknown action 'lunch'; did you mean 'launch'?")
        #expect(error(#"{"do":"launch","version":2}"#) == "7: 'version': this navgraph reads trace version 1; the line says 2")
        #expect(error(#"{"do":"push","route":"x","stat":{}}"#) == "7: unknown key 'stat'; did you mean 'state'?")
        #expect(error(#"{"do":"push","route":"x","state":{"stack":"catalog"}}"#) == "7: 'state.stack': expected an array of routes, root first, found a string")
        #expect(error(#"{"do":"push","do":"back"}"#) == "7:14: the key 'do' is written twice in one object; keep one")
        #expect(error(#"[1,2]"#) == "7: expected a JSON object (one step per line), found an array")
        #expect(error(String(repeating: "[", count: 100_000))?.hasPrefix("7:17: nested more than 16 deep") == true)
        #expect(error("{\"do\":\"open\",\"url\":\"a\u{01}\"}")?.hasPrefix("7:22: a control character") == true)
        #expect(error("   ") == nil)
    }

    @Test("a line longer than the cap is refused before it is held whole")
    func longLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("long.jsonl")
        try Data((#"{"do":"launch","version":1}"# + "\n" + String(repeating: "x", count: 3_000_000) + "\n").utf8).write(to: file)
        let reader = try TraceFileReader(path: file.path, maxLineBytes: 1 << 20, chunkBytes: 1 << 16)
        #expect(try reader.nextLine()?.number == 1)
        #expect(throws: TraceInputError(line: 2, message: "the line is longer than 1048576 bytes; a trace step is one short JSON object per line (is this a trace file?)")) {
            try reader.nextLine()
        }
        #expect(reader.largestBuffer <= 2 * ((1 << 20) + (1 << 16)))
        #expect(reader.bytesRead < 2_000_000)
        #expect(throws: TraceInputError(line: 0, message: "no such file")) { try TraceFileReader(path: folder.appendingPathComponent("none.jsonl").path) }
    }

    @Test("a big trace file (50 MB) is read a line at a time: the reader's buffer and the retained steps stay bounded")
    func bigFileStreams() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.jsonl")
        // The recorded session, its steps repeated in one long trace: each round returns to the catalog.
        let session = try Self.recordedShopSession()
        let round = [#"{"do":"push","route":{"name":"product","with":{"id":"1"}},"state":{"stack":["catalog",{"name":"product","with":{"id":"1"}}],"modals":[]}}"#,
                     #"{"do":"present","route":"cart","style":"sheet","state":{"modals":[{"style":"sheet","stack":["cart"]}]}}"#,
                     #"{"do":"dismiss","state":{"modals":[]}}"#,
                     #"{"do":"back","state":{"stack":["catalog"]}}"#].joined(separator: "\n") + "\n"
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data((session[0] + "\n").utf8))
        let block = Data(String(repeating: round, count: 1_000).utf8)
        var written = 0
        while written < 50 << 20 {
            try handle.write(contentsOf: block)
            written += block.count
        }
        try handle.close()

        let before = ProcessMemory.residentBytes()
        var conformance = try TraceConformance(graph: try SampleGraphs.load("Shop.navgraph.yaml"), context: 5)
        let reader = try TraceFileReader(path: file.path)
        while let line = try reader.nextLine() {
            if let step = try TraceLineDecoder.decode(line.bytes, line: line.number) { conformance.read(step, at: line.number) }
        }
        let report = conformance.report()
        #expect(report.conforms)
        #expect(report.steps == reader.lineCount - 1)
        #expect(reader.bytesRead >= 50 << 20)
        // What the design holds: one line plus one chunk, never the file.
        #expect(reader.largestBuffer <= 2 * (reader.maxLineBytes + reader.chunkBytes))
        // The process did not grow by the file's size (holding the file would, before any step
        // it decodes). The resident set is the whole process's, and other suites run beside
        // this one (35 MB of growth was seen under load), so the bound is the file, not less.
        #expect(ProcessMemory.residentBytes() - before < written)
    }
}
