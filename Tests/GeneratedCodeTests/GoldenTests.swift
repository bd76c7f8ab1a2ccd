import Foundation
import NavGraphTestSupport
import NavigationCodegen
import Testing

/// The generated Swift this target compiles is what the generator writes today. Re-record after
/// an intended change with `NAVGRAPH_RECORD_GENERATED=1 swift test --filter GeneratedCodeTests`,
/// or, when the old files no longer compile, with the generator itself:
/// `swift run navgraph-generate Graphs/Shop.navgraph.yaml --output Tests/GeneratedCodeTests/Generated/ShopRoute.swift`
/// (and the same for `Documents/Hostile.navgraph.yaml` into `HostileNamesRoute.swift`, and
/// `Documents/Profiles.navgraph.yaml` into `ProfilesRoute.swift`, `Graphs/Connect.navgraph.yaml`
/// into `ConnectRoute.swift`, and `Documents/Reroutes.navgraph.yaml` into `ReroutesRoute.swift`),
/// from the repository's root.
@Suite("Generated Swift, golden")
struct GoldenTests {
    static let documents: [(document: String, generated: String)] = [
        ("Graphs/Shop.navgraph.yaml", "Tests/GeneratedCodeTests/Generated/ShopRoute.swift"),
        ("Tests/GeneratedCodeTests/Documents/Hostile.navgraph.yaml", "Tests/GeneratedCodeTests/Generated/HostileNamesRoute.swift"),
        ("Tests/GeneratedCodeTests/Documents/Profiles.navgraph.yaml", "Tests/GeneratedCodeTests/Generated/ProfilesRoute.swift"),
        // An app composed of three features: the feature documents are embedded beside it.
        ("Graphs/Connect.navgraph.yaml", "Tests/GeneratedCodeTests/Generated/ConnectRoute.swift"),
        // A transition that reroutes, and deep links that request their route.
        ("Tests/GeneratedCodeTests/Documents/Reroutes.navgraph.yaml", "Tests/GeneratedCodeTests/Generated/ReroutesRoute.swift"),
    ]

    @Test("the committed generated files match a fresh generation byte for byte", arguments: documents.map(\.document))
    func golden(document: String) throws {
        let root = SampleGraphs.repositoryRoot
        let generatedPath = try #require(Self.documents.first { $0.document == document }).generated
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let fresh = try SwiftGenerator().generate(documentText: text, origin: document)
        let committed = root.appendingPathComponent(generatedPath)
        if ProcessInfo.processInfo.environment["NAVGRAPH_RECORD_GENERATED"] == "1" {
            try Data(fresh.utf8).write(to: committed, options: .atomic)
            return
        }
        let expected = try Data(contentsOf: committed)
        #expect(expected == Data(fresh.utf8), "\(generatedPath) differs from a fresh generation; re-record with NAVGRAPH_RECORD_GENERATED=1 if intended")
    }

    @Test("generating twice gives the same bytes, for every sample graph", arguments: SampleGraphs.names)
    func deterministic(file: String) throws {
        let text = try String(contentsOf: SampleGraphs.directory.appendingPathComponent(file), encoding: .utf8)
        let generator = SwiftGenerator(options: .init(access: .public))
        #expect(try generator.generate(documentText: text, origin: "Graphs/\(file)") == (try generator.generate(documentText: text, origin: "Graphs/\(file)")))
    }
}
