import NavigationChecker
import NavigationCheckerSymbolic
import NavigationCore
import NavigationGraph
import NavGraphTestSupport
import Testing

/// The graph, with `invariants` added: an event step, a guard's redirect and a deep link's
/// plan each write a value that is not its route's first sample.
private func socialGraph(_ invariants: [Invariant<ValueRoute>]) throws -> NavigationGraph<ValueRoute> {
    try NavigationGraph<ValueRoute>("WrittenValues") {
        Root(.timeline)
        Flag("signedIn")
        Guard(.compose, "signedIn", otherwise: .redirect(.login(reason: "compose"), style: .sheet))
        Push(.timeline, .compose)
        Push(.timeline, .settings)
        Event("showAlice", when: .top(is: .timeline), then: [.push(.account(handle: "alice"))])
        DeepLinkSchemes(["social"])
        DeepLink("/statuses/:id",
                 route: { parameters throws(DeepLinkRejection) in .status(id: try parameters.int("id")) },
                 parameters: { if case .status(let id) = $0 { DeepLinkParameters(["id": String(id)]) } else { nil } },
                 stack: [.timeline, .account(handle: "alice"), .status(id: 1)],
                 samples: ["social://statuses/1": .plan])
        Bounds(maxStackDepth: 3, maxModalDepth: 1, maxStates: 10_000)
        for invariant in invariants { invariant }
    }
}

@Suite("Written route values in the checker")
struct WrittenValueCheckTests {
    @Test("the explicit engine reaches the values event steps, redirects and plans write, each by its own action")
    func explicitEngineUsesWrittenValues() throws {
        let graph = try socialGraph([
            Invariant("alice is never on top") { $0.top != .account(handle: "alice") },
            Invariant("the compose login is never shown") { $0.top != .login(reason: "compose") },
            Invariant("no status above alice") { $0.activeStack.routes != [.timeline, .account(handle: "alice"), .status(id: 1)] },
        ])
        let result = try Checker(graph).run()
        func lastAction(_ name: String) -> ExplorerAction? {
            result.verdicts.first { $0.name == name && $0.status == .failed }?.trace?.actions.last
        }
        #expect(lastAction("alice is never on top") == .event(0))
        #expect(lastAction("the compose login is never shown") == .transition(0, sample: 0))
        #expect(lastAction("no status above alice") == .openLink(0))
    }

    @Test("the symbolic engine explores the written values as the explicit engine does")
    func enginesAgree() throws {
        let graph = try socialGraph([Invariant("never an account under a status", "top == status implies not (stack contains account)")])
        let explicit = try GraphCheck.run(graph, engine: .explicit)
        let symbolic = try GraphCheck.run(graph, engine: .symbolic)
        #expect(explicit.stateCount == symbolic.stateCount)
        #expect(explicit.transitionCount == symbolic.transitionCount)
        #expect(explicit.result.verdicts.map(\.status) == symbolic.result.verdicts.map(\.status))
        let failure = try #require(symbolic.result.failures.first { $0.name == "never an account under a status" })
        #expect(failure.trace?.finalState?.activeStack.routes == [.timeline, .account(handle: "alice"), .status(id: 1)])
    }
}
