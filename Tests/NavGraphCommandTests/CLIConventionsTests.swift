import Foundation
@testable import NavGraphCommand
import NavigationReports
import NavGraphTestSupport
import Testing

/// The conventions of swift-format and SwiftLint: --version, --format json, --strict,
/// `path:line:column: severity:` lines and GitHub Actions annotations.
@Suite("Command-line conventions", .serialized)
struct CLIConventionsTests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let run = try runExecutableCapturing(["--version"])
        #expect(run.status == 0)
        #expect(run.output == NavGraphVersion.current + "\n")
    }

    @Test("failed properties are path:line:column: error: lines, which editors and CI logs link to the line")
    func diagnosticLines() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runExecutableCapturing(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path, "--reporter", "text"])
        #expect(run.status == 1)
        #expect(run.output.contains("\nGraphs/Account.navgraph.yaml:49:24: error: Account: orders need sign-in: 'top == orders implies signedIn' is false [invariant]\n"),
                "\(run.output)")
    }

    @Test("--reporter github-actions (and GITHUB_ACTIONS=true) prints annotations on the documents' lines")
    func annotations() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (arguments, environment) in [(["--reporter", "github-actions"], [String: String]()), ([], ["GITHUB_ACTIONS": "true"])] {
            let run = try runExecutableCapturing(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path] + arguments, environment: environment)
            #expect(run.status == 1)
            let annotations = run.output.split(separator: "\n").filter { $0.hasPrefix("::") }
            #expect(annotations.first == "::error file=Graphs/Account.navgraph.yaml,line=49,col=24,title=Account%3A orders need sign-in::'top == orders implies signedIn' is false [invariant]",
                    "\(run.output)")
            #expect(annotations.count == 3)
        }
        let plain = try runExecutableCapturing(["verify", "Graphs/Account.navgraph.yaml", "--reports", folder.path, "--reporter", "text"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(!plain.output.contains("\n::"))
    }

    @Test("annotation values are escaped as GitHub reads workflow commands, so a name cannot end one early")
    func annotationEscaping() {
        let diagnostic = Diagnostic(file: "a,b:c.yaml", line: 3, column: 4, severity: .error, title: "g: x,y", message: "50% done\nnext::error::x\u{1B}[2J")
        #expect(diagnostic.gitHubAnnotation == #"::error file=a%2Cb%3Ac.yaml,line=3,col=4,title=g%3A x%2Cy::50%25 done\nnext::error::x\u{1B}[2J"#)
        #expect(!diagnostic.gitHubAnnotation.contains("\n"))
    }

    @Test("no printed line reads as a GitHub workflow command: not after Unicode spaces, not in the older ##[ form")
    func workflowCommandForms() throws {
        for space in ["\u{00A0}", "\u{3000}", " \u{2003}"] {
            let line = TerminalText.escape(space + "::error file=app.swift,line=1::owned")
            #expect(!line.drop { $0.isWhitespace }.hasPrefix("::"), "\(line)")
        }
        #expect(TerminalText.escape("Inj ##[stop-commands]tok") == "Inj #\\u{23}[stop-commands]tok")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graph = folder.appendingPathComponent("Inj.navgraph.yaml")
        try "navgraph: 1\nname: 'Inj ##[stop-commands]tok'\nroot: a\nroutes: { a: {} }\ninvariants: { '##[error]x': not (top == a) }\n"
            .write(to: graph, atomically: true, encoding: .utf8)
        for arguments in [["--reporter", "github-actions"], ["--reporter", "text"], ["--format", "json"]] {
            let run = try runExecutableCapturing(["verify", graph.path, "--reports", folder.appendingPathComponent("R").path] + arguments)
            #expect(run.status == 1)
            #expect(!(run.output + run.errors).contains("##["), "\(arguments): \(run.output)")
        }
    }

    @Test("--format json prints one document with the reports and the exit code; messages stay on standard error")
    func json() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runExecutableCapturing(["verify", "Graphs/Account.navgraph.yaml", "Graphs/Missing.navgraph.yaml", "--reports", folder.path, "--format", "json"])
        #expect(run.status == 2)
        let document = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        #expect(document?["exitCode"] as? Int == 2)
        let reports = document?["reports"] as? [[String: Any]] ?? []
        #expect(reports.map { $0["graph"] as? String } == ["Account"])
        #expect(reports.first?["status"] as? String == "failed")
        #expect((document?["errors"] as? [[String: Any]])?.first?["file"] as? String == "Graphs/Missing.navgraph.yaml")
        #expect(run.errors.contains("no such file"))

        // Graphs refused before anything is verified (their report folders would clash) still get the document.
        for name in ["A.B", "A_B"] {
            try "navgraph: 1\nname: \(name)\nroot: a\nroutes: { a: {} }\n".write(to: folder.appendingPathComponent("\(name).navgraph.yaml"), atomically: true, encoding: .utf8)
        }
        let clash = try runExecutableCapturing(["verify", folder.appendingPathComponent("A.B.navgraph.yaml").path, folder.appendingPathComponent("A_B.navgraph.yaml").path,
                                                "--reports", folder.appendingPathComponent("R").path, "--format", "json"])
        #expect(clash.status == 2)
        let refused = try JSONSerialization.jsonObject(with: Data(clash.output.utf8)) as? [String: Any]
        #expect(refused?["exitCode"] as? Int == 2)
        #expect(((refused?["errors"] as? [[String: Any]])?.first?["message"] as? String)?.contains("would both write their reports") == true, "\(clash.output)")

        let lint = try runExecutableCapturing(["lint", "Graphs/Shop.navgraph.yaml", "--format", "json"])
        #expect(lint.status == 0)
        let lintDocument = try JSONSerialization.jsonObject(with: Data(lint.output.utf8)) as? [String: Any]
        #expect((lintDocument?["lint"] as? [[String: Any]])?.first?["graph"] as? String == "Shop")
    }

    @Test("lint: errors exit 1, --strict makes warnings fail too, a document that does not load exits 2")
    func lintExitCodes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let warned = folder.appendingPathComponent("Warned.navgraph.yaml")
        // c is declared but nothing leads to it: a warning.
        try "navgraph: 1\nname: Warned\nroot: a\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: a, to: b }]\n".write(to: warned, atomically: true, encoding: .utf8)
        let broken = folder.appendingPathComponent("Broken.navgraph.yaml")
        try "navgraph: 1\nname: Broken\nroot: a\nroutes: { a: {} }\ntransitions: [{ from: a, to: nowhere }]\n".write(to: broken, atomically: true, encoding: .utf8)
        let plain = try runExecutableCapturing(["lint", warned.path])
        #expect(plain.status == 0)
        #expect(plain.output.contains(": warning: Warned: lint "), "\(plain.output)")
        let strict = try runExecutableCapturing(["lint", warned.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.output.contains(": error: Warned: lint "))
        #expect(try runExecutableCapturing(["lint", broken.path]).status == 1)
        #expect(try runExecutableCapturing(["lint", folder.appendingPathComponent("Missing.navgraph.yaml").path]).status == 2)
        #expect(try runExecutableCapturing(["verify", warned.path, "--reports", folder.appendingPathComponent("R").path, "--strict", "--quiet"]).status == 1)
    }
}
