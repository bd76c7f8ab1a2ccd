import Foundation
import NavGraphTestSupport
import Testing

@Suite("Bidirectional controls in free text")
struct BidiTextTests {
    @Test("a summary with a right-to-left override reaches summary.md and report.html without it")
    func summaryOverride() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = folder.appendingPathComponent("Bidi.navgraph.yaml")
        try "navgraph: 1\nname: Bidi\nsummary: \"pay \\u202Eyalp\"\nroot: a\nroutes: { a: {} }\n".write(to: graph, atomically: true, encoding: .utf8)
        #expect(navgraph(["verify", graph.path, "--reports", folder.appendingPathComponent("R").path, "--quiet"]) == 0)
        for file in ["summary.md", "report.html"] {
            let text = try String(contentsOf: folder.appendingPathComponent("R/Bidi/\(file)"), encoding: .utf8)
            #expect(text.contains("pay yalp"), "\(file)")
            #expect(!text.unicodeScalars.contains { $0.properties.isBidiControl }, "\(file)")
        }
    }
}
