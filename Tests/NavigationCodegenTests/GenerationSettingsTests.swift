import Foundation
import NavGraphTestSupport
import NavigationCodegen
import Testing

/// `.navgraph.yml`'s `generate:` section, as the build-tool plugin's generator reads it.
@Suite("Generation settings (generate:)")
struct GenerationSettingsTests {
    /// `text` written to a temporary `.navgraph.yml`, read back.
    func settings(_ text: String) throws(CodegenError) -> GenerationSettings {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-\(UUID().uuidString).yml")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        return try GenerationSettings.load(configuration: file.path)
    }

    @Test("extend takes a route type's name or a list of them, beside access")
    func extend() throws {
        let listed = try settings("generate:\n  access: public\n  extend: [SocialRoute, TeamRoute]\n")
        #expect(listed == GenerationSettings(access: .public, extend: ["SocialRoute", "TeamRoute"]))
        #expect(try settings("generate: { extend: SocialRoute }\n").extend == ["SocialRoute"])
        #expect(try settings("reports: Reports\n").extend.isEmpty)
    }

    @Test("a name that is not a Swift type name is refused at its line and column, and an unknown key suggests the near one")
    func mistakes() throws {
        let error = try #require(throws: CodegenError.self) { try settings("generate:\n  extend: [Social Route]\n") }
        #expect(error.location?.line == 2 && error.location?.column == 12, "\(error)")
        #expect(error.message == "'extend' names 'Social Route', which is not a Swift type name")
        let typo = try #require(throws: CodegenError.self) { try settings("generate:\n  extends: [SocialRoute]\n") }
        #expect(typo.remedy == "did you mean 'extend'?", "\(typo)")
    }

    @Test("navgraph-generate --config with extend: the file declares no enum for the named type, and does for another")
    func commandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navgraph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent(".navgraph.yml")
        try "generate: { extend: [OnboardingRoute] }\n".write(to: config, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Onboarding.navgraph.swift")
        let document = SampleGraphs.directory.appendingPathComponent("Onboarding.navgraph.yaml").path
        #expect(GenerateCommandLine.run([document, "--config", config.path, "--output", output.path]) == 0)
        let swift = try String(contentsOf: output, encoding: .utf8)
        #expect(!swift.contains("enum OnboardingRoute") && swift.contains("extension OnboardingRoute {") && swift.contains("struct Navigators"))
        #expect(GenerateCommandLine.run([document, "--config", config.path, "--type-name", "WelcomeRoute", "--output", output.path]) == 0)
        #expect(try String(contentsOf: output, encoding: .utf8).contains("enum WelcomeRoute: GraphRoute {"))
    }
}
