import NavigationCore
import NavigationGraph
import Testing

/// `vacuous-property`: a property that would pass without checking anything is a warning, at
/// the condition that makes it so, with the fact that decided it; one that could fail is not.
@Suite("Lint: properties that would pass vacuously")
struct VacuousPropertyLintTests {
    /// The `vacuous-property` findings of a small graph: routes home, about (reachable) and lost
    /// (unreachable); flag signedIn, which only `events` can change; `extra` appended.
    func findings(_ extra: String, events: String = "") throws -> [LintFinding] {
        let text = "navgraph: 1\nname: T\nroot: home\nflags:\n  signedIn: false\nroutes:\n  home: {}\n  about: {}\n  lost: {}\n"
            + "transitions:\n  - { from: home, to: about }\n" + events + extra
        return GraphLinter.lint(try GraphDocument.load(text, origin: "T.navgraph.yaml")).filter { $0.rule == "vacuous-property" }
    }

    static let signIn = "events:\n  signIn: { set: { signedIn: true } }\n  signOut: { set: { signedIn: false } }\n"

    static let vacuous: [(name: String, extra: String, events: Bool, message: String, reason: String, line: Int, column: Int)] = [
        ("an invariant true at every depth", "invariants:\n  deep enough: depth >= 1\n", false,
         "invariant 'deep enough' ('depth >= 1') holds in every state the graph can reach, so it can never fail", "depth >= 1", 13, 16),
        ("an invariant about a route nothing leads to", "invariants:\n  lost needs sign-in: top == lost implies signedIn\n", true,
         "invariant 'lost needs sign-in' ('top == lost implies signedIn') holds in every state", "route 'lost' cannot be reached", 16, 23),
        ("an invariant over a flag nothing changes", "invariants:\n  signed out: not signedIn\n", false,
         "invariant 'signed out' ('not signedIn') holds in every state", "flag 'signedIn' is clear at launch and no event or deep link changes it", 13, 15),
        ("a can-reach property from a route nothing leads to", "properties:\n  back home: { from: top == lost, canReach: top == home }\n", false,
         "property 'back home': its 'from' condition ('top == lost') holds in no state the graph can reach, so the property passes without checking anything",
         "route 'lost' cannot be reached", 13, 22),
        ("a never-until property whose trigger cannot hold", "properties:\n  no about signed in: { after: signedIn, never: top == about }\n", false,
         "property 'no about signed in': its 'after' condition ('signedIn') holds in no state the graph can reach, so it is never armed",
         "flag 'signedIn' is clear at launch", 13, 32),
        ("a never-until property whose forbidden state cannot hold", "properties:\n  never lost: { after: top == about, never: count(lost) > 0 }\n", false,
         "property 'never lost': its 'never' condition ('count(lost) > 0') holds in no state", "route 'lost' cannot be reached, so its count is 0", 13, 45),
        ("a never-until property released everywhere", "properties:\n  p: { after: top == about, never: top == home, until: depth > 0 }\n", false,
         "property 'p': its 'until' condition ('depth > 0') holds in every state the graph can reach", "depth >= 1", 13, 56),
    ]

    @Test("each vacuous property is reported at its condition, with the fact that decides it", arguments: vacuous)
    func reported(name: String, extra: String, events: Bool, message: String, reason: String, line: Int, column: Int) throws {
        let found = try findings(extra, events: events ? Self.signIn : "")
        #expect(found.count == 1, "\(name): \(found)")
        let finding = try #require(found.first)
        #expect(finding.severity == .warning)
        #expect(finding.message.hasPrefix(message), "\(name): \(finding.message)")
        #expect(finding.message.contains(reason), "\(name): \(finding.message)")
        #expect(finding.location == SourceLocation(line: line, column: column), "\(name): \(String(describing: finding.location))")
        #expect(!finding.remedy.isEmpty)
    }

    static let meaningful: [(name: String, extra: String)] = [
        ("an invariant that can fail", "invariants:\n  about needs sign-in: top == about implies signedIn\n"),
        ("a depth limit", "invariants:\n  shallow: depth <= 1\n"),
        ("a can-reach property from a reachable route", "properties:\n  back home: { from: top == about, canReach: top == home }\n"),
        ("a never-until armed by a flag an event sets", "properties:\n  p: { after: signedIn, never: top == about, until: not signedIn }\n"),
        ("an invariant over modals, which lint does not judge", "invariants:\n  x: modal == none or modalDepth >= 1\n"),
        ("a within: over a route", "within:\n  about: 1\n"),
    ]

    @Test("a property that could fail (or that lint cannot judge) is not reported", arguments: meaningful)
    func notReported(name: String, extra: String) throws {
        #expect(try findings(extra, events: Self.signIn).isEmpty, "\(name)")
    }

    @Test("a constant invariant and a condition naming something undeclared are left to their own rules")
    func noDoubleReport() throws {
        #expect(try findings("invariants:\n  x: true\n").isEmpty)
        #expect(try findings("invariants:\n  x: top == nowhere implies signedIn\n").isEmpty)
    }
}
