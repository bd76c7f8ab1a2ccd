import Foundation
import Testing
import NavigationCore
import NavigationGraph

/// Locations in feature documents: lint findings about a feature's declarations point at the
/// feature's file and name the feature; feature documents read from a snapshot (a git revision).
@Suite("Feature locations")
struct FeatureLocationTests {
    typealias Folder = FeatureGraphTests.Folder

    /// The people feature with a transition to a route it does not declare, on line 16.
    static let badPeople = FeatureGraphTests.people + "\n  - { from: list, to: nowhere }\n"

    @Test("a bad edge inside an included feature is found in the feature's file, at its line, and names the feature")
    func badEdgeInFeature() throws {
        let folder = try FeatureGraphTests.folder(people: Self.badPeople)
        let graph = try folder.load()
        let finding = try #require(GraphLinter.lint(graph).first { $0.rule == "unknown-route" })
        let peopleFile = folder.path + "/People.navgraph.yaml"
        #expect(finding.message.contains("'people.nowhere'"))
        #expect(finding.location == SourceLocation(line: 16, column: 5, file: peopleFile))
        #expect(finding.feature == "people")
        // The terminal line is in the feature's file, not the app's.
        let line = finding.formatted(file: graph.origin)
        #expect(line.hasPrefix("\(peopleFile):16:5: error: "), "\(line)")
        #expect(line.contains("(feature people)"))
        // The same declaration linted in the feature's document alone has the same line, no file.
        let alone = try #require(GraphLinter.lint(try folder.load("People.navgraph.yaml")).first { $0.rule == "unknown-route" })
        #expect(alone.location == SourceLocation(line: 16, column: 5))
        #expect(alone.feature == nil)
    }

    @Test("an app invariant named like a feature's (people.x) is the app's: credited by the document it is written in; the name's prefix only without a location")
    func creditByWhereWritten() throws {
        let folder = try FeatureGraphTests.folder(app: FeatureGraphTests.app() + "\ninvariants:\n  people.always: true\n")
        let graph = try folder.load()
        let finding = try #require(GraphLinter.lint(graph).first { $0.rule == "unevaluable-invariant" })
        #expect(finding.message.contains("'people.always'"))
        #expect(finding.location?.file == nil, "written in the app's document")
        #expect(finding.feature == nil)
        let lookup = FeatureLookup(graph)
        #expect(lookup.feature(of: "people.always", declaredAt: finding.location) == nil)
        #expect(lookup.feature(of: "people.always", declaredAt: nil) == "people", "without a location the name is all there is")
        #expect(lookup.feature(of: "home.always", declaredAt: nil) == nil, "a prefix that is no feature")
        let inPeople = SourceLocation(line: 3, column: 3, file: folder.path + "/People.navgraph.yaml")
        #expect(lookup.feature(of: "always", declaredAt: inPeople) == "people", "written in the feature's document, whatever its name")
    }

    @Test("an entry the app never leads to is placed at its declaration in the feature's file")
    func unreachableEntryPlaced() throws {
        let folder = try FeatureGraphTests.folder()
        let finding = try #require(GraphLinter.lint(try folder.load()).first { $0.rule == "unreachable-route" })
        #expect(finding.location == SourceLocation(line: 7, column: 3, file: folder.path + "/Settings.navgraph.yaml"))
        #expect(finding.feature == "settings")
    }

    @Test("the app's own findings have no file and no feature, even about a route of a feature")
    func appFindingsStayInTheApp() throws {
        let folder = try FeatureGraphTests.folder(app: FeatureGraphTests.app(transitions: "  - { from: home, to: people.list }\n  - { from: home, to: people.list }"))
        let duplicate = try #require(GraphLinter.lint(try folder.load()).first { $0.rule == "duplicate-transition" })
        #expect(duplicate.location?.file == nil)
        #expect(duplicate.location?.line == 12)
        #expect(duplicate.feature == nil)
    }

    @Test("a feature's declarations keep their lines: transitions, guards, invariants, flags")
    func declarationsKeepLocations() throws {
        let folder = try FeatureGraphTests.folder()
        let graph = try folder.load()
        let peopleFile = folder.path + "/People.navgraph.yaml"
        #expect(graph.route(named: "people.detail")?.location == SourceLocation(line: 9, column: 3, file: peopleFile))
        #expect(graph.transitions.first { $0.from == "people.list" }?.location?.file == peopleFile)
        #expect(graph.transitions.first { $0.from == "home" }?.location?.file == nil)
        let lookup = FeatureLookup(graph)
        #expect(lookup.names == ["people", "settings"])
        #expect(lookup.feature(at: graph.route(named: "settings.main")?.location) == "settings")
        #expect(lookup.feature(of: "people.detail") == "people")
        #expect(lookup.feature(of: "home") == nil)
    }

    @Test("a deep link enters a feature only at an entry, wherever its plan steps into the feature")
    func deepLinkEntries() throws {
        func links(_ stack: String) -> String {
            FeatureGraphTests.app() + "\ndeepLinks:\n  schemes: [app]\n  links:\n    - { pattern: /edit, route: people.edit, stack: \(stack) }\n"
        }
        let throughEntry = try FeatureGraphTests.folder(app: links("[home, people.list, people.edit]")).load()
        #expect(throughEntry.deepLinks?.links.map(\.routeName) == ["people.edit"])
        let error = try #require(try FeatureGraphTests.folder(app: links("[home, people.edit]")).error())
        #expect(error.message == "deep link '/edit' enters feature 'people' at 'people.edit', which is not one of its entries (people.list, people.detail)")
        #expect(error.location?.line == 15)
        #expect(error.remedy.contains("stack: [people.list, …]"))
    }

    // MARK: Snapshots

    static let snapshot: [String: String] = [
        "Graphs/App.navgraph.yaml": FeatureGraphTests.app().replacingOccurrences(of: "file: People", with: "file: features/People")
            .replacingOccurrences(of: "file: Settings", with: "file: features/../features/Settings"),
        "Graphs/features/People.navgraph.yaml": FeatureGraphTests.people,
        "Graphs/features/Settings.navgraph.yaml": FeatureGraphTests.settings,
    ]

    static func loadSnapshot(_ files: [String: String], _ path: String = "Graphs/App.navgraph.yaml") throws(GraphDocumentError) -> NavigationGraph<DynamicRoute> {
        let source = FeatureSource.snapshot(label: "main~1") { files[$0].map { Array($0.utf8) } }
        return try GraphDocument.load(bytes: Array((files[path] ?? "").utf8), origin: "main~1:\(path)", features: source)
    }

    @Test("features of a document read from a snapshot are read from the same snapshot, named revision:path")
    func snapshotFeatures() throws {
        let graph = try Self.loadSnapshot(Self.snapshot)
        #expect(graph.routes.map(\.name) == ["home", "people.list", "people.detail", "people.edit", "settings.main", "settings.profile"])
        #expect(graph.route(named: "settings.main")?.location?.file == "main~1:Graphs/features/Settings.navgraph.yaml")
    }

    @Test("a snapshot refuses a feature outside the document's folder and names a missing one")
    func snapshotRefusals() throws {
        var outside = Self.snapshot
        outside["Graphs/App.navgraph.yaml"] = Self.snapshot["Graphs/App.navgraph.yaml"]?.replacingOccurrences(of: "features/People", with: "../People")
        #expect(throws: GraphDocumentError.self) { try Self.loadSnapshot(outside) }
        do {
            _ = try Self.loadSnapshot(outside)
        } catch {
            #expect(error.message.contains("outside this document's folder"))
            #expect(error.file == "main~1:Graphs/App.navgraph.yaml")
        }
        var missing = Self.snapshot
        missing["Graphs/features/People.navgraph.yaml"] = nil
        do {
            _ = try Self.loadSnapshot(missing)
            Issue.record("a missing feature document loaded")
        } catch {
            #expect(error.message.contains("is not in main~1 (looked for Graphs/features/People.navgraph.yaml)"), "\(error.message)")
        }
    }
}
