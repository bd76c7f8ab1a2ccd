import NavGraphTestSupport
import Testing
import NavigationCore
import NavigationGraph

@Suite("Lint")
struct GraphLinterTests {
    @Test("every sample graph lints clean, the deliberately buggy one included", arguments: SampleGraphs.names)
    func samplesAreClean(file: String) throws {
        let graph = try SampleGraphs.load(file)
        let findings = GraphLinter.lint(graph)
        #expect(findings.isEmpty, "\(findings.map { $0.formatted(file: graph.origin) })")
    }

    /// A small graph with one problem planted in `extra`.
    func findings(_ extra: String, routes: String = "  home: {}\n  about: {}\n") throws -> [LintFinding] {
        let text = "navgraph: 1\nname: T\nroot: home\nflags:\n  signedIn: false\nroutes:\n\(routes)transitions:\n  - { from: home, to: about }\n\(extra)"
        return GraphLinter.lint(try GraphDocument.load(text, origin: "T.navgraph.yaml"))
    }

    static let rules: [(String, String, String, LintFinding.Severity, Int, Int, String)] = [
        ("a misspelt route in a transition", "  - { from: about, to: hom }\n", "unknown-route", .error, 11, 5, "did you mean 'home'?"),
        ("a misspelt flag in an invariant", "invariants:\n  x: top == about implies signedin\n", "unknown-flag", .error, 12, 27, "did you mean 'signedIn'?"),
        ("an undeclared tab in a condition", "invariants:\n  x: tab == feed implies signedIn\n", "unknown-tab", .error, 12, 13, "declare it under tabs"),
        ("a guard on an undeclared flag", "", "unknown-flag", .error, 8, 22, "declared flags: signedIn"),
        ("a duplicate transition", "  - { from: home, to: about }\n", "duplicate-transition", .warning, 11, 5, "remove one of them"),
        ("an unreachable route", "", "unreachable-route", .warning, 9, 3, "add a transition to it, or remove it"),
        ("a transition out of an unreachable route", "", "dead-transition", .warning, 12, 5, "make 'lost' reachable"),
        ("a constant invariant", "invariants:\n  x: true\n", "unevaluable-invariant", .warning, 12, 6, "state a condition"),
        ("shadowed deep links", "deepLinks:\n  schemes: [t]\n  links:\n    - { pattern: /a/:x, route: about, stack: [home, about] }\n    - { pattern: /a/b, route: about, stack: [home, about] }\n",
         "deep-link-pattern", .error, 15, 7, "fix or reorder"),
        ("a pattern capturing a parameter its route lacks", "deepLinks:\n  schemes: [t]\n  links:\n    - { pattern: /about/:id, route: about, stack: [home, about] }\n",
         "deep-link-parameter", .warning, 14, 7, "remove ':id' from the pattern, or give route 'about' a parameter 'id'"),
    ]

    @Test("deep-link-parameter leaves a trailing wildcard alone: it captures the rest of the path, not a route parameter")
    func wildcardIsNoParameter() throws {
        let found = try findings("deepLinks:\n  schemes: [t]\n  links:\n    - { pattern: /about/*, route: about, stack: [home, about] }\n")
        #expect(!found.contains { $0.rule == "deep-link-parameter" }, "\(found)")
    }

    @Test("each rule fires with its id, severity, location and remedy", arguments: rules)
    func rule(name: String, extra: String, rule: String, severity: LintFinding.Severity, line: Int, column: Int, remedy: String) throws {
        var routes = "  home: {}\n  about: {}\n"
        var extraText = extra
        if name == "a guard on an undeclared flag" { routes = "  home: {}\n  about: { requires: loggedIn }\n" }
        if name == "an unreachable route" { routes = "  home: {}\n  about: {}\n  lost: {}\n" }
        if name == "a transition out of an unreachable route" {
            routes = "  home: {}\n  about: {}\n  lost: {}\n"
            extraText = "  - { from: lost, to: home }\n"
        }
        let findings = try findings(extraText, routes: routes).filter { $0.rule == rule }
        guard let finding = findings.first else {
            Issue.record("\(name): no \(rule) finding")
            return
        }
        #expect(finding.severity == severity, "\(name)")
        #expect(finding.location == SourceLocation(line: line, column: column), "\(name): \(finding)")
        #expect(finding.remedy.contains(remedy), "\(name): \(finding.remedy)")
    }

    @Test("findings print as file:line:column: severity: message [rule]; remedy")
    func format() throws {
        let finding = try findings("  - { from: about, to: hom }\n").first { $0.rule == "unknown-route" }
        #expect(finding?.formatted(file: "T.navgraph.yaml")
            == "T.navgraph.yaml:11:5: error: a transition names route 'hom', which is not declared [unknown-route]; did you mean 'home'?")
    }
}

@Suite("Deep-link pattern problems")
struct DeepLinkPatternProblemTests {
    @Test("a pattern that does not parse is reported for its own problem, not as a pattern that misses the route's parameter")
    func unparsablePatternNamesItsProblem() throws {
        let text = """
        navgraph: 1
        name: T
        root: home
        routes:
          home: {}
          user: { params: { handle: [ada] } }
        transitions:
          - { from: home, to: user }
        deepLinks:
          schemes: [t]
          links:
            - { pattern: "/:x:y", route: user, stack: [home, user] }
        """
        let graph = try GraphDocument.load(text, origin: "T.navgraph.yaml")
        let finding = try #require(GraphLinter.lint(graph).first { $0.rule == "deep-link-pattern" })
        #expect(finding.severity == .error)
        #expect(finding.message.contains("x:y"), "\(finding.message)")
        #expect(!finding.message.contains("does not capture"), "\(finding.message)")
    }
}

@Suite("Invariant names")
struct InvariantNameTests {
    @Test("an invariant may not take a built-in property's name: reports and trace find properties by name")
    func builtInNames() throws {
        let graph = try GraphDocument.load("navgraph: 1\nname: A\nroot: a\nroutes: { a: {} }\ninvariants: { guard bypass: depth <= 2 }\n")
        // The names are the checker's (its property registry); this module only reserves them.
        #expect(!GraphLinter.lint(graph).contains { $0.rule == "invariant-name" })
        let finding = try #require(GraphLinter.lint(graph, reservedPropertyNames: ["guard bypass"]).first { $0.rule == "invariant-name" })
        #expect(finding.severity == .error)
        #expect(finding.location == SourceLocation(line: 5, column: 29))
        #expect(finding.message == "invariant 'guard bypass' has the name of a built-in property")
    }
}
