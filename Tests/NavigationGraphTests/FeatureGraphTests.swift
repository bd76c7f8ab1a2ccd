import Foundation
import Testing
import NavigationCore
import NavigationGraph

/// Feature graphs: documents included under `features:`, composed into one flat graph.
@Suite("Feature graphs")
struct FeatureGraphTests {
    /// A folder of documents written for one test, removed when the test ends.
    final class Folder {
        let path: String

        init(_ files: [String: String]) throws {
            path = NSTemporaryDirectory() + "navgraph-features-" + UUID().uuidString
            for (name, text) in files {
                let file = path + "/" + name
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        func load(_ name: String = "App.navgraph.yaml") throws(GraphDocumentError) -> NavigationGraph<DynamicRoute> {
            let file = path + "/" + name
            let bytes = FileManager.default.contents(atPath: file).map { Array($0) } ?? []
            return try GraphDocument.load(bytes: bytes, origin: file)
        }

        /// The error loading `name` throws, or `nil` when it loads.
        func error(_ name: String = "App.navgraph.yaml") -> GraphDocumentError? {
            do { _ = try load(name); return nil } catch { return error }
        }
    }

    static let people = """
        navgraph: 1
        name: People
        root: list
        entries: [list, detail]
        exits: [done, openProfile]
        flags: { signedIn: false }
        routes:
          list:
          detail: { requires: signedIn, otherwise: { redirect: done, style: push } }
          edit:
        transitions:
          - { from: list, to: detail }
          - { from: detail, to: edit, when: "top == detail" }
          - { from: edit, to: done }
          - { from: detail, to: openProfile, style: sheet }
        """

    static func app(wiring: String = "{ done: home, openProfile: settings.profile }", transitions: String = "  - { from: home, to: people.list }") -> String {
        """
        navgraph: 1
        name: App
        root: home
        flags: { signedIn: false }
        features:
          people: { file: People.navgraph.yaml, exits: \(wiring) }
          settings: { file: Settings.navgraph.yaml, exits: { close: home } }
        routes:
          home:
        transitions:
        \(transitions)
        """
    }

    static let settings = """
        navgraph: 1
        name: Settings
        root: main
        entries: [main, profile]
        exits: [close]
        routes:
          main:
          profile:
        transitions:
          - { from: main, to: profile }
          - { from: profile, to: close }
        """

    static func folder(app: String = app(), people: String = people) throws -> Folder {
        try Folder(["App.navgraph.yaml": app, "People.navgraph.yaml": people, "Settings.navgraph.yaml": settings])
    }

    @Test("a feature's routes are qualified by its name and its exits lead where the app wires them")
    func composition() throws {
        let graph = try Self.folder().load()
        #expect(graph.routes.map(\.name) == ["home", "people.list", "people.detail", "people.edit", "settings.main", "settings.profile"])
        let edges = graph.transitions.map { "\($0.from)->\($0.to)" }
        #expect(edges == ["home->people.list", "people.list->people.detail", "people.detail->people.edit", "people.edit->home",
                          "people.detail->settings.profile", "settings.main->settings.profile", "settings.profile->home"])
        #expect(graph.transitions.first { $0.to == "settings.profile" }?.style == .sheet)
        #expect(graph.route(named: "people.detail")?.samples == [DynamicRoute("people.detail")])
        #expect(graph.flags.map(\.name) == ["signedIn"], "flags are shared by name")
    }

    @Test("route names in a feature's conditions and guard redirects are qualified too")
    func conditionsQualified() throws {
        let graph = try Self.folder().load()
        let transition = try #require(graph.transitions.first { $0.from == "people.detail" && $0.to == "people.edit" })
        #expect(transition.condition?.expression?.routeNames.map(\.text) == ["people.detail"])
        #expect(transition.condition?.text == "top == people.detail")
        let detail = try #require(graph.route(named: "people.detail"))
        #expect(detail.entryGuard?.otherwise == .redirect(to: "home", style: .push), "the guard redirects to the exit, wired to home")
    }

    @Test("the composed graph runs: a qualified name is an ordinary route, and a condition can name one")
    func composedRuns() throws {
        let graph = try Self.folder().load()
        let state = try graph.initialState()
        #expect(state.top?.name == "home")
        let condition = try Condition.parse("top == people.detail or count(people.list) > 0")
        #expect(condition.routeNames.map(\.text) == ["people.detail", "people.list"])
    }

    @Test("a feature document loads alone, its exits terminal stub routes")
    func featureAlone() throws {
        let graph = try Self.folder().load("People.navgraph.yaml")
        #expect(graph.routes.map(\.name) == ["list", "detail", "edit", "done", "openProfile"])
        #expect(!graph.transitions.contains { $0.from == "done" || $0.from == "openProfile" }, "an exit stub has no way out")
        #expect(graph.transitions.contains { $0.from == "edit" && $0.to == "done" })
    }

    @Test("an exit not wired is an error naming the exit, its feature and where it is declared")
    func unwiredExit() throws {
        let error = try #require(try Self.folder(app: Self.app(wiring: "{ done: home }")).error())
        #expect(error.message.contains("exit 'openProfile'"))
        #expect(error.message.contains("People.navgraph.yaml:5:"))
        #expect(error.message.contains("feature 'people' is not wired"))
        #expect(error.file.hasSuffix("App.navgraph.yaml"))
        #expect(error.location?.line == 6)
    }

    @Test("wiring an unknown exit, or to a route that is neither the app's nor an entry, is an error")
    func unknownWiring() throws {
        let unknownExit = try #require(try Self.folder(app: Self.app(wiring: "{ done: home, openProfile: home, finish: home }")).error())
        #expect(unknownExit.message.contains("feature 'people' has no exit 'finish'"))
        #expect(unknownExit.location?.line == 6)
        let notEntry = try #require(try Self.folder(app: Self.app(wiring: "{ done: home, openProfile: settings.nowhere }")).error())
        #expect(notEntry.message.contains("wired to 'settings.nowhere'"))
        #expect(notEntry.remedy.contains("settings.main, settings.profile"))
    }

    @Test("the app may enter a feature only at an entry, and leave it only through an exit")
    func boundaries() throws {
        let intoEdit = try #require(try Self.folder(app: Self.app(transitions: "  - { from: home, to: people.edit }")).error())
        #expect(intoEdit.message.contains("enters feature 'people' at a route that is not one of its entries (people.list, people.detail)"))
        #expect(intoEdit.location?.line == 11)
        let rootInside = try #require(try Self.folder(app: Self.app().replacingOccurrences(of: "root: home", with: "root: people.edit")).error())
        #expect(rootInside.message.contains("root 'people.edit' is a route of feature 'people' that is not one of its entries"))
        #expect(rootInside.location == SourceLocation(line: 3, column: 7))
        let outOfDetail = try #require(try Self.folder(app: Self.app(transitions: "  - { from: people.detail, to: home }")).error())
        #expect(outOfDetail.message.contains("leaves feature 'people' other than through one of its exits"))
    }

    @Test("a feature file outside the including document's folder is refused")
    func pathEscapes() throws {
        let folder = try Folder([
            "app/App.navgraph.yaml": """
                navgraph: 1
                name: App
                root: home
                features:
                  people: { file: ../People.navgraph.yaml }
                routes: { home: }
                """,
            "People.navgraph.yaml": "navgraph: 1\nname: People\nroot: list\nroutes: { list: }\n",
        ])
        let error = try #require(folder.error("app/App.navgraph.yaml"))
        #expect(error.message.contains("outside this document's folder"))
        #expect(error.location == SourceLocation(line: 5, column: 19))
        let absolute = try Folder(["App.navgraph.yaml": "navgraph: 1\nname: App\nroot: home\nfeatures: { people: { file: /etc/passwd } }\nroutes: { home: }\n"])
        #expect(absolute.error()?.message.contains("is not a relative path") == true)
    }

    @Test("features that include each other are a cycle, named with its files")
    func cycle() throws {
        let folder = try Folder([
            "App.navgraph.yaml": "navgraph: 1\nname: App\nroot: home\nfeatures: { a: { file: A.navgraph.yaml } }\nroutes: { home: }\n",
            "A.navgraph.yaml": "navgraph: 1\nname: A\nroot: a\nfeatures: { b: { file: B.navgraph.yaml } }\nroutes: { a: }\n",
            "B.navgraph.yaml": "navgraph: 1\nname: B\nroot: b\nfeatures: { a: { file: A.navgraph.yaml } }\nroutes: { b: }\n",
        ])
        let error = try #require(folder.error())
        #expect(error.message.contains("A.navgraph.yaml → B.navgraph.yaml → A.navgraph.yaml"))
        #expect(error.file.hasSuffix("B.navgraph.yaml"), "the error is in the file that closes the cycle")
        #expect(error.location?.line == 4)
    }

    @Test("a feature nested in a feature is qualified by both names")
    func nested() throws {
        let folder = try Folder([
            "App.navgraph.yaml": "navgraph: 1\nname: App\nroot: a.a\nfeatures: { a: { file: A.navgraph.yaml } }\nroutes: { home: }\n",
            "A.navgraph.yaml": "navgraph: 1\nname: A\nroot: a\nentries: [a]\nfeatures: { b: { file: B.navgraph.yaml } }\nroutes: { a: }\ntransitions:\n  - { from: a, to: b.b }\n",
            "B.navgraph.yaml": "navgraph: 1\nname: B\nroot: b\nroutes: { b: }\n",
        ])
        let graph = try folder.load()
        #expect(graph.routes.map(\.name) == ["home", "a.a", "a.b.b"])
        #expect(graph.transitions.map(\.to) == ["a.b.b"])
    }

    @Test("a feature cannot declare tabs, events, deep links or bounds, and flags must agree")
    func refusedInFeatures() throws {
        let tabs = try Self.folder(people: Self.people + "\nbounds: { maxStackDepth: 3 }\n").error()
        #expect(tabs?.message.contains("a feature graph cannot declare 'bounds'") == true)
        #expect(tabs?.file.hasSuffix("People.navgraph.yaml") == true)
        let flags = try Self.folder(people: Self.people.replacingOccurrences(of: "signedIn: false", with: "signedIn: true")).error()
        #expect(flags?.message.contains("flag 'signedIn' starts false here and true in feature 'people'") == true)
    }

    @Test("exits and entries are checked in the feature's own document")
    func exitDeclarations() throws {
        let clash = try Self.folder(people: Self.people.replacingOccurrences(of: "exits: [done, openProfile]", with: "exits: [done, openProfile, edit]")).error("People.navgraph.yaml")
        #expect(clash?.message.contains("exit 'edit' has the name of a route") == true)
        let leaving = try Self.folder(people: Self.people + "\n  - { from: done, to: list }\n").error("People.navgraph.yaml")
        #expect(leaving?.message.contains("a transition leaves exit 'done'") == true)
        let entry = try Self.folder(people: Self.people.replacingOccurrences(of: "entries: [list, detail]", with: "entries: [list, nowhere]")).error("People.navgraph.yaml")
        #expect(entry?.message.contains("entry 'nowhere' is not a route") == true)
    }

    @Test("a document's own route cannot contain '.', which only qualifies a feature's routes")
    func dotInRouteName() {
        #expect {
            try GraphDocument.load("navgraph: 1\nname: App\nroot: home\nroutes: { home: , people.list: }\n")
        } throws: { error in
            let error = error as? GraphDocumentError
            return error?.location == SourceLocation(line: 4, column: 19) && error?.remedy.contains("'people_list'") == true
        }
    }

    @Test("a feature file that is a folder is refused before it is read")
    func notARegularFile() throws {
        let folder = try Folder([
            "App.navgraph.yaml": "navgraph: 1\nname: App\nroot: home\nfeatures: { a: { file: sub } }\nroutes: { home: }\n",
            "sub/x.txt": "",
        ])
        #expect(folder.error()?.message.contains("is not a regular file") == true)
    }

    @Test("a feature's entry the app never leads to is an unreachable route, named with its feature")
    func entryNeverReached() throws {
        let findings = GraphLinter.lint(try Self.folder().load()).filter { $0.rule == "unreachable-route" }
        #expect(findings.map(\.message) == ["route 'settings.main' of feature 'settings' cannot be reached: no transition, event, guard or deep link leads to it"])
    }

    @Test("a document read from text cannot include features")
    func noFile() {
        #expect(throws: GraphDocumentError.self) {
            try GraphDocument.load("navgraph: 1\nname: App\nroot: home\nfeatures: { a: { file: A.navgraph.yaml } }\nroutes: { home: }\n")
        }
    }
}
