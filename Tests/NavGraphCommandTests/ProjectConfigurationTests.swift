import Foundation
@testable import NavGraphCommand
import NavigationCodegen
import Testing

/// `.navgraph.yml`: the graphs, reports, diagrams, baseline, and bounds, engine and properties
/// per graph, found upward from the working directory; flags override it.
@Suite("Project configuration (.navgraph.yml)", .serialized)
struct ProjectConfigurationTests {
    /// A repository with the Account and Onboarding samples under App/Flows and `configuration`
    /// at its root.
    static func repository(_ configuration: String) throws -> URL {
        let folder = try temporaryFolder()
        try DiffCommandTests.git(["init", "-q", "-b", "main"], in: folder)
        try DiffCommandTests.write(try DiffCommandTests.buggyAccount(), "App/Flows/Account.navgraph.yaml", in: folder)
        try DiffCommandTests.write(try String(contentsOf: repositoryRoot.appendingPathComponent("Graphs/Onboarding.navgraph.yaml"), encoding: .utf8),
                                   "App/Flows/Onboarding.navgraph.yaml", in: folder)
        try DiffCommandTests.write(configuration, ".navgraph.yml", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/Sources"), withIntermediateDirectories: true)
        return folder
    }

    static let configuration = """
        graphs: [App/Flows]
        reports: Out
        diagrams: none
        overrides:
          - graphs: [Account]
            bounds: { maxStackDepth: 3 }
            properties: { guard-bypass: off, orders need sign-in: warning }
        """

    @Test("found from a subfolder: its graphs, reports folder, diagrams, and per-graph bounds and properties apply")
    func applied() throws {
        let folder = try Self.repository(Self.configuration)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try DiffCommandTests.run(["verify"], in: folder.appendingPathComponent("App/Sources"))
        // guard-bypass is off, "orders need sign-in" warns; at depth 3 a transition is never
        // taken, and "order details need sign-in" cannot fail: transition coverage fails (1).
        #expect(run.code == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("✘ Account: 1 of 6 properties failed: every transition taken"), "\(run.out)")
        #expect(run.out.contains("warning: Account: orders need sign-in: 'top == orders implies signedIn' is false (a warning by the project's configuration)"), "\(run.out)")
        #expect(run.out.contains("✔ Onboarding: all 8 properties passed"), "\(run.out)")
        let reports = folder.appendingPathComponent("Out/Account")
        #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("report.json").path))
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("graph.svg").path), "diagrams: none")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: reports.appendingPathComponent("report.json"))) as? [String: Any])
        #expect((report["properties"] as? [[String: Any]])?.contains { $0["kind"] as? String == "guard-bypass" } == false)
        // lint and baseline take the same graphs.
        let lint = try DiffCommandTests.run(["lint"], in: folder)
        #expect(lint.code == 0 && lint.out.contains("App/Flows/Account.navgraph.yaml: clean"), "\(lint.out)\(lint.err)")
    }

    @Test("flags override the configuration; --config names another file")
    func flagsWin() throws {
        let folder = try Self.repository(Self.configuration)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try DiffCommandTests.run(["verify", "--reports", "Elsewhere", "--max-depth", "5", "App/Flows/Account.navgraph.yaml"], in: folder)
        // At depth 5 (the flag over the configuration's 3) the search reaches 14 states, where
        // "order details need sign-in" fails; "orders need sign-in" still only warns.
        #expect(run.code == 1, "\(run.out)\(run.err)")
        #expect(run.out.hasPrefix("✘ Account: 1 of 6 properties failed: order details need sign-in (14 states"), "\(run.out)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Elsewhere/Account/report.json").path))
        try DiffCommandTests.write("graphs: [App/Flows/Onboarding.navgraph.yaml]\nreports: Other\n", "ci.navgraph.yml", in: folder)
        let other = try DiffCommandTests.run(["verify", "--config", "ci.navgraph.yml"], in: folder)
        #expect(other.code == 0 && other.out.contains("Onboarding") && !other.out.contains("Account"), "\(other.out)\(other.err)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Other/Onboarding/report.json").path))
    }

    @Test("mistakes are bad input at their line, with a did-you-mean or the values allowed", arguments: [
        ("reprots: Out\n", ".navgraph.yml:1:1: error: unknown key 'reprots'; did you mean 'reports'?"),
        ("graphs: [App/Sources]\n", "error: 'graphs' names the folder 'App/Sources', which holds no *.navgraph.yaml or *.navgraph.json"),
        ("graphs: [\"App/*.yaml\"]\n", "error: 'graphs' entry 'App/*.yaml' matches no graph document"),
        ("checker: fastest\n", ".navgraph.yml:1:10: error: 'fastest' is not one of auto, explicit, symbolic"),
        ("bounds: { maxStackDepth: 99 }\n", "error: expected a whole number from 1 to 64"),
        ("properties: { no-trap: maybe }\n", "error: 'maybe' is not one of off, warning"),
        ("overrides:\n  - checker: symbolic\n", "error: an override needs 'graphs'"),
        ("graphs: [: x\n", ".navgraph.yml: error: is not YAML"),
    ])
    func mistakes(text: String, message: String) throws {
        let folder = try Self.repository(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try DiffCommandTests.run(["verify"], in: folder)
        #expect(run.code == 2 && run.err.contains(message), "\(run.err)")
    }

    @Test("the JSON Schema of the file lists the keys the reader takes")
    func schema() throws {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: repositoryRoot.appendingPathComponent("Schemas/navgraph-config.schema.json"))) as? [String: Any])
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == Set(ProjectConfiguration.topLevelKeys))
        let override = ((top["overrides"] as? [String: Any])?["items"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(Set(override?.keys ?? [:].keys) == Set(ProjectConfiguration.overrideKeys))
        let bounds = (((schema["$defs"] as? [String: Any])?["bounds"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(Set(bounds?.keys ?? [:].keys) == Set(ProjectConfiguration.boundKeys))
        let generate = (top["generate"] as? [String: Any])?["properties"] as? [String: Any]
        #expect(Set(generate?.keys ?? [:].keys) == Set(GenerationSettings.keys))
        #expect((generate?["access"] as? [String: Any])?["enum"] as? [String] == SwiftGenerator.Access.allCases.map(\.rawValue))
    }

    @Test("generate: { access: public } makes navgraph generate swift write public declarations; --access wins; a wrong value is an error at its line")
    func generateAccess() throws {
        let folder = try Self.repository("generate:\n  access: public\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = repositoryRoot.appendingPathComponent("Graphs/Shop.navgraph.yaml").path
        let configured = try DiffCommandTests.run(["generate", "swift", document, "--origin", "Shop.navgraph.yaml"], in: folder)
        #expect(configured.code == 0, "\(configured.err)")
        #expect(configured.out.contains("public enum ShopRoute"), "\(configured.out.prefix(600))")
        let flag = try DiffCommandTests.run(["generate", "swift", document, "--origin", "Shop.navgraph.yaml", "--access", "internal"], in: folder)
        #expect(flag.code == 0 && !flag.out.contains("public enum ShopRoute") && flag.out.contains("enum ShopRoute"))
        // The generator the build-tool plugin runs reads the same section.
        let config = folder.appendingPathComponent(".navgraph.yml").path
        #expect(try GenerateCommandLine.generate(document, options: .init()).contains("public enum ShopRoute") == false)
        let output = folder.appendingPathComponent("Shop.navgraph.swift").path
        #expect(GenerateCommandLine.run([document, "--output", output, "--config", config]) == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("public enum ShopRoute"))

        try "generate:\n  acess: public\n".write(toFile: config, atomically: true, encoding: .utf8)
        let typo = try DiffCommandTests.run(["generate", "swift", document], in: folder)
        #expect(typo.code == 2 && typo.err.contains(".navgraph.yml:2:3: error: unknown key 'acess' in 'generate'; did you mean 'access'?"), "\(typo.err)")
        try "generate: { access: open }\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(GenerateCommandLine.run([document, "--output", output, "--config", config]) == 2)
        let wrong = try DiffCommandTests.run(["verify", "--diagrams", "none"], in: folder)
        #expect(wrong.code == 2 && wrong.err.contains(".navgraph.yml:1:21: error: 'access' must be one of public, internal"), "\(wrong.err)")
    }
}
