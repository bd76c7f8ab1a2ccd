import Foundation
import NavGraphCommand
import Testing

/// `navgraph generate swift` and `navgraph-generate`, as a user runs them.
@Suite("navgraph generate swift")
struct GenerateCommandTests {
    /// Runs a built executable of this package in the repository's root; returns its exit code,
    /// standard output and standard error.
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let run = try runExecutableCapturing(arguments, executable: executable)
        return (run.status, run.output, run.errors)
    }

    private var committedShop: String {
        get throws { try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/GeneratedCodeTests/Generated/ShopRoute.swift"), encoding: .utf8) }
    }

    @Test("both executables write the committed generated Swift for the shop", arguments: [["navgraph", "generate", "swift"], ["navgraph-generate"]])
    func generatesTheShop(command: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("ShopRoute.swift")
        let result = try run(command[0], Array(command.dropFirst()) + ["Graphs/Shop.navgraph.yaml", "--output", output.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(try String(contentsOf: output, encoding: .utf8) == (try committedShop))
        // Without --output, the same text on standard output.
        let printed = try run(command[0], Array(command.dropFirst()) + ["Graphs/Shop.navgraph.yaml"])
        #expect(printed.output == (try committedShop))
    }

    @Test("a name clash exits 2 with file:line:column naming both routes", arguments: [["navgraph", "generate", "swift"], ["navgraph-generate"]])
    func clash(command: [String]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("Clash.navgraph.yaml")
        try Data("navgraph: 1\nname: Clash\nroot: sign-in\nroutes:\n  sign-in: {}\n  signIn: {}\n".utf8).write(to: document)
        let result = try run(command[0], Array(command.dropFirst()) + [document.path])
        #expect(result.status == 2)
        #expect(result.error.contains("\(document.path):6:3: error: routes 'sign-in' (line 5) and 'signIn' would both generate the case 'signIn'"),
                "\(result.error)")
        #expect(result.output.isEmpty)
    }

    @Test("usage errors exit 2", arguments: [
        ["navgraph", "generate", "swift", "Graphs/Shop.navgraph.yaml", "--access", "open"],
        ["navgraph", "generate", "swift", "Graphs/Missing.navgraph.yaml"],
        ["navgraph-generate", "Graphs/Shop.navgraph.yaml", "--access", "open"],
        ["navgraph-generate"],
        ["navgraph-generate", "Graphs/Missing.navgraph.yaml"],
    ])
    func usage(command: [String]) throws {
        let result = try run(command[0], Array(command.dropFirst()))
        #expect(result.status == 2, "\(result.error)")
        #expect(!result.error.isEmpty)
    }

    @Test("--help documents the command, its naming scheme and exit codes")
    func help() throws {
        let result = try run("navgraph", ["generate", "swift", "--help"])
        #expect(result.output.contains("pushProduct(id:), presentCart(), replaceWithReceipt()"), "\(result.output)")
        #expect(result.output.contains("Exit codes: 0 written, 2 bad input"))
        #expect(try run("navgraph", ["--help"]).output.contains("generate"))
    }
}
