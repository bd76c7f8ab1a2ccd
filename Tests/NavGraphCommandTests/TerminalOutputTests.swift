import Foundation
import Testing

/// What `navgraph` prints to a terminal or a CI log when a document's names are hostile: one
/// visible line per message, no escape sequence, no GitHub Actions workflow command.
@Suite("terminal output", .serialized)
struct TerminalOutputTests {
    /// A graph whose names carry an escape sequence that retitles and clears the terminal, a
    /// bell, a newline followed by a workflow command, C1 and bidirectional controls, a line
    /// separator and a noncharacter.
    static let controlNames = """
        navgraph: 1
        name: "Evil\\e]0;pwned\\a\\e[2J"
        root: home
        flags:
          on: false
        routes:
          home: {}
          "x\\e[2Jy\\u009B31m\\u202Egnp.exe\\uFFFF": {}
        events:
          "go\\n::error file=app.swift,line=1::injected":
            set: { on: true }
        invariants:
          "off\\u2028\\n::warning::injected": "not on"
        transitions:
          - { from: home, to: "x\\e[2Jy\\u009B31m\\u202Egnp.exe\\uFFFF" }
        """

    /// A graph that loads and fails, whose graph and invariant names are workflow commands
    /// with no control character at all: printed at the start of a line, they would run.
    static let commandNames = """
        navgraph: 1
        name: "::warning file=app.swift,line=1::graph"
        root: home
        flags:
          on: false
        routes:
          home: {}
        events:
          flip:
            set: { on: true }
        invariants:
          "::error file=app.swift,line=1::invariant": "not on"
        """

    private func write(_ text: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent("Hostile.navgraph.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Every check a CI log needs: no control character a terminal acts on, no line a runner
    /// reads as a workflow command.
    private func expectInert(_ text: String, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let acted = text.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.isNoncharacterCodePoint)
        }
        #expect(acted.isEmpty, "\(comment): raw \(acted.map { String($0.value, radix: 16) }) in \(text.debugDescription)", sourceLocation: sourceLocation)
        for line in text.split(separator: "\n") {
            #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("::"), "\(comment): a workflow command: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test("verify, lint, trace and render print control characters in names as visible escapes, one line per message")
    func controlCharacters() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try write(Self.controlNames, in: folder)
        for arguments in [["verify", graph, "--reports", folder.appendingPathComponent("out").path], ["lint", graph], ["trace", graph],
                          ["render", graph, "--format", "dot"]] {
            let run = try runExecutableCapturing(arguments)
            let printed = run.output + run.errors
            expectInert(printed, "\(arguments[0])")
            #expect(printed.contains("\\u{1B}"), "\(arguments[0]) shows the escape character: \(printed)")
        }
    }

    @Test("a name that is a workflow command never starts a line of verify's, lint's or trace's output")
    func workflowCommands() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = try write(Self.commandNames, in: folder)
        let verify = try runExecutableCapturing(["verify", graph, "--reports", folder.appendingPathComponent("out").path])
        #expect(verify.status == 1, "\(verify.errors)")
        expectInert(verify.output + verify.errors, "verify")
        // The failure is a diagnostic line, which starts with the document's path.
        #expect(verify.output.contains(": error: ::warning file=app.swift,line=1::graph: ::error file=app.swift,line=1::invariant: 'not on' is false [invariant]"),
                "\(verify.output)")
        let trace = try runExecutableCapturing(["trace", graph])
        #expect(trace.status == 1)
        expectInert(trace.output + trace.errors, "trace")
        #expect(trace.output.hasPrefix("\\u{3A}:warning file=app.swift,line=1::graph: "), "\(trace.output)")
        let lint = try runExecutableCapturing(["lint", graph])
        expectInert(lint.output + lint.errors, "lint")
    }

    @Test("a file name with control characters is escaped in the error that names it")
    func fileNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("a\u{1B}[2J\n::error::b.navgraph.yaml").path
        let run = try runExecutableCapturing(["lint", missing])
        #expect(run.status == 2)
        expectInert(run.output + run.errors, "lint")
        #expect(run.errors.contains("a\\u{1B}[2J\\n::error::b.navgraph.yaml"), "\(run.errors)")
    }
}
