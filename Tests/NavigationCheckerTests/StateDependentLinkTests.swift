import NavigationChecker
import NavigationCore
import NavigationGraph
import Testing

/// Deep links whose expected outcome depends on the state, and links that push onto the
/// current tab, explored by the explicit engine through the runtime's pipeline.
@Suite("Deep links by state, and plans that push")
struct StateDependentLinkTests {
    /// A two-tab social app: `/@:user` pushes the profile onto the current tab, and is refused
    /// while signed out. `expect` is the sample's expectation as written in the document.
    private static func graph(expect: String, mode: String = "push", stack: String = "[account]", invariant: String = "true")
        throws -> NavigationGraph<DynamicRoute> {
        try GraphDocument.load("""
            navgraph: 1
            name: Social
            tabs: [{ name: home, root: timeline }, { name: inbox, root: inbox }]
            flags: { signedIn: false }
            routes:
              timeline: {}
              inbox: {}
              status: {}
              account: { params: { user: [alice] } }
            events:
              login: { when: not signedIn, set: { signedIn: true } }
              logout: { when: signedIn, set: { signedIn: false } }
            transitions:
              - { from: timeline, to: status }
            deepLinks:
              schemes: [social]
              links:
                - pattern: /@:user
                  route: account
                  stack: \(stack)
                  mode: \(mode)
                  requires: signedIn
                  whenUnmet: reject
                  samples: [{ url: "social://@alice", expect: \(expect) }]
            invariants:
              checked: \(invariant)
            bounds: { maxStackDepth: 3, maxModalDepth: 1 }

            """, origin: "Social.navgraph.yaml")
    }

    private static func deepLinks(_ result: CheckResult<DynamicRoute>) throws -> PropertyVerdict<DynamicRoute> {
        try #require(result.verdicts.first { $0.kind == .deepLinks })
    }

    @Test("an expectation by state passes where one outcome cannot: rejected signed out, planned signed in")
    func byState() throws {
        let stateful = try Checker(try Self.graph(expect: "[{ when: signedIn, outcome: plan }, { outcome: rejected }]")).run()
        #expect(try Self.deepLinks(stateful).status == .passed)
        // Either single outcome is wrong in half of the states.
        for single in ["plan", "rejected"] {
            #expect(try Self.deepLinks(try Checker(try Self.graph(expect: single)).run()).status == .failed, "\(single)")
        }
    }

    @Test("a wrong expectation by state fails naming the case that held, at launch or after the steps that reach it", arguments: [
        ("[{ when: signedIn, outcome: rejected }, { outcome: rejected }]", "social://@alice is declared rejected (when signedIn) but navigated", 2),
        ("[{ when: not signedIn, outcome: plan }, { outcome: rejected }]",
         "social://@alice is declared plan (when not signedIn) but opening it at launch gives rejected", 1),
    ])
    func wrongCase(expect: String, message: String, steps: Int) throws {
        let verdict = try Self.deepLinks(try Checker(try Self.graph(expect: expect)).run())
        #expect(verdict.status == .failed)
        #expect(verdict.message.contains(message), "\(verdict.message)")
        #expect(verdict.trace?.steps.compactMap(\.action).count == steps, "sign in (when needed), then open the link")
    }

    /// The document's routes as an app's enum, as generated code types a document.
    private enum SocialRoute: GraphRoute {
        case timeline, inbox, status, account(user: String)
        var graphName: String {
            switch self {
            case .timeline: "timeline"
            case .inbox: "inbox"
            case .status: "status"
            case .account: "account"
            }
        }
        var graphArguments: [DynamicRoute.Argument] {
            if case .account(let user) = self { [DynamicRoute.Argument(name: "user", value: user)] } else { [] }
        }
        static let graphSamples: [SocialRoute] = [.timeline, .inbox, .status, .account(user: "alice")]
    }

    @Test("typed over the app's route enum (as generated code runs a document), push plans and expectations by state explore the same")
    func typedDocument() throws {
        let document = try Self.graph(expect: "[{ when: signedIn, outcome: rejected }, { outcome: rejected }]",
                                      invariant: "top == account implies below == timeline")
        let typed = try NavigationGraph<SocialRoute>(document: document) { name, arguments in
            name == "account" ? arguments.first.map { .account(user: $0.value) } : SocialRoute.graphSamples.first { $0.graphName == name }
        }
        #expect(typed.deepLinks?.links.first?.plan.mode == .push)
        let result = try Checker(typed).run()
        #expect(ExportRoundTripTests.outcome(result) == ExportRoundTripTests.outcome(try Checker(document).run()))
        #expect(result.failures.map(\.kind).contains(.deepLinks))
    }

    @Test("a push plan lands on top of the current tab's stack, whichever tab it is; replace rebuilds the stack")
    func pushExplored() throws {
        let expect = "[{ when: signedIn, outcome: plan }, { outcome: rejected }]"
        // Pushed: the profile can sit on status, on inbox, or on another profile.
        let pushed = try Checker(try Self.graph(expect: expect, invariant: "top == account implies below == timeline")).run()
        let failure = try #require(pushed.failures.first { $0.name == "checked" })
        let last = try #require(failure.trace?.finalState)
        #expect(last.top?.name == "account")
        #expect(last.activeStack.routes.count >= 2)
        #expect(try Self.deepLinks(pushed).status == .passed)
        let states = Set(try Checker(try Self.graph(expect: expect)).stateGraph(maxStates: 10_000).states.map { $0.activeStack.routes.map(\.name) })
        #expect(states.contains(["timeline", "status", "account"]))
        #expect(states.contains(["inbox", "account"]))
        // Replaced: always timeline › account.
        let replaced = try Checker(try Self.graph(expect: expect, mode: "replace", stack: "[timeline, account]",
                                                  invariant: "top == account implies below == timeline")).run()
        #expect(replaced.failures.isEmpty, "\(replaced.failures.map(\.message))")
    }
}
