import Foundation
import Testing

/// What `navgraph` says when the path it is given is not a graph document it can read: each
/// message names the real problem and a fix, and nothing hangs or reads without end: a lint
/// still running after two minutes is killed and fails its test. The limits are generous
/// because CI once stalled the whole test process for a minute while other suites launched
/// theirs (every test running then ended at once).
@Suite("graph files", .serialized, .timeLimit(.minutes(10)))
struct GraphFilesTests {
    /// The message `navgraph lint` prints for `path`, checked to exit 2.
    private func lintMessage(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let run = try runExecutableCapturing(["lint", path], timeLimit: .seconds(120))
        #expect(run.status == 2, "\(run.output)\(run.errors)", sourceLocation: sourceLocation)
        return run.errors
    }

    @Test("a directory is a directory, not NSCocoaErrorDomain error 256")
    func directory() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = folder.appendingPathComponent("Shop.navgraph.yaml")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let message = try lintMessage(directory.path)
        #expect(message == "\(directory.path): error: is a directory, not a graph document; pass the documents in it, e.g. '\(directory.path)/*.navgraph.yaml'\n")
    }

    @Test("/dev/zero, a link to it and a named pipe are not regular files, and reading them neither hangs nor fills memory")
    func specialFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("Zero.navgraph.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/dev/zero")
        let pipe = folder.appendingPathComponent("Pipe.navgraph.yaml")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        for (path, kind) in [("/dev/zero", "a character device"), (link.path, "a character device"), (pipe.path, "a named pipe")] {
            let message = try lintMessage(path)
            #expect(message == "\(path): error: is not a regular file (it is \(kind)); pass a graph document saved as a file\n")
            #expect(!message.contains("permission"))
        }
    }

    @Test("a document in the folder navgraph runs in that links out of it is refused, naming where it leads; a link that stays inside is read")
    func linkOutOfTheFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Graphs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Graphs/Leak.navgraph.yaml").path, withDestinationPath: "/etc/hostname")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Graphs/Onboarding.navgraph.yaml"), to: folder.appendingPathComponent("Onboarding.yaml"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Graphs/Inside.navgraph.yaml").path, withDestinationPath: "../Onboarding.yaml")
        let leak = try DiffCommandTests.run(["lint", "Graphs/Leak.navgraph.yaml"], in: folder)
        #expect(leak.code == 2)
        #expect(leak.err.hasPrefix("Graphs/Leak.navgraph.yaml: error: is a symbolic link to /etc/hostname, outside the folder navgraph runs in"), "\(leak.err)")
        let inside = try DiffCommandTests.run(["lint", "Graphs/Inside.navgraph.yaml"], in: folder)
        #expect(inside.code == 0, "\(inside.err)")
    }

    @Test("a file over the size limit, and one that is not UTF-8, say so")
    func sizeAndEncoding() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = folder.appendingPathComponent("Large.navgraph.yaml")
        try Data(repeating: UInt8(ascii: "#"), count: 2_000_000).write(to: large)
        #expect(try lintMessage(large.path).contains("is larger than 1048576 bytes, the limit for a graph document; split the app"))
        let latin = folder.appendingPathComponent("Latin.navgraph.yaml")
        try Data("navgraph: 1\nname: caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: latin)
        // The loader places the byte that is not UTF-8.
        #expect(try lintMessage(latin.path) == "\(latin.path):2:10: error: the document is not UTF-8 text: byte 0xE9 here does not belong; save the file as UTF-8\n")
    }

    @Test("a missing file and a multi-document file name their problems")
    func missingAndSeveralDocuments() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("Missing.navgraph.yaml").path
        #expect(try lintMessage(missing).hasPrefix("\(missing): error: no such file;"))
        let several = folder.appendingPathComponent("Two.navgraph.yaml")
        try "navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\n---\nnavgraph: 1\n".write(to: several, atomically: true, encoding: .utf8)
        #expect(try lintMessage(several.path).hasPrefix("\(several.path):6:1: error: the file has 2 YAML documents"))
    }
}
