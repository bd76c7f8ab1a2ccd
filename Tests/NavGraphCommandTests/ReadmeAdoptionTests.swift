import Foundation
import NavigationReports
import Testing
import Yams

/// README's adoption path, step by step: every block it marks `<!-- readme-test: NAME -->` is
/// run here in a package of its own (a temporary folder laid out as the steps say), with the
/// built `navgraph` standing in for the plugins, which forward their arguments to it unchanged.
/// `make example` runs the plugins themselves on the example package with the same commands.
@Suite("README's adoption path", .serialized)
struct ReadmeAdoptionTests {
    /// README's marked blocks by name, in the order written, each with its fence's language.
    static func markedBlocks() throws -> [(name: String, language: String, text: String)] {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [(name: String, language: String, text: String)] = []
        for piece in readme.components(separatedBy: "<!-- readme-test: ").dropFirst() {
            guard let close = piece.range(of: " -->\n```") else { continue }
            let name = String(piece[..<close.lowerBound])
            let rest = piece[close.upperBound...]
            guard let newline = rest.firstIndex(of: "\n"), let end = rest.range(of: "\n```") else { continue }
            blocks.append((name, String(rest[..<newline]), String(rest[rest.index(after: newline)..<end.lowerBound])))
        }
        return blocks
    }

    static func block(_ name: String) throws -> String {
        try #require(try markedBlocks().first { $0.name == name }, "README has no block marked '\(name)'").text
    }

    /// A team's package as the steps lay it out: the step-2 document in the app target's sources.
    static func package() throws -> URL {
        let folder = try temporaryFolder()
        let sources = folder.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
        try (try block("document")).write(to: sources.appendingPathComponent("App.navgraph.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The names NavGraph's manifest gives its products (libraries, plugins, executables).
    static func productNames() throws -> Set<String> {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        return Set(manifest.matches(of: /\.(?:library|plugin|executable)\(name: "([^"]+)"/).map { String($0.output.1) })
    }

    /// The verbs of NavGraph's command plugins (`intent: .custom(verb: …)`).
    static func pluginVerbs() throws -> Set<String> {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        return Set(manifest.matches(of: /verb: "([^"]+)"/).map { String($0.output.1) })
    }

    @Test("the adoption path is at most five numbered steps, and each one's block is marked and run here")
    func steps() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## ").first { $0.hasPrefix("Adopt it in your package") })
        let steps = section.matches(of: #/\n\*\*(\d)\. /#).map { String($0.output.1) }
        #expect(steps == ["1", "2", "3", "4"], "\(steps)")
        #expect(steps.count <= 5)
        #expect(try Self.markedBlocks().map(\.name) == ["package", "document", "verify", "ci"])
        #expect(readme.components(separatedBy: "\n").count <= 250, "README grew past 250 lines: move detail to docs/Guide.md")
    }

    @Test("step 1: the manifest evaluates with NavGraph at this checkout, and every product and plugin it names is NavGraph's")
    func addThePackage() throws {
        let manifest = try Self.block("package")
        let version = NavGraphVersion.current
        let remote = #".package(url: "https://github.com/navgraph/navgraph.git", from: "\#(version)")"#
        #expect(manifest.contains(remote), "the pin")
        let folder = try Self.package()
        defer { try? FileManager.default.removeItem(at: folder) }
        try manifest.replacingOccurrences(of: remote, with: #".package(name: "navgraph", path: "\#(repositoryRoot.path)")"#)
            .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // Evaluating the manifest resolves nothing: no network, no build of NavGraph.
        let run = try DiffCommandTests.run(["swift", "package", "dump-package"], in: folder, program: "/usr/bin/env")
        #expect(run.code == 0, "\(run.err)")
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let targets = try #require(dump["targets"] as? [[String: Any]])
        #expect(targets.compactMap { $0["name"] as? String }.sorted() == ["App", "AppTests"])
        let named = Set(manifest.matches(of: /(?:product|plugin)\(name: "([^"]+)", package: "navgraph"\)/).map { String($0.output.1) })
        #expect(named == ["NavigationGraph", "NavGraphGeneratePlugin", "NavigationCheckerTesting"], "\(named)")
        let products = try Self.productNames()
        #expect(named.isSubset(of: products), "\(named.subtracting(products))")
    }

    @Test("step 3: verify and trace, as the plugins run them on the step-2 package: verify fails at the invariant and writes the report, trace prints the trace")
    func verify() throws {
        let commands = try Self.block("verify").split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(commands == [
            ["swift", "package", "--allow-writing-to-package-directory", "navgraph", "verify"],
            ["swift", "package", "navgraph-check", "trace", "Sources/App/App.navgraph.yaml"],
        ])
        #expect(try Self.pluginVerbs().isSuperset(of: ["navgraph", "navgraph-check"]))
        // `make example` runs these two plugin commands for real, on the example package.
        let makefile = try String(contentsOf: repositoryRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        #expect(makefile.contains("package --allow-writing-to-package-directory navgraph verify") && makefile.contains("package navgraph-check trace"))

        let folder = try Self.package()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The command plugin adds the documents in the targets' sources to a bare `verify`.
        let verified = try DiffCommandTests.run(["verify", "Sources/App/App.navgraph.yaml", "--diagrams", "none"], in: folder)
        #expect(verified.code == 1, "\(verified.out)\(verified.err)")
        #expect(verified.out.contains("Sources/App/App.navgraph.yaml:24:26: error: App: settings need sign-in"), "\(verified.out)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/App/report.html").path))
        let traced = try DiffCommandTests.run(Array(commands[1].dropFirst(3)), in: folder)
        #expect(traced.out.contains("settings need sign-in") && traced.out.contains("signOut"), "\(traced.out)\(traced.err)")
    }

    @Test("step 4: the workflow pins this version, passes only inputs the action declares, and its verify annotates the document's lines")
    func continuousIntegration() throws {
        let workflow = try #require(try Yams.load(yaml: try Self.block("ci")) as? [String: Any])
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        let steps = try #require((jobs["verify"] as? [String: Any])?["steps"] as? [[String: Any]])
        let step = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("navgraph/navgraph@") == true })
        #expect(step["uses"] as? String == "navgraph/navgraph@\(NavGraphVersion.current)")
        let action = try #require(try Yams.load(yaml: String(contentsOf: repositoryRoot.appendingPathComponent("action.yml"), encoding: .utf8)) as? [String: Any])
        let inputs = Set((action["inputs"] as? [String: Any] ?? [:]).keys)
        let with = try #require(step["with"] as? [String: Any])
        #expect(Set(with.keys).isSubset(of: inputs), "\(Set(with.keys).subtracting(inputs))")

        // The action's own Verify step, run in the step-2 package as a runner runs it, with the
        // workflow's inputs and the built navgraph standing in for the one the action builds.
        let folder = try Self.package()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = folder.appendingPathComponent("outputs")
        try Data().write(to: outputs)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", try ActionTests.script(of: "Verify")]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment.merging([
            "NAVGRAPH_BIN": DiffCommandTests.navgraphPath, "GITHUB_ACTION_PATH": repositoryRoot.path, "GITHUB_OUTPUT": outputs.path,
            "NAVGRAPH_GRAPHS": try #require(with["graphs"] as? String), "NAVGRAPH_REPORTS": "Reports",
            "NAVGRAPH_ARGUMENTS": with["arguments"] as? String ?? "", "NAVGRAPH_BASELINE": "",
        ]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the step records verify's exit code and never fails on its own: \(output)")
        #expect(try String(contentsOf: outputs, encoding: .utf8) == "exit-code=1\n", "\(output)")
        #expect(output.contains("::error file=Sources/App/App.navgraph.yaml,line=24"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reports/App/results.sarif").path))
    }
}
