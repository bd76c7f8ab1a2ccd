import Foundation
import Testing

/// The Guide's command blocks marked `<!-- guide-test: exits 0 -->`: each line is run here, in
/// order, with the built `navgraph`, in a folder holding a copy of the repository's `Graphs/`
/// (where the Guide's commands are written to run), and must exit 0. A block stays marked
/// only while every line in it runs as written: synopses with `[options]`, and commands that
/// need files of their own (a recorded session, a second revision), are not marked.
@Suite("The Guide's runnable command blocks", .serialized)
struct GuideCommandTests {
    /// The marked blocks' command lines, each as its arguments after `navgraph`, comments cut.
    static func markedBlocks() throws -> [[String]] {
        let guide = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/Guide.md"), encoding: .utf8)
        var blocks: [[String]] = []
        for piece in guide.components(separatedBy: "<!-- guide-test: exits 0 -->\n```sh\n").dropFirst() {
            guard let end = piece.range(of: "\n```") else { continue }
            blocks.append(piece[..<end.lowerBound].split(separator: "\n").map { line in
                String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            })
        }
        return blocks
    }

    @Test("the Guide marks its runnable blocks, and each is a list of plain navgraph commands")
    func marked() throws {
        let blocks = try Self.markedBlocks()
        #expect(blocks.count >= 2, "the Guide lost its marked blocks (or their fences changed)")
        for line in blocks.joined() {
            #expect(line.hasPrefix("navgraph "), "'\(line)': a marked block holds navgraph commands only")
            #expect(!line.contains("\"") && !line.contains("'") && !line.contains("[") && !line.contains("|"),
                    "'\(line)': quoting, options in brackets and pipes are not run here; unmark the block or write it plainly")
        }
    }

    @Test("every line of every marked block exits 0 on a copy of Graphs/, in order (the baseline written by one line is read by the next)")
    func run() throws {
        for block in try Self.markedBlocks() {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Graphs"), to: folder.appendingPathComponent("Graphs"))
            for line in block {
                let arguments = line.split(separator: " ").dropFirst().map(String.init)
                let result = try DiffCommandTests.run(arguments, in: folder)
                #expect(result.code == 0, "navgraph \(arguments.joined(separator: " ")) exited \(result.code):\n\(result.out.suffix(2000))\(result.err.suffix(2000))")
                #expect(!result.out.isEmpty, "navgraph \(arguments.joined(separator: " ")) printed nothing")
            }
        }
    }
}
