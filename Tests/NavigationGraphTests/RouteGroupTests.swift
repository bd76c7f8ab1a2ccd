import NavGraphTestSupport
import NavigationCore
import NavigationGraph
import Testing

@Suite("Route groups, wildcard sources and transition values in documents")
struct RouteGroupTests {
    static let document = """
        navgraph: 1
        name: Editors
        root: home
        routes:
          home: {}
          profile: { params: { id: [me, alice] } }
          newStatus: {}
          reply: {}
          quote: {}
        groups:
          editors: [newStatus, reply, quote]
        transitions:
          - { from: home, to: editors, style: sheet }
          - { from: editors, to: home, when: "stack contains editors" }
          - { from: "*", to: profile, with: { id: me } }
          - { from: profile, to: profile }
        invariants:
          no editor on an editor: "count(newStatus) <= 1"
          an editor is a modal: "top == editors implies modal != none"
        """

    @Test("a group is expanded into one transition per member, in order, remembering the group")
    func expansion() throws {
        let graph = try GraphDocument.load(Self.document)
        let labels = graph.transitions.map { "\($0.from)>\($0.to)" }
        #expect(labels == ["home>newStatus", "home>reply", "home>quote", "newStatus>home", "reply>home", "quote>home",
                           "home>profile", "profile>profile", "newStatus>profile", "reply>profile", "quote>profile", "profile>profile"])
        #expect(graph.transitions[0].targetGroup == "editors")
        #expect(graph.transitions[3].sourceGroup == "editors")
        #expect(graph.transitions[6].sourceGroup == "*")
        #expect(graph.transitions[0].label == "home → newStatus (editors)")
        #expect(graph.groups == [NavigationGraph<DynamicRoute>.Group(name: "editors", members: ["newStatus", "reply", "quote"], location: SourceLocation(line: 11, column: 3))])
        #expect(GraphLinter.lint(graph).filter { $0.severity == .error } == [])
    }

    @Test("a written value is the one route the transition brings in; a route named alone brings in each sample")
    func values() throws {
        let graph = try GraphDocument.load(Self.document)
        let me = DynamicRoute("profile", arguments: [.init(name: "id", value: "me")])
        let alice = DynamicRoute("profile", arguments: [.init(name: "id", value: "alice")])
        let wildcard = try #require(graph.transitions.first { $0.sourceGroup == "*" })
        #expect(graph.targets(of: wildcard) == [me])
        let named = try #require(graph.transitions.first { $0.from == "profile" && $0.sourceGroup == nil })
        #expect(graph.targets(of: named) == [me, alice])
    }

    @Test("a condition naming a group means any member, and reads as written")
    func conditions() throws {
        let graph = try GraphDocument.load(Self.document)
        let invariant = try #require(graph.invariants.last)
        #expect(invariant.condition.text == "top == editors implies modal != none")
        #expect(invariant.condition.expression?.routeNames.map(\.text) == ["newStatus", "reply", "quote"])
        let holds = invariant.condition.compile(routeName: graph.routeName)
        var state = try graph.initialState()
        #expect(holds(state))
        _ = graph.makeExecutor().execute(.push(DynamicRoute("reply")), on: &state)
        #expect(!holds(state), "reply pushed, no modal: the group condition sees the member")
        let negated = try Condition.parse("top != editors").expandingGroups(["editors": ["a", "b"]], routes: [])
        #expect(negated.description == "top != a and top != b")
        let contains = try Condition.parse("stack contains editors").expandingGroups(["editors": ["a", "b"]], routes: ["editors"])
        #expect(contains.description == "stack contains editors", "a declared route wins over a group of the same name")
    }

    static let refusals: [(String, String, String)] = [
        ("groups:\n  editors: []\n", "group 'editors' has no routes", "1"),
        ("groups:\n  editors: [reply, reply]\n", "group 'editors' lists 'reply' twice", "2"),
        ("groups:\n  top: [reply]\n", "group 'top' is a keyword of the condition language", "3"),
        ("groups:\n  editors: [reply]\ntransitions:\n  - { from: home, to: \"*\" }\n", "'*' can only be a transition's source", "4"),
        ("groups:\n  editors: [reply]\ntransitions:\n  - { from: home, to: editors, with: { id: me } }\n", "'with' gives one route's parameter values, and 'editors' is a group", "5"),
        ("transitions:\n  - { from: home, to: profile, with: { id: bob } }\n", "'bob' is not a sample value of parameter 'id' of route 'profile'", "6"),
        ("transitions:\n  - { from: home, to: profile, with: {} }\n", "'with' gives no value for parameter 'id' of route 'profile'", "7"),
        ("transitions:\n  - { from: home, to: reply, with: { id: me } }\n", "route 'reply' has no parameters to give values for", "8"),
        ("transitions:\n  - { from: home, to: profile, with: { name: me } }\n", "unknown key 'name'", "9"),
        ("groups:\n  editors: [reply]\ninvariants:\n  x: \"count(editors) <= 1\"\n", "count(editors) counts one route, and 'editors' is a route group", "10"),
    ]

    @Test("groups, wildcards and values that cannot mean anything are refused where written", arguments: refusals)
    func refused(extra: String, message: String, id: String) {
        let text = "navgraph: 1\nname: X\nroot: home\nroutes:\n  home: {}\n  reply: {}\n  profile: { params: { id: [me, alice] } }\n" + extra
        #expect(performing: { try GraphDocument.load(text) }, throws: { error in
            let described = "\(error)"
            return described.contains(message) && (error as? GraphDocumentError)?.location != nil
        })
    }

    @Test("a run that is not exactly a group's expansion is written transition by transition")
    func partialRunsExpand() throws {
        let graph = try GraphDocument.load(Self.document)
        var transitions = graph.transitions
        transitions.remove(at: 1)   // home → reply: the sheet to editors is no longer the whole group
        var edited = graph
        edited.transitions = transitions
        let text = try GraphDocument.export(edited)
        #expect(text.contains("  - { from: home, to: newStatus, style: sheet }\n  - { from: home, to: quote, style: sheet }\n"), "\(text)")
        let again = try GraphDocument.load(text)
        #expect(again.transitions.map { "\($0.from)>\($0.to)" } == transitions.map { "\($0.from)>\($0.to)" })
    }

    @Test("lint names unknown members, groups named like routes, and transitions over undeclared groups")
    func lint() throws {
        let text = "navgraph: 1\nname: X\nroot: home\nroutes:\n  home: {}\n  reply: {}\ngroups:\n  editors: [reply, repyl]\n  home: [reply]\n"
            + "transitions:\n  - { from: home, to: editors }\n"
        let findings = GraphLinter.lint(try GraphDocument.load(text))
        #expect(findings.contains { $0.rule == "unknown-route" && $0.message == "group 'editors' names route 'repyl', which is not declared" && $0.remedy.contains("reply") }, "\(findings)")
        #expect(findings.contains { $0.message == "the transition home → repyl (editors) names route 'repyl', which is not declared" }, "\(findings)")
        #expect(findings.contains { $0.rule == "group-name" && $0.message == "group 'home' has the name of a route" && $0.location?.line == 9 })

        let typo = "navgraph: 1\nname: X\nroot: home\nroutes:\n  home: {}\n  reply: {}\ngroups:\n  editors: [reply]\n"
            + "transitions:\n  - { from: home, to: editor }\n"
        #expect(GraphLinter.lint(try GraphDocument.load(typo)).contains {
            $0.message == "a transition names route or group 'editor', which is not declared" && $0.remedy == "did you mean 'editors'?"
        })

        let model = NavigationGraph<DynamicRoute>(
            name: "M", routes: [RouteDeclaration(name: "a", samples: [DynamicRoute("a")])], root: "a",
            transitions: [TransitionDeclaration(from: "a", to: "a", sourceGroup: "editors")], routeName: { $0.name })
        #expect(GraphLinter.lint(model).map(\.rule).contains("unknown-group"))
        #expect(GraphLinter.lint(model).first { $0.rule == "unknown-group" }?.message == "the transition a (editors) → a is written over group 'editors', which is not declared")
    }

    @Test("export writes the groups, transitions over groups as written, and each value; the document loads to the same transitions")
    func export() throws {
        let graph = try GraphDocument.load(Self.document)
        let text = try GraphDocument.export(graph)
        #expect(text.contains("groups:\n  editors: [newStatus, reply, quote]\n"))
        #expect(text.contains("""
            transitions:
              - { from: home, to: editors, style: sheet }
              - { from: editors, to: home, when: "stack contains editors" }
              - { from: "*", to: profile, with: { id: me } }
              - { from: profile, to: profile }
            invariants:
            """), "\(text)")
        let again = try GraphDocument.load(text)
        #expect(again.transitions.map { "\($0.from)>\($0.to)>\(again.targets(of: $0))" } == graph.transitions.map { "\($0.from)>\($0.to)>\(graph.targets(of: $0))" })
        #expect(again.invariants.map(\.condition.expression) == graph.invariants.map(\.condition.expression))
        #expect(try GraphDocument.export(again) == text)
    }
}
