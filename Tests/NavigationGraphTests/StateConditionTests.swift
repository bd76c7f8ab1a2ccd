import NavigationCore
import NavigationGraph
import Testing

/// The atoms that read past the active stack and the topmost modal: any tab's stack, any open
/// modal, the route below the top; and the deep-link forms that depend on state.
@Suite("Conditions over every tab, every modal and the route below the top")
struct StateConditionTests {
    private static let home = TabID("home")
    private static let inbox = TabID("inbox")

    /// `home`: timeline › status › account, not selected; `inbox` selected, under a sheet
    /// presenting compose › draft and a cover presenting login above it.
    private static func state() throws -> NavigationState<DynamicRoute> {
        var state = try NavigationState(tabs: [NavigationTab(id: home, root: DynamicRoute("timeline")),
                                               NavigationTab(id: inbox, root: DynamicRoute("inbox"))], selected: home)
        let engine = NavigationEngine<DynamicRoute>()
        for command: NavigationCommand<DynamicRoute> in [.push(DynamicRoute("status")), .push(DynamicRoute("account")), .selectTab(inbox),
                                                         .present(DynamicRoute("compose"), style: .sheet), .push(DynamicRoute("draft")),
                                                         .present(DynamicRoute("login"), style: .cover)] {
            #expect(engine.apply(command, to: &state) == .success)
        }
        return state
    }

    private static func holds(_ text: String, in state: NavigationState<DynamicRoute>) throws -> Bool {
        try Condition.parse(text).compile(routeName: { (route: DynamicRoute) in route.name })(state)
    }

    @Test("each new atom reads what it names, whatever is selected or on top", arguments: [
        ("stack(home) contains account", true), ("stack(home) contains inbox", false), ("stack(inbox) contains inbox", true),
        ("stack(nowhere) contains account", false), ("stack contains account", false),
        ("modals contains compose", true), ("modals contains draft", true), ("modals contains login", true), ("modal == compose", false),
        ("stack contains draft", false), ("modals contains account", false),
        ("below == timeline", false), ("below != timeline", true),
    ])
    func evaluation(text: String, expected: Bool) throws {
        #expect(try Self.holds(text, in: try Self.state()) == expected)
    }

    @Test("below names the route under the visible one, and nothing at depth 1")
    func below() throws {
        var state = try NavigationState(tabs: [NavigationTab(id: Self.home, root: DynamicRoute("timeline"))], selected: Self.home)
        #expect(try !Self.holds("below == timeline", in: state))
        #expect(try Self.holds("below != timeline", in: state))
        _ = NavigationEngine().apply(.pushAll([DynamicRoute("status"), DynamicRoute("account")]), to: &state)
        #expect(try Self.holds("below == status", in: state))
        #expect(try !Self.holds("below == timeline", in: state))
        // In a modal with navigation, the modal's stack is the active one.
        _ = NavigationEngine().apply(.present(DynamicRoute("compose"), style: .sheet), to: &state)
        #expect(try !Self.holds("below == status", in: state))
        _ = NavigationEngine().apply(.push(DynamicRoute("preview")), to: &state)
        #expect(try Self.holds("below == compose", in: state))
    }

    @Test("the new forms print as they parse, and 'below' and 'modals' stay usable as flag and route names", arguments: [
        "stack(home) contains account", "modals contains compose", "below == timeline", "below != timeline",
        "not stack(home) contains account implies below == status", "below and modals", "top == below", "stack(below) contains modals",
    ])
    func printing(text: String) throws {
        let condition = try Condition.parse(text)
        #expect(condition.description == text)
        #expect(try Condition.parse(condition.description) == condition)
    }

    @Test("names are collected for lint: the tab of stack(t) is a tab, the rest routes")
    func names() throws {
        let condition = try Condition.parse("stack(home) contains account or modals contains compose or below == timeline")
        #expect(condition.tabNames.map(\.text) == ["home"])
        #expect(condition.routeNames.map(\.text) == ["account", "compose", "timeline"])
        #expect(condition.tabNames.first?.location == SourceLocation(line: 1, column: 7))
    }

    @Test("malformed forms say what was expected, where", arguments: [
        ("stack(home contains x", 12, "expected ')' after 'stack(home'"),
        ("stack(home) x", 13, "expected 'contains' after 'stack(home)'"),
        ("stack() contains x", 7, "expected a name after 'stack('"),
        ("modals contains", 16, "expected a name after 'modals contains'"),
        ("below == ", 10, "expected a name after 'below =='"),
    ])
    func errors(text: String, column: Int, message: String) {
        #expect {
            try Condition.parse(text)
        } throws: { error in
            guard let error = error as? ConditionError else { return false }
            return error.location.column == column && error.message.hasPrefix(message)
        }
    }

    @Test("a group's name in the new atoms means any member")
    func groups() throws {
        let expanded = try Condition.parse("stack(home) contains editors and modals contains editors and below == editors")
            .expandingGroups(["editors": ["compose", "reply"]], routes: ["compose", "reply", "timeline"])
        #expect(expanded.description == "(stack(home) contains compose or stack(home) contains reply) and "
                + "(modals contains compose or modals contains reply) and (below == compose or below == reply)")
    }

    // MARK: Documents and lint

    private static func document(_ links: String, tabs: Bool = true) -> String {
        """
        navgraph: 1
        name: Social
        \(tabs ? "tabs: [{ name: home, root: timeline }, { name: inbox, root: inbox }]" : "root: timeline")
        flags: { signedIn: false }
        routes:
          timeline: {}
          inbox: {}
          account: {}
          login: {}
        events:
          login: { when: not signedIn, set: { signedIn: true } }
        transitions:
          - { from: timeline, to: account }
          - { from: inbox, to: login, style: sheet, when: "not stack(home) contains account and not modals contains login" }
        deepLinks:
          schemes: [social]
          links:
        \(links)
        invariants:
          account under timeline: top == account implies below == timeline
        bounds: { maxStackDepth: 3, maxModalDepth: 1 }

        """
    }

    private static let statefulLink = """
            - pattern: /@alice
              route: account
              stack: [account]
              mode: push
              samples:
                - url: social://@alice
                  expect:
                    - { when: signedIn, outcome: plan }
                    - { outcome: rejected }
              requires: signedIn
              whenUnmet: reject
        """

    @Test("a document's expectation by state and push mode load, lint clean and export back to the same")
    func documentForms() throws {
        let graph = try GraphDocument.load(Self.document(Self.statefulLink))
        let link = try #require(graph.deepLinks?.links.first)
        #expect(link.plan.mode == .push)
        #expect(link.samples.first?.expect == .rejected)
        #expect(link.samples.first?.conditional.map(\.condition.text) == ["signedIn"])
        #expect(link.samples.first?.conditional.map(\.outcome) == [.plan])
        #expect(link.samples.first?.expectationText == "when signedIn: plan, otherwise rejected")
        #expect(GraphLinter.lint(graph).isEmpty)
        let exported = try GraphDocument.export(graph)
        #expect(exported.contains("mode: push"))
        #expect(exported.contains("- { when: \"signedIn\", outcome: plan }") || exported.contains("- { when: signedIn, outcome: plan }"))
        #expect(try GraphDocument.export(try GraphDocument.load(exported)) == exported)
    }

    @Test("the JSON Schema accepts push mode and expectations by state, and refuses an unknown mode or an entry without an outcome")
    func schema() throws {
        let checker = try JSONSchemaChecker(schemaText: GraphDocument.jsonSchema)
        #expect(try checker.violations(of: try JSONSchemaChecker.load(yaml: Self.document(Self.statefulLink))) == [])
        for (mode, expect) in [("mode: append", "expect: plan"), ("mode: push", "expect: [{ when: signedIn }]")] {
            let link = "    - { pattern: /a, route: account, stack: [account], \(mode), samples: [{ url: social://a, \(expect) }] }"
            #expect(try !checker.violations(of: try JSONSchemaChecker.load(yaml: Self.document(link))).isEmpty, "\(mode) \(expect)")
        }
    }

    @Test("a review diff shows a link turned to push and a sample's expectation turned to by-state")
    func diff() throws {
        let plain = "    - { pattern: /@alice, route: account, stack: [timeline, account], samples: [{ url: social://@alice, expect: plan }] }"
        let diff = GraphDiff(base: try GraphDocument.load(Self.document(plain)), head: try GraphDocument.load(Self.document(Self.statefulLink)))
        let link = try #require(diff.changes(of: .deepLink).first)
        #expect(link.before == "to account; stack timeline › account; social://@alice expects plan")
        #expect(link.after == "to account; pushes account; requires signedIn, otherwise reject; "
                + "social://@alice expects when signedIn: plan, otherwise rejected")
    }

    @Test("malformed expectations and modes are refused at their line with a remedy", arguments: [
        ("expect: [{ when: signedIn, outcome: plan }]", "the last expectation has a condition", "drop its 'when:'"),
        ("expect: [{ outcome: plan }, { outcome: rejected }]", "missing key 'when'", "add 'when: …'"),
        ("expect: []", "the list of expectations is empty", "{ outcome: rejected }"),
        ("expect: [{ when: signedIn, outcome: planned }, { outcome: rejected }]", "unknown expectation 'planned'", "pending, plan, rejected"),
        ("expect: [{ when: 'top ==', outcome: plan }, { outcome: rejected }]", "does not parse", "name a declared route"),
    ])
    func malformed(expect: String, message: String, remedy: String) {
        let link = "    - { pattern: /a, route: account, stack: [timeline, account], samples: [{ url: social://a, \(expect) }] }"
        #expect {
            try GraphDocument.load(Self.document(link))
        } throws: { error in
            guard let error = error as? GraphDocumentError else { return false }
            return error.message.contains(message) && error.remedy.contains(remedy) && error.location != nil
        }
    }

    @Test("an unknown mode is refused, naming both modes")
    func unknownMode() {
        let link = "    - { pattern: /a, route: account, stack: [account], mode: append }"
        #expect {
            try GraphDocument.load(Self.document(link))
        } throws: { error in
            (error as? GraphDocumentError).map { $0.message.contains("unknown mode 'append'") && $0.remedy.contains("push") } ?? false
        }
    }

    @Test("lint finds undeclared names in the new atoms and in expectation conditions, at their column, and a push that pushes nothing")
    func lint() throws {
        let link = """
                - pattern: /a
                  route: account
                  mode: push
                  samples:
                    - url: social://a
                      expect: [{ when: "stack(hom) contains acount", outcome: plan }, { outcome: rejected }]
            """
        let findings = GraphLinter.lint(try GraphDocument.load(Self.document(link)))
        let summary = findings.map { "\($0.rule) \($0.location.map { "\($0.line):\($0.column)" } ?? "-")" }
        #expect(summary.contains("unknown-tab 23:35"), "\(summary)")
        #expect(summary.contains("unknown-route 23:49"), "\(summary)")
        #expect(findings.contains { $0.rule == "deep-link-plan" && $0.message.contains("names nothing to push") })
        #expect(findings.first { $0.rule == "unknown-tab" }?.remedy.contains("did you mean 'home'?") ?? false)
    }
}
