import Foundation
@testable import NavGraphCommand
import Testing

@Suite("A misspelt subcommand", .serialized)
struct SubcommandTypoTests {
    static let subcommands = NavGraphCommand.configuration.subcommands.map { $0._commandName }

    func failure(_ arguments: [String], exists: Bool = false) -> CommandFailure? {
        SubcommandTypo.failure(for: arguments, subcommands: Self.subcommands, exists: { _ in exists })
    }

    static let typos: [(argument: String, remedy: String)] = [
        ("verfy", "did you mean 'verify'?"),
        ("verifyy", "did you mean 'verify'?"),
        ("Verify", "did you mean 'verify'?"),
        ("rendr", "did you mean 'render'?"),
        ("lnt", "did you mean 'lint'?"),
        ("trcae", "did you mean 'trace'?"),
        ("generat", "did you mean 'generate'?"),
        ("version", "for navgraph's version run 'navgraph --version'"),
        ("versoin", "for navgraph's version run 'navgraph --version'"),
        ("hepl", "did you mean 'navgraph --help'?"),
    ]

    @Test("a first argument that is no file but near a subcommand, 'version' or 'help' is told what was meant, exit 2", arguments: typos)
    func typo(argument: String, remedy: String) throws {
        let failure = try #require(self.failure([argument, "--strict"]))
        #expect(failure.exitCode == .badInput)
        #expect(failure.message.hasPrefix("\(argument): error: no such file, and navgraph has no subcommand of that name; \(remedy)"), "\(failure.message)")
    }

    @Test("subcommands, options, existing paths and words near nothing are left to the parser")
    func leftAlone() {
        for arguments in [["verify"], ["lint", "x"], ["help"], ["--version"], ["-h"], [], [""], ["Graphs/Shop.navgraph.yaml"], ["nothing-like-it.yaml"]] {
            #expect(failure(arguments) == nil, "\(arguments)")
        }
        // An existing file is a document to verify, whatever its name.
        #expect(failure(["verfy"], exists: true) == nil)
        #expect(failure(["version"], exists: true) == nil)
    }

    @Test("only the first argument counts: a later one is a document of verify")
    func laterArgument() {
        #expect(failure(["verify", "verfy"]) == nil)
        #expect(failure(["Graphs/Shop.navgraph.yaml", "version"]) == nil)
    }

    @Test("the executable says did you mean 'verify' on standard error and exits 2; a missing document still says no such file")
    func executable() throws {
        let typo = try runExecutableCapturing(["verfy"])
        #expect(typo.status == 2)
        #expect(typo.output.isEmpty)
        #expect(typo.errors == "verfy: error: no such file, and navgraph has no subcommand of that name; did you mean 'verify'? (navgraph --help lists the subcommands)\n")
        let version = try runExecutableCapturing(["version"])
        #expect(version.status == 2)
        #expect(version.errors.contains("run 'navgraph --version'"), "\(version.errors)")
        let missing = try runExecutableCapturing(["Graphs/Missing.navgraph.yaml", "--reports", "/nonexistent-navgraph-reports"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("Graphs/Missing.navgraph.yaml: error: no such file; pass a graph document"), "\(missing.errors)")
    }

    @Test("a misspelt subcommand with a control character is escaped when printed")
    func hostile() throws {
        let run = try runExecutableCapturing(["verif\u{7}"])
        #expect(run.status == 2)
        #expect(run.errors.contains("did you mean 'verify'?"), "\(run.errors)")
        #expect(!run.errors.contains("\u{7}"))
    }
}
