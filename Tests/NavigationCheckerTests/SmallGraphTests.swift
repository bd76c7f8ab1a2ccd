import Foundation
import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Graphs small enough to count their states by hand.
@Suite("Hand-counted graphs")
struct SmallGraphTests {
    static func check(_ yaml: String, options: Checker<DynamicRoute>.Options = .init()) throws -> CheckResult<DynamicRoute> {
        try Checker(try GraphDocument.load("navgraph: 1\nname: Small\n" + yaml, origin: "small.yaml"), options: options).run()
    }

    @Test("state counts match hand counts", arguments: [
        // [a], [a b]
        ("root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }]\nbounds: { maxStackDepth: 2 }\n", 2),
        // [a], [a b], [a b b]: b pushes b until depth 3
        ("root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 3 }\n", 3),
        // [a] and [a b], each with f on or off
        ("root: a\nroutes: { a: {}, b: {} }\nflags: { f: false }\nevents: { on: { when: not f, set: { f: true } }, off: { when: f, set: { f: false } } }\ntransitions: [{ from: a, to: b }]\nbounds: { maxStackDepth: 2 }\n", 4),
        // [a], and a sheet s over it
        ("root: a\nroutes: { a: {}, s: {} }\ntransitions: [{ from: a, to: s, style: sheet }]\nbounds: { maxModalDepth: 1 }\n", 2),
        // [a], [a p(1)], [a p(2)], [a p(3)]: a parameterised route is tried with every sample
        ("root: a\nroutes: { a: {}, p: { params: { id: [1, 2, 3] } } }\ntransitions: [{ from: a, to: p }]\nbounds: { maxStackDepth: 2 }\n", 4),
        // tab x selected with [x] or [x p]; tab y selected with x's stack [x] or [x p]
        ("tabs: [{ name: x, root: x }, { name: y, root: y }]\nroutes: { x: {}, y: {}, p: {} }\ntransitions: [{ from: x, to: p }]\nbounds: { maxStackDepth: 2 }\n", 4),
        // [a], [a b] where b replaces itself by c: [a c]
        ("root: a\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: c, style: replace }]\nbounds: { maxStackDepth: 2 }\n", 3),
    ])
    func handCounts(yaml: String, states: Int) throws {
        let result = try Self.check(yaml)
        #expect(result.statistics.states == states)
        #expect(result.statistics.complete)
    }

    @Test("a bound that cuts the search is reported with the successors it cut")
    func boundsReported() throws {
        let result = try Self.check("root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 3 }\n")
        // Only [a b b] has a successor deeper than 3: pushing b again.
        #expect(result.cuts == [BoundCut(bound: .maxStackDepth, limit: 3, successorsCut: 1)])

        let sheets = try Self.check("root: a\nroutes: { a: {}, s: {} }\ntransitions: [{ from: a, to: s, style: sheet }, { from: s, to: s, style: sheet }]\nbounds: { maxModalDepth: 2 }\n")
        #expect(sheets.statistics.states == 3)
        #expect(sheets.cuts == [BoundCut(bound: .maxModalDepth, limit: 2, successorsCut: 1)])
    }

    @Test("progress with a zero interval is reported at every check, at least once a level, with the states so far")
    func progress() throws {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var reports: [CheckProgress] = []
        }
        let yaml = "root: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: b }]\nbounds: { maxStackDepth: 5 }\n"
        let seen = Seen()
        let options = Checker<DynamicRoute>.Options(progress: { report in seen.lock.withLock { seen.reports.append(report) } }, progressInterval: .zero)
        let result = try Self.check(yaml, options: options)
        #expect(result.statistics.states == 5)
        // One report as each level starts: levels 0 to 4, each with the states stored so far.
        #expect(seen.reports.map(\.level) == [0, 1, 2, 3, 4])
        #expect(seen.reports.map(\.states) == [1, 2, 3, 4, 5])
        #expect(seen.reports.allSatisfy { $0.closestBudget.budget == .maxStates || $0.closestBudget.budget == .maxMemory })
        #expect(seen.reports.first?.line.contains("1 states") == true)
    }

    @Test("max states stops the search with a partial result, and undecidable verdicts say so")
    func maxStates() throws {
        let result = try Self.check("root: a\nroutes: { a: {}, b: {}, c: {} }\ntransitions: [{ from: a, to: b }, { from: b, to: c }]\nbounds: { maxStates: 2 }\n")
        #expect(result.statistics.states == 2)
        #expect(!result.statistics.complete)
        #expect(result.cuts.contains { $0.bound == .maxStates && $0.successorsCut == 1 })
        #expect(result.verdicts.first { $0.kind == .routeReachability }?.status == .inconclusive)
    }

    @Test("a cover nothing closes is a trap, found in one step")
    func trap() throws {
        let result = try Self.check("root: a\nroutes: { a: {}, c: {} }\ntransitions: [{ from: a, to: c, style: cover }]\n")
        let verdict = try #require(result.verdicts.first { $0.kind == .noTrap })
        #expect(verdict.status == .failed)
        #expect(verdict.trace?.actions.count == 1)
        let closable = try Self.check("root: a\nroutes: { a: {}, c: {} }\nevents: { close: { when: modal == c, then: dismiss } }\ntransitions: [{ from: a, to: c, style: cover }]\n")
        #expect(closable.verdicts.first { $0.kind == .noTrap }?.status == .passed)
    }

    @Test("guards that redirect to each other are a finding, not a hang")
    func redirectLoop() throws {
        let result = try Self.check("""
            root: a
            routes:
              a: {}
              b: { requires: f, otherwise: { redirect: c } }
              c: { requires: f, otherwise: { redirect: b } }
            flags: { f: false }
            transitions: [{ from: a, to: b }]
            """ + "\n")
        let verdict = try #require(result.verdicts.first { $0.kind == .redirects })
        #expect(verdict.status == .failed, "\(verdict.message)")
        #expect(verdict.trace?.actions.count == 1)
    }

    @Test("a sample URL that does not do what it declares fails the deep-link property")
    func deepLinkExpectation() throws {
        let result = try Self.check("""
            root: a
            routes: { a: {}, b: {} }
            transitions: [{ from: a, to: b }]
            deepLinks:
              schemes: [app]
              links:
                - pattern: /b
                  route: b
                  stack: [a, b]
                  samples: [{ url: "app://b", expect: plan }, { url: "app://nothing", expect: plan }]
            """ + "\n")
        let verdict = try #require(result.verdicts.first { $0.kind == .deepLinks })
        #expect(verdict.status == .failed)
        #expect(verdict.message.contains("app://nothing"), "\(verdict.message)")
    }

    @Test("a planned link a guard refuses does not land, and that is a finding")
    func linkThatDoesNotLand() throws {
        let result = try Self.check("""
            root: a
            routes: { a: {}, b: { requires: f } }
            flags: { f: false }
            deepLinks:
              schemes: [app]
              links:
                - { pattern: /b, route: b, stack: [a, b], samples: [{ url: "app://b", expect: plan }] }
            """ + "\n")
        let verdict = try #require(result.verdicts.first { $0.kind == .deepLinks })
        #expect(verdict.status == .failed)
        #expect(verdict.message.contains("did not land"), "\(verdict.message)")
    }

    @Test("a graph with lint errors is not explored")
    func lintErrorsStop() throws {
        #expect {
            _ = try Self.check("root: a\nroutes: { a: {} }\ntransitions: [{ from: a, to: nowhere }]\n")
        } throws: { error in
            guard case .lintErrors(let findings, _) = error as? CheckerError else { return false }
            return findings.contains { $0.rule == "unknown-route" }
        }
    }

    @Test("replay refuses an action that is not enabled")
    func replayRefuses() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: S\nroot: a\nroutes: { a: {}, b: {} }\ntransitions: [{ from: a, to: b }]\n", origin: "s.yaml")
        let checker = Checker(graph)
        #expect(try checker.replay([.transition(0, sample: 0), .back]).count == 3)
        #expect(throws: CheckerError.self) { _ = try checker.replay([.back]) }
    }
}
