import Foundation
import GraphvizRendering
import NavGraphTestSupport
import Testing

/// The process's resident memory now, from /proc (Linux); 0 elsewhere.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * max(4_096, sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// Whether ``residentBytes()`` measures anything here.
let measuresResidentMemory = FileManager.default.fileExists(atPath: "/proc/self/statm")

@Suite("Graphviz rendering")
struct GraphvizRenderingTests {
    let renderer = GraphvizRenderer.shared

    @Test("renders svg, png, pdf and dot")
    func formats() throws {
        let dot = "digraph G { a -> b; }"
        let svg = try renderer.render(dot, format: .svg)
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
        SVGValidation.expectWellFormed(svg, "the SVG of a -> b")
        #expect(try renderer.render(dot, format: .png).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try renderer.render(dot, format: .pdf).starts(with: Array("%PDF".utf8)))
        #expect(try renderer.render(dot, format: .dot) == Array(dot.utf8))
    }

    @Test("a failed render is followed by successful ones: errors do not stick")
    func failureThenSuccess() throws {
        #expect(throws: GraphvizRenderer.RenderError.self) { _ = try renderer.render("digraph { a -> }", format: .svg) }
        #expect(throws: GraphvizRenderer.RenderError.self) { _ = try renderer.render("digraph { a -> b }", format: .svg, engine: "no-such-engine") }
        for _ in 0..<3 {
            let svg = try renderer.render("digraph { a -> b }", format: .svg)
            #expect(!svg.isEmpty)
            SVGValidation.expectWellFormed(svg, "the SVG after a failed render")
        }
    }

    @Test("an unknown engine names the ones that exist")
    func unknownEngine() {
        #expect {
            _ = try renderer.render("digraph { a }", format: .svg, engine: "spline-o-matic")
        } throws: { error in
            guard case .unknownEngine(_, let available) = error as? GraphvizRenderer.RenderError else { return false }
            return available.contains("dot") && available.contains("neato")
        }
    }

    @Test("a huge graph is refused with a clear message instead of laid out for minutes")
    func tooLarge() {
        let dot = "digraph { " + (0..<6_000).map { "n\($0);" }.joined(separator: " ") + " }"
        #expect {
            _ = try renderer.render(dot, format: .svg)
        } throws: { error in
            (error as? GraphvizRenderer.RenderError)?.description.contains("6000 nodes") ?? false
        }
    }

    @Test("the same DOT renders to the same bytes whatever was rendered before it")
    func deterministicClusters() throws {
        let clusters = (0..<12).map { index in
            "subgraph cluster_\(11 - index) { label=\"flow \(index)\"; r\(index)a -> r\(index)b; }"
        }
        let dot = "digraph G { " + clusters.joined(separator: " ") + " r0a -> r11b; }"
        let first = try renderer.render(dot, format: .svg)
        SVGValidation.expectWellFormed(first, "twelve clusters")
        // Other graphs in between move where Graphviz's interned names land in memory; cluster
        // order must depend on the text alone.
        for round in 0..<20 {
            let names = (0..<50).map { "cluster_x\(round)_\($0)" }
            let other = "digraph H { " + names.map { "subgraph \($0) { \($0)n; }" }.joined(separator: " ") + " }"
            _ = try renderer.render(other, format: .svg)
            #expect(try renderer.render(dot, format: .svg) == first, "round \(round)")
        }
        let titles = String(decoding: first, as: UTF8.self).components(separatedBy: "<title>").dropFirst().compactMap {
            $0.components(separatedBy: "</title>").first
        }
        // Clusters come out in the order the DOT text declares them.
        #expect(Array(titles.filter { $0.hasPrefix("cluster_") }) == (0..<12).map { "cluster_\(11 - $0)" })
    }

    @Test("reports the Graphviz version it renders with")
    func version() {
        #expect(renderer.version.split(separator: ".").count >= 2)
    }

    @Test("rendering many graphs in one process does not grow memory",
          .enabled(if: measuresResidentMemory, "resident memory is read from /proc (Linux)"))
    func noLeak() throws {
        let dot = "digraph G { subgraph cluster_a { a0 -> a1; } " + (0..<40).map { "n\($0) -> n\(($0 * 7 + 3) % 40) [label=\"edge \($0)\"];" }.joined(separator: " ") + " }"
        SVGValidation.expectWellFormed(try renderer.render(dot, format: .svg), "forty labelled edges")
        for _ in 0..<30 { _ = try renderer.render(dot, format: .svg) }
        // Other suites run at the same time in this process and move its resident size too (a
        // symbolic search grows it for seconds, and frees hundreds of megabytes at its end), so
        // resident memory is read around windows of 100 renders until two windows in a row
        // move it by less than 2 MB either way, for at most two minutes. A leak of 20 kB or
        // more a render grows every window by 2 MB or more, and a release elsewhere hides it in
        // a window only by cancelling it to within 2 MB, not twice in a row.
        let quiet = 2 * 1_048_576
        let deadline = ContinuousClock.now + .seconds(120)
        var growths: [Int] = []
        func quietTwice() -> Bool { growths.count >= 2 && growths.suffix(2).allSatisfy { abs($0) < quiet } }
        while !quietTwice() && ContinuousClock.now < deadline {
            let before = residentBytes()
            for _ in 0..<100 { _ = try renderer.render(dot, format: .svg) }
            growths.append(residentBytes() - before)
        }
        #expect(quietTwice(), "resident memory moved by \(growths) bytes per 100 renders")
    }
}
