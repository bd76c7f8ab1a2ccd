import Foundation
import NavigationCore
@testable import NavigationGraph
import Testing

/// A document with several mistakes shows all of them in one load, each at its line with its
/// fix, in document order; a broken entry does not make what names it a second error.
@Suite("Every load error at once")
struct AllLoadErrorsTests {
    static let several = """
        navgraph: 1
        name: Many
        root: home
        routes:
          home: {}
          detail: { presentaton: sheet }
          other: {}
        transitons: []
        transitions:
          - { form: home, to: detail }
          - { from: home, to: other }
          - { from: home, to: detail, style: shet }
          - { from: detail, to: other }
        events:
          signIn: { set: { signedIn: yes please } }
        invariants:
          bad: top == and
          good: depth < 4
        bounds: { maxStackDepth: 0 }
        """

    @Test("seven mistakes in seven places: seven errors, in document order, each at its line and column with its remedy")
    func several() throws {
        let error = try #require(Self.error(Self.several))
        let lines = error.all.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
        #expect(lines == [
            "6:13 routes.detail: unknown key 'presentaton'",
            "8:1 unknown key 'transitons'",
            "10:7 transitions.[0]: unknown key 'form'",
            "12:38 transitions.[2].style: unknown style 'shet'",
            "15:30 events.signIn.set.signedIn: expected true or false",
            "17:15 invariants.bad: condition 'top == and' does not parse: expected a name after 'top ==', found 'and'",
            "19:26 bounds.maxStackDepth: 0 is out of range",
        ].map { $0 }, "\(error.description)")
        #expect(error.all.map(\.remedy).contains("did you mean 'transitions'?"))
        #expect(error.description.split(separator: "\n").count == error.all.count)
        #expect(error.description.split(separator: "\n").allSatisfy { $0.hasPrefix("Many.navgraph.yaml:") && $0.contains(": error: ") })
        // The transitions to the broken route `detail` are read without a second error.
        #expect(!error.description.contains("not a declared route"))
    }

    @Test("a document with one mistake throws exactly the error it threw before, with nothing more")
    func one() throws {
        let error = try #require(Self.error("navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitions:\n  - { from: a, to: a, colour: red }\n"))
        #expect(error.more.isEmpty && error.omitted == 0)
        #expect(error.description == "X.navgraph.yaml:6:23: error: transitions.[0]: unknown key 'colour'; remove it, or use one of the keys allowed here: from, request, reroute, style, to, when, with")
    }

    @Test("past the limit of problems (20), the rest are counted in a last line")
    func capped() throws {
        let items = (0..<30).map { "  - { from: a, to: a, style: s\($0) }" }.joined(separator: "\n")
        let error = try #require(Self.error("navgraph: 1\nname: X\nroot: a\nroutes: {a: {}}\ntransitions:\n\(items)\n"))
        #expect(error.all.count == GraphDocument.maxReportedErrors)
        #expect(error.omitted == 30 - GraphDocument.maxReportedErrors)
        let last = try #require(error.description.split(separator: "\n").last)
        #expect(last == "X.navgraph.yaml: note: 10 more problems not listed; fix these and load the document again")
    }

    @Test("what the rest depends on stops first: an unreadable version or name is the only error")
    func structural() throws {
        let error = try #require(Self.error("navgraph: 7\nname: X\nroot: a\nroutes: {a: {colour: red}}\n"))
        #expect(error.all.count == 1 && error.message.contains("unsupported document version 7"))
    }

    @Test("a feature's problems are listed with its own file, after the including document's")
    func feature() throws {
        let folder = try FeatureGraphTests.Folder([
            "App.navgraph.yaml": "navgraph: 1\nname: App\nroot: home\nfeatures:\n  people: { file: People.navgraph.yaml }\nroutes: { home: {} }\ntransitions:\n  - { from: home, to: home, style: shet }\n",
            "People.navgraph.yaml": "navgraph: 1\nname: People\nroot: list\nroutes: { list: { colour: red }, detail: { owner: [] } }\n",
        ])
        let error = try #require(folder.error())
        let files = error.all.map { ($0.file as NSString).lastPathComponent }
        #expect(files.contains("People.navgraph.yaml"), "\(error.description)")
    }

    static func error(_ text: String) -> GraphDocumentError? {
        let origin = text.contains("name: Many") ? "Many.navgraph.yaml" : "X.navgraph.yaml"
        do { _ = try GraphDocument.load(text, origin: origin); return nil } catch { return error }
    }
}
